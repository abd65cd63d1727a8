/// The lossy encoder's per-macroblock buffers, in one allocation that lives as long as a frame's
/// encoding. Every block buffer has the row stride of ``VP8Transform/stride`` (32), so that the
/// decoder's predictors and inverse transforms work on them directly.
///
/// - `source`, `output`, `candidate`: a macroblock's samples laid out as luma (16×16) in
///   columns 0–15 with U (8×8) in columns 16–23 and V in 24–31: the input, the reconstruction
///   chosen so far and one under evaluation.
/// - Prediction slots: each 16×16 luma or 8×8 chroma prediction sits in a slot of its own with
///   the edges around it that the decoder's predictors read (the row above with the above-left
///   and above-right samples, the column to the left), its block at row 1, column 8 (chroma: U
///   at column 8, V at column 24).
/// - The 4×4 workspace: a luma slot in which the chosen 4×4 blocks are reconstructed one by one,
///   so that each block's prediction reads its reconstructed neighbours.
/// - Coefficient and level buffers (16-bit).
@safe final class VP8EncoderWorkspace {
    static let stride = VP8Transform.stride
    /// Offset of a slot's block from the slot's start: one row of edges, 8 columns of margin.
    static let slotOrigin = stride + 8
    static let lumaSlotSize = 17 * stride
    static let chromaSlotSize = 9 * stride
    /// Coefficients and levels of one macroblock: 16 second-order, 16×16 luma, 8×16 chroma.
    static let levelCount = 16 + 256 + 128

    private let bytes: UnsafeMutablePointer<UInt8>
    private let words: UnsafeMutablePointer<Int16>

    let source: UnsafeMutablePointer<UInt8>
    private(set) var output: UnsafeMutablePointer<UInt8>
    private(set) var candidate: UnsafeMutablePointer<UInt8>
    private let lumaSlots: UnsafeMutablePointer<UInt8>
    private let chromaSlots: UnsafeMutablePointer<UInt8>
    /// The 4×4 reconstruction workspace's block origin.
    let subblockLuma: UnsafeMutablePointer<UInt8>
    /// Ten 4×4 predictions: modes 0–7 side by side in rows 0–3, modes 8–9 in rows 4–7.
    let subblockPredictions: UnsafeMutablePointer<UInt8>
    /// Two 4×4 reconstructions (columns 0 and 4): the one under evaluation and the best so far.
    let subblockCandidates: UnsafeMutablePointer<UInt8>
    /// Scratch "has coefficients" flags of the neighbours (9 each, the context's layout), which
    /// the rate estimates update as blocks are decided.
    let topFlags: UnsafeMutablePointer<UInt8>
    let leftFlags: UnsafeMutablePointer<UInt8>

    /// Scratch coefficients: 16 luma blocks, the second-order block, 8 chroma blocks, one 4×4.
    let lumaCoefficients: UnsafeMutablePointer<Int16>
    let secondOrderCoefficients: UnsafeMutablePointer<Int16>
    let chromaCoefficients: UnsafeMutablePointer<Int16>
    let subblockCoefficients: UnsafeMutablePointer<Int16>
    /// Four sets of levels of ``levelCount`` each (second-order, luma, chroma), by index.
    private let levelSets: UnsafeMutablePointer<Int16>

