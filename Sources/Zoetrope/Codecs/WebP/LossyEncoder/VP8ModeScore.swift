/// The rate–distortion account of a coding choice: distortion (squared error), texture
/// distortion, mode bits, coefficient bits (1/256 bit) and the combined score.
struct VP8ModeScore: Sendable {
    static let unreachable = 0x7f_ffff_ffff_ffff

    var distortion = 0
    var texture = 0
    var header = 0
    var rate = 0
    var score = unreachable
    /// Which blocks code levels (``VP8MacroblockCoder`` masks).
    var nonZero: UInt32 = 0

    /// score = (rate + header)·λ + 256·(distortion + texture).
    @inline(__always)
    mutating func updateScore(lambda: Int) {
        score = (rate + header) &* lambda &+ 256 &* (distortion + texture)
    }

    /// Adds `other`'s account to this one (masks are combined).
    @inline(__always)
    mutating func add(_ other: VP8ModeScore) {
        distortion += other.distortion
        texture += other.texture
        header += other.header
        rate += other.rate
        nonZero |= other.nonZero
        score += other.score
    }
}

/// What was decided for one macroblock: its modes, where its levels are, and its score.
struct VP8MacroblockDecision: Sendable {
    var score = VP8ModeScore()
    var usesSubblocks = false
    /// The 16×16 luma mode (0…3: DC, TM, V, H).
    var lumaMode = 0
    /// The sixteen 4×4 modes, raster order, when ``usesSubblocks``.
    var subblockModes = SIMD16<UInt8>.zero
    /// The chroma mode (0…3).
    var chromaMode = 0
    /// The workspace level set holding the chosen levels.
    var levelSet = 0
    /// The chroma DC errors this macroblock leaves for its neighbours.
    var diffusionErrors = SIMD8<Int8>.zero

    /// Whether the macroblock has no level at all.
    var isEmpty: Bool { score.nonZero == 0 }

    /// The mode of 4×4 block `n` as its neighbours' mode contexts see it (a 16×16 macroblock
    /// counts as sixteen blocks of its mode).
    @inline(__always)
    func contextMode(_ n: Int) -> UInt8 { usesSubblocks ? subblockModes[n] : UInt8(lumaMode) }
}
