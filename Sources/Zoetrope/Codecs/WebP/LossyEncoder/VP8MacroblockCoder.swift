/// Codes the macroblocks of one lossy frame in order: forms the predictions, chooses the modes by
/// rate and distortion, quantises, reconstructs as the decoder will, and records the tokens.
///
/// It holds what the mode decisions of one macroblock need: the workspace, the context left by
/// the previous macroblocks, the token model (for rates), the segments' parameters, and scratch
/// copies of the neighbours' "has coefficients" flags that the rate estimates update as blocks
/// are decided.
final class VP8MacroblockCoder {
    let settings: VP8EncoderSettings
    let columns: Int
    let rows: Int
    let workspace = VP8EncoderWorkspace()
    var context: VP8MacroblockContext
    let model: VP8TokenModel
    var segments: [VP8Segment]

    /// The macroblock being coded.
    private(set) var x = 0
    private(set) var y = 0
    var segmentIndex = 0
    /// Whether trellis quantisation is on for the current decisions.
    var usesTrellis = false
    /// Scratch "has coefficients" flags (the context's layout), updated as blocks are decided.
    var topFlags: UnsafeMutablePointer<UInt8> { unsafe workspace.topFlags }
    var leftFlags: UnsafeMutablePointer<UInt8> { unsafe workspace.leftFlags }
    /// Chroma DC error diffusion (nil at the highest qualities): per column U top, U left-over,
    /// V top, V left-over errors, and the left neighbour's.
    var topDiffusion: [Int8]?
    var leftDiffusion: [Int8] = [0, 0, 0, 0]

    init(settings: VP8EncoderSettings, columns: Int, rows: Int, model: VP8TokenModel, segments: [VP8Segment]) {
        self.settings = settings
        self.columns = columns
        self.rows = rows
        self.model = model
        self.segments = segments
        context = VP8MacroblockContext(columns: columns)
        if settings.quality <= 98 { topDiffusion = [Int8](repeating: 0, count: columns * 4) }
    }

    /// The current segment's parameters (a copy: its matrices are shared objects).
    private(set) var segment = VP8Segment()

    /// Moves to macroblock (`x`, `y`), resetting the left context at the start of a row.
    func start(x: Int, y: Int, segment: Int) {
        if x == 0 {
            context.startRow(y)
            for i in 0..<4 { leftDiffusion[i] = 0 }
        }
        self.x = x
        self.y = y
        segmentIndex = segment
        self.segment = segments[segment]
    }

    /// Loads the neighbours' flags into the scratch copies.
    func loadFlags() {
        let top = unsafe topFlags, left = unsafe leftFlags, base = x * 9
        unsafe context.topNonZero.withUnsafeBufferPointer { unsafe (top as UnsafeMutablePointer).update(from: $0.baseAddress! + base, count: 9) }
        unsafe context.leftNonZero.withUnsafeBufferPointer { unsafe (left as UnsafeMutablePointer).update(from: $0.baseAddress!, count: 9) }
    }

    /// Forms the 16×16 luma predictions of `lumaModes` and the chroma predictions of
    /// `chromaModes` (by default all four of each) from the reconstructed edges.
    ///
    /// The context is passed `inout` (one exclusive access): a method called on the class's
    /// stored struct would copy it first, retaining its ten arrays (about 900 instructions a call).
    func makePredictions(lumaModes: Range<Int> = 0..<4, chromaModes: Range<Int> = 0..<4) {
        Self.makePredictions(&context, x: x, y: y, workspace: workspace, lumaModes: lumaModes, chromaModes: chromaModes)
    }

    private static func makePredictions(_ context: inout VP8MacroblockContext, x: Int, y: Int, workspace: VP8EncoderWorkspace,
                                        lumaModes: Range<Int>, chromaModes: Range<Int>) {
        let hasAbove = y > 0, hasLeft = x > 0
        for mode in lumaModes {
            let luma = unsafe workspace.lumaPrediction(mode)
            unsafe context.loadLumaEdges(x: x, into: luma, aboveRight: false)
            unsafe VP8EncoderWorkspace.predict(mode, size: 16, luma, hasAbove: hasAbove, hasLeft: hasLeft)
        }
        for mode in chromaModes {
            let chroma = unsafe workspace.chromaPrediction(mode)
            unsafe context.loadChromaEdges(x: x, into: chroma)
            unsafe VP8EncoderWorkspace.predict(mode, size: 8, chroma, hasAbove: hasAbove, hasLeft: hasLeft)
            unsafe VP8EncoderWorkspace.predict(mode, size: 8, chroma + 16, hasAbove: hasAbove, hasLeft: hasLeft)
        }
    }

    /// Prepares the 4×4 workspace: the macroblock's edges, with the four above-right samples
    /// repeated beside rows 3, 7 and 11 for the right column's blocks (as the decoder does).
    func startSubblocks() {
        unsafe Self.loadSubblockEdges(&context, x: x, into: workspace.subblockLuma)
    }

    private static func loadSubblockEdges(_ context: inout VP8MacroblockContext, x: Int, into block: UnsafeMutablePointer<UInt8>) {
        let stride = VP8EncoderWorkspace.stride
        unsafe context.loadLumaEdges(x: x, into: block, aboveRight: true)
        for row in Swift.stride(from: 3, through: 11, by: 4) {
            unsafe (block + row * stride + 16).update(from: block - stride + 16, count: 4)
        }
    }

    /// Forms the ten 4×4 predictions of luma block `n` from the 4×4 workspace.
    func makeSubblockPredictions(_ n: Int) {
        let target = unsafe workspace.subblockLuma + VP8EncoderWorkspace.lumaBlockOffset(n)
        for mode in 0..<10 {
            unsafe VP8IntraPredictor.predictSubblock(VP8PredictionMode(rawValue: UInt8(mode))!, target)
            unsafe VP8EncoderWorkspace.copy4x4(target, to: workspace.subblockPrediction(mode))
        }
    }

    /// Writes `prediction` plus the inverse DCT of `coefficients` (a 4×4 block) to `destination`.
    /// `hasLevels` false says the coefficients are all zero (the block is its prediction).
    ///
    /// The transform is the decoder's 16-bit-lane variant (libwebp's arithmetic, which dwebp
    /// runs): the same pixels for every block an encoder produces, with 16-bit multiplications
    /// (the 32-bit variant multiplies lane by lane on SSE2: 202 against 165 instructions a block).
    @inline(__always)
    static func reconstruct(_ prediction: UnsafePointer<UInt8>, _ coefficients: UnsafePointer<Int16>,
                            into destination: UnsafeMutablePointer<UInt8>, hasLevels: Bool = true) {
        unsafe VP8EncoderWorkspace.copy4x4(prediction, to: destination)
        if hasLevels { unsafe VP8Transform.addInverseDCT16(coefficients, to: destination) }
    }
}
