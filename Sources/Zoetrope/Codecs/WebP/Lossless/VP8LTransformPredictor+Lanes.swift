/// Vector paths of the inverse predictor transform: four ARGB pixels (16 bytes) per step, with
/// the standard library's SIMD types at the baseline instruction set.
///
/// The modes that predict from the row above only (0, 2, 3, 4, 8, 9) have no chain from pixel to
/// pixel, so a whole run is done in lanes. Mode 1 (left) is a running byte-wise sum: four pixels
/// are summed within the vector in two shifted additions, then the carried left pixel is added
/// to all four. The other modes depend on the reconstructed left pixel through a non-linear
/// step and stay serial (``VP8LPredictorTransform``).
extension VP8LPredictorTransform {
    /// Four ARGB words seen as 16 bytes.
    typealias Lanes = SIMD16<UInt8>

    @inline(__always)
    private static func load(_ pointer: UnsafeMutablePointer<UInt32>) -> Lanes {
        UnsafeRawPointer(pointer).loadUnaligned(as: Lanes.self)
    }

    @inline(__always)
    private static func store(_ value: Lanes, _ pointer: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: Lanes.self)
    }

    /// Byte-wise floor average, as ``average(_:_:)`` does for one word.
    @inline(__always)
    static func average(_ a: Lanes, _ b: Lanes) -> Lanes {
        (a & b) &+ ((a ^ b) &>> 1)
    }

    /// Adds `predict(above)` to each pixel of `run`, four at a time, where `above` points at the
    /// pixel above the first of the four; the pixels after the last whole four go one by one with
    /// `scalar`, which gets the same pointer.
    ///
    /// Safe in lanes because every pixel read lies in the row above or before the run (the
    /// top-right of a row's last pixel is its own row's first pixel, reconstructed earlier), which
    /// needs `width > 4` so that the top-right of the fourth pixel is not the first.
    @inline(__always)
    private static func addAbovePredictions(_ base: UnsafeMutablePointer<UInt32>, _ run: Range<Int>, width: Int,
                                            lanes predict: (UnsafeMutablePointer<UInt32>) -> Lanes,
                                            scalar: (UnsafeMutablePointer<UInt32>) -> UInt32) {
        var index = run.lowerBound
        while index &+ 4 <= run.upperBound {
            let pixel = base + index
            store(load(pixel) &+ predict(pixel - width), pixel)
            index &+= 4
        }
        while index < run.upperBound {
            let pixel = base + index
            pixel.pointee = vp8lAddPixels(pixel.pointee, scalar(pixel - width))
            index &+= 1
        }
    }

    /// Mode 1: each pixel plus the reconstructed one on its left, a running sum along the run.
    @inline(__always)
    private static func addLeftPredictions(_ base: UnsafeMutablePointer<UInt32>, _ run: Range<Int>) {
        var index = run.lowerBound
        var left = unsafeBitCast(SIMD4<UInt32>(repeating: base[index &- 1]), to: Lanes.self)
        while index &+ 4 <= run.upperBound {
            let pixel = base + index
            let words = unsafeBitCast(load(pixel), to: SIMD4<UInt32>.self)
            // Prefix sums within the vector: shift by one pixel and add, then by two and add.
            let one = unsafeBitCast(words, to: Lanes.self)
                &+ unsafeBitCast(SIMD4<UInt32>(0, words[0], words[1], words[2]), to: Lanes.self)
            let oneWords = unsafeBitCast(one, to: SIMD4<UInt32>.self)
            let two = one &+ unsafeBitCast(SIMD4<UInt32>(0, 0, oneWords[0], oneWords[1]), to: Lanes.self)
            let sum = two &+ left
            store(sum, pixel)
            left = unsafeBitCast(SIMD4<UInt32>(repeating: unsafeBitCast(sum, to: SIMD4<UInt32>.self)[3]), to: Lanes.self)
            index &+= 4
        }
        var leftWord = unsafeBitCast(left, to: SIMD4<UInt32>.self)[0]
        while index < run.upperBound {
            leftWord = vp8lAddPixels(base[index], leftWord)
            base[index] = leftWord
            index &+= 1
        }
    }

    /// Reconstructs `run` in lanes when its mode allows; returns `false` (having done nothing)
    /// for the modes that stay serial, or when the image is too narrow for lanes.
    @inline(__always)
    static func addPredictionsInLanes(mode: UInt32, _ pixels: UnsafeMutableBufferPointer<UInt32>, _ run: Range<Int>,
                                      width: Int) -> Bool {
        guard width > 4, let base = pixels.baseAddress else { return false }
        switch mode {
        case 0, 14, 15:
            let black = unsafeBitCast(SIMD4<UInt32>(repeating: opaqueBlack), to: Lanes.self)
            addAbovePredictions(base, run, width: width, lanes: { _ in black }, scalar: { _ in opaqueBlack })
        case 1:
            addLeftPredictions(base, run)
        case 2:
            addAbovePredictions(base, run, width: width, lanes: { load($0) }, scalar: { $0.pointee })
        case 3:
            addAbovePredictions(base, run, width: width, lanes: { load($0 + 1) }, scalar: { $0[1] })
        case 4:
            addAbovePredictions(base, run, width: width, lanes: { load($0 - 1) }, scalar: { $0[-1] })
        case 8:
            addAbovePredictions(base, run, width: width, lanes: { average(load($0 - 1), load($0)) },
                                scalar: { average($0[-1], $0[0]) })
        case 9:
            addAbovePredictions(base, run, width: width, lanes: { average(load($0), load($0 + 1)) },
                                scalar: { average($0[0], $0[1]) })
        default:
            return false
        }
        return true
    }
}