    init() {
        let byteCount = 3 * 16 * Self.stride + 5 * Self.lumaSlotSize + 4 * Self.chromaSlotSize + 12 * Self.stride + 32
        unsafe bytes = .allocate(capacity: byteCount)
        unsafe bytes.initialize(repeating: 0, count: byteCount)
        unsafe source = bytes
        unsafe output = bytes + 16 * Self.stride
        unsafe candidate = bytes + 32 * Self.stride
        unsafe lumaSlots = bytes + 48 * Self.stride
        unsafe subblockLuma = lumaSlots + 4 * Self.lumaSlotSize + Self.slotOrigin
        unsafe chromaSlots = lumaSlots + 5 * Self.lumaSlotSize
        unsafe subblockPredictions = chromaSlots + 4 * Self.chromaSlotSize
        unsafe subblockCandidates = subblockPredictions + 8 * Self.stride
        unsafe topFlags = subblockCandidates + 4 * Self.stride
        unsafe leftFlags = topFlags + 16
        let wordCount = 256 + 16 + 128 + 16 + 4 * Self.levelCount
        unsafe words = .allocate(capacity: wordCount)
        unsafe words.initialize(repeating: 0, count: wordCount)
        unsafe lumaCoefficients = words
        unsafe secondOrderCoefficients = words + 256
        unsafe chromaCoefficients = words + 272
        unsafe subblockCoefficients = words + 400
        unsafe levelSets = words + 416
    }

    deinit {
        unsafe bytes.deallocate()
        unsafe words.deallocate()
    }

    /// The block origin of the 16×16 prediction with `mode` (0…3: DC, TM, V, H).
    @inline(__always)
    func lumaPrediction(_ mode: Int) -> UnsafeMutablePointer<UInt8> {
        unsafe lumaSlots + (mode &* Self.lumaSlotSize &+ Self.slotOrigin)
    }

    /// The U block origin of the chroma prediction with `mode`; V is 16 columns to the right.
    @inline(__always)
    func chromaPrediction(_ mode: Int) -> UnsafeMutablePointer<UInt8> {
        unsafe chromaSlots + (mode &* Self.chromaSlotSize &+ Self.slotOrigin)
    }

    /// The 4×4 prediction with `mode` (0…9).
    @inline(__always)
    func subblockPrediction(_ mode: Int) -> UnsafeMutablePointer<UInt8> {
        unsafe subblockPredictions + ((mode >> 3) &* 4 &* Self.stride &+ (mode & 7) &* 4)
    }

    /// Level set `index` (0…3): 16 second-order levels, then 16 luma blocks, then 8 chroma
    /// blocks, 16 levels each, in coding order.
    @inline(__always)
    func levels(_ index: Int) -> UnsafeMutablePointer<Int16> { unsafe levelSets + index &* Self.levelCount }

    /// Makes the candidate the output (and the old output the next candidate).
    func swapOutput() { unsafe swap(&output, &candidate) }
}

extension VP8EncoderWorkspace {
    /// Offset in a macroblock buffer of luma 4×4 block `n` (raster order).
    @inline(__always)
    static func lumaBlockOffset(_ n: Int) -> Int { (n >> 2) &* 4 &* stride &+ (n & 3) &* 4 }

    /// Offset of chroma 4×4 block `n` (0–3 U, 4–7 V) in a macroblock buffer (U at column 16).
    @inline(__always)
    static func chromaBlockOffset(_ n: Int) -> Int { 16 &+ (n >> 2) &* 8 &+ ((n >> 1) & 1) &* 4 &* stride &+ (n & 1) &* 4 }

    /// Offset of chroma 4×4 block `n` from a prediction slot's U origin (V 16 columns on).
    @inline(__always)
    static func chromaPredictionOffset(_ n: Int) -> Int { (n >> 2) &* 16 &+ ((n >> 1) & 1) &* 4 &* stride &+ (n & 1) &* 4 }

    /// Copies a 4×4 block between stride-32 buffers.
    @inline(__always)
    static func copy4x4(_ source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) {
        for row in 0..<4 {
            let word = unsafe UnsafeRawPointer(source + row &* stride).loadUnaligned(as: UInt32.self)
            unsafe UnsafeMutableRawPointer(destination + row &* stride).storeBytes(of: word, as: UInt32.self)
        }
    }

