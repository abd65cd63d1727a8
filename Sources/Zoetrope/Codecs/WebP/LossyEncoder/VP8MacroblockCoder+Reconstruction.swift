/// Transform, quantisation and reconstruction of a macroblock's blocks for a given mode: the
/// levels to code and the samples the decoder will rebuild from them.
///
/// Level sets (``VP8EncoderWorkspace/levels(_:)``) hold the second-order block at 0, luma block
/// `n` at 16 + 16n and chroma block `k` at 272 + 16k. The returned "non-zero" masks have bit `n`
/// for luma block n, 16 + k for chroma block k and 24 for the second-order block.
extension VP8MacroblockCoder {
    static let lumaLevels = 16
    static let chromaLevels = 16 + 256

    /// Codes the luma with 16×16 prediction `mode` into `destination` (a macroblock buffer).
    func reconstructLuma16(mode: Int, levels: UnsafeMutablePointer<Int16>, into destination: UnsafeMutablePointer<UInt8>) -> UInt32 {
        let prediction = unsafe workspace.lumaPrediction(mode), source = unsafe workspace.source
        let coefficients = unsafe workspace.lumaCoefficients, dc = unsafe workspace.secondOrderCoefficients
        let luma = segment.luma, secondOrder = segment.secondOrder, trellisLambda = segment.lambdaTrellisLuma16
        for n in 0..<16 {
            let offset = VP8EncoderWorkspace.lumaBlockOffset(n)
            unsafe VP8ForwardTransform.dct(source + offset, prediction + offset, into: coefficients + 16 * n)
        }
        unsafe VP8ForwardTransform.wht(coefficients, into: dc)
        var nonZero: UInt32 = unsafe secondOrder.quantizeBlock(dc, levels: levels) ? 1 << 24 : 0
        if usesTrellis {
            loadFlags()
            for n in 0..<16 {
                let context = unsafe Int(topFlags[n & 3] + leftFlags[n >> 2])
                let hasLevels = unsafe VP8Trellis.quantize(coefficients + 16 * n, levels: levels + Self.lumaLevels + 16 * n, type: 0,
                                                    context: context, matrix: luma,
                                                    lambda: trellisLambda, model: model)
                unsafe topFlags[n & 3] = hasLevels ? 1 : 0
                unsafe leftFlags[n >> 2] = hasLevels ? 1 : 0
                if hasLevels { nonZero |= 1 << n }
            }
        } else {
            for n in 0..<16 {
                unsafe coefficients[16 * n] = 0
                if unsafe luma.quantizeBlock(coefficients + 16 * n, levels: levels + Self.lumaLevels + 16 * n) {
                    nonZero |= 1 << n
                }
            }
        }
        unsafe VP8Transform.inverseWHT(dc, into: coefficients)
        for n in 0..<16 {
            let offset = VP8EncoderWorkspace.lumaBlockOffset(n)
            if nonZero & (1 << n) != 0 {
                unsafe Self.reconstruct(prediction + offset, coefficients + 16 * n, into: destination + offset)
            } else {
                // Only the DC (from the second-order block) can be non-zero.
                unsafe VP8EncoderWorkspace.copy4x4(prediction + offset, to: destination + offset, addingDC: coefficients[16 * n])
            }
        }
        return nonZero
    }

    /// Codes luma block `n` with 4×4 prediction `mode` (its prediction already formed) into the
    /// 4×4 block at `destination`, levels into `levels` (16).
    func reconstructSubblock(_ n: Int, mode: Int, levels: UnsafeMutablePointer<Int16>,
                             into destination: UnsafeMutablePointer<UInt8>) -> Bool {
        let prediction = unsafe workspace.subblockPrediction(mode), coefficients = unsafe workspace.subblockCoefficients
        unsafe VP8ForwardTransform.dct(workspace.source + VP8EncoderWorkspace.lumaBlockOffset(n), prediction, into: coefficients)
        let hasLevels: Bool
        if usesTrellis {
            let context = unsafe Int(topFlags[n & 3] + leftFlags[n >> 2])
            hasLevels = unsafe VP8Trellis.quantize(coefficients, levels: levels, type: 3, context: context, matrix: segment.luma,
                                            lambda: segment.lambdaTrellisLuma4, model: model)
        } else {
            hasLevels = unsafe segment.luma.quantizeBlock(coefficients, levels: levels)
        }
        unsafe Self.reconstruct(prediction, coefficients, into: destination, hasLevels: hasLevels)
        return hasLevels
    }

    /// Codes the chroma with prediction `mode` into `destination` (a macroblock buffer), with
    /// the DC error diffusion when it is on (its new errors into `errors`, 6 values).
    func reconstructChroma(mode: Int, levels: UnsafeMutablePointer<Int16>, into destination: UnsafeMutablePointer<UInt8>,
                           errors: UnsafeMutablePointer<Int8>) -> UInt32 {
        let prediction = unsafe workspace.chromaPrediction(mode), source = unsafe workspace.source
        let coefficients = unsafe workspace.chromaCoefficients
        for n in 0..<8 {
            unsafe VP8ForwardTransform.dct(source + VP8EncoderWorkspace.chromaBlockOffset(n),
                                    prediction + VP8EncoderWorkspace.chromaPredictionOffset(n), into: coefficients + 16 * n)
        }
        if topDiffusion != nil { unsafe diffuseChromaErrors(coefficients, errors: errors) }
        var nonZero: UInt32 = 0
        let matrix = segment.chroma
        for n in 0..<8 where unsafe matrix.quantizeBlock(coefficients + 16 * n, levels: levels + Self.chromaLevels + 16 * n) {
            nonZero |= 1 << (16 + n)
        }
        for n in 0..<8 {
            unsafe Self.reconstruct(prediction + VP8EncoderWorkspace.chromaPredictionOffset(n), coefficients + 16 * n,
                             into: destination + VP8EncoderWorkspace.chromaBlockOffset(n), hasLevels: nonZero & (1 << (16 + n)) != 0)
        }
        return nonZero
    }
}