    /// Copies a 4×4 block between stride-32 buffers, adding the inverse transform of a block
    /// whose only coefficient is `dc` (`(dc + 4) >> 3` to every sample, clamped to 0…255): the
    /// decoder's ``VP8Transform/addInverseDC(_:to:)`` in 16 lanes.
    @inline(__always)
    static func copy4x4(_ source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, addingDC dc: Int16) {
        guard dc != 0 else { return unsafe copy4x4(source, to: destination) }
        @inline(__always) func row(_ r: Int) -> UInt32 { unsafe UnsafeRawPointer(source + r &* stride).loadUnaligned(as: UInt32.self) }
        let block = unsafe unsafeBitCast(SIMD4<UInt32>(row(0), row(1), row(2), row(3)), to: SIMD16<UInt8>.self)
        let value = Int16(truncatingIfNeeded: (Int32(dc) &+ 4) &>> 3)
        let clamped = SIMD16<UInt8>(clamping: SIMD16<Int16>(zeroExtending: block) &+ SIMD16<Int16>(repeating: value))
        let words = unsafe unsafeBitCast(clamped, to: SIMD4<UInt32>.self)
        for r in 0..<4 { unsafe UnsafeMutableRawPointer(destination + r &* stride).storeBytes(of: words[r], as: UInt32.self) }
    }

    /// Forms the whole-block prediction `mode` of a 16×16 luma or 8×8 chroma block at `block`, as
    /// ``VP8IntraPredictor/predictWholeBlock(_:size:_:hasAbove:hasLeft:)`` does (same edges, same
    /// samples), with a row of lanes per step for TrueMotion, vertical and horizontal.
    @inline(__always)
    static func predict(_ mode: Int, size: Int, _ block: UnsafeMutablePointer<UInt8>, hasAbove: Bool, hasLeft: Bool) {
        guard mode != 0 else {
            return unsafe VP8IntraPredictor.predictWholeBlock(.dc, size: size, block, hasAbove: hasAbove, hasLeft: hasLeft)
        }
        if size == 16 { unsafe predict16(mode, block) } else { unsafe predict8(mode, block) }
    }

    /// TrueMotion (1), vertical (2) or horizontal (3) prediction of a 16×16 block.
    private static func predict16(_ mode: Int, _ block: UnsafeMutablePointer<UInt8>) {
        let above = unsafe UnsafeRawPointer(block - stride).loadUnaligned(as: SIMD16<UInt8>.self)
        let base = SIMD16<Int16>(zeroExtending: above) &- Int16(unsafe block[-stride - 1])
        for row in 0..<16 {
            let line = unsafe block + row &* stride, left = unsafe line[-1]
            let samples: SIMD16<UInt8>
            switch mode {
            case 1: samples = SIMD16(clamping: base &+ Int16(left))
            case 2: samples = above
            default: samples = SIMD16(repeating: left)
            }
            unsafe UnsafeMutableRawPointer(line).storeBytes(of: samples, as: SIMD16<UInt8>.self)
        }
    }

    /// TrueMotion (1), vertical (2) or horizontal (3) prediction of an 8×8 block.
    private static func predict8(_ mode: Int, _ block: UnsafeMutablePointer<UInt8>) {
        let above = unsafe UnsafeRawPointer(block - stride).loadUnaligned(as: SIMD8<UInt8>.self)
        let base = SIMD8<Int16>(zeroExtending: above) &- Int16(unsafe block[-stride - 1])
        for row in 0..<8 {
            let line = unsafe block + row &* stride, left = unsafe line[-1]
            let samples: SIMD8<UInt8>
            switch mode {
            case 1: samples = SIMD8(clamping: base &+ Int16(left))
            case 2: samples = above
            default: samples = SIMD8(repeating: left)
            }
            unsafe UnsafeMutableRawPointer(line).storeBytes(of: samples, as: SIMD8<UInt8>.self)
        }
    }

    /// Copies a `width`×`height` block between stride-32 buffers.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        for row in 0..<height { unsafe (destination + row &* stride).update(from: source + row &* stride, count: width) }
    }
}
