/// How a format stores the number of plays, and the most it can store: the inverse of the
/// decoders' ``LoopCountRule``, applied by every encoder.
///
/// - GIF (``LoopCountRule/repetitions``): browsers read the NETSCAPE2.0 count as repetitions after
///   the first play, so forever is 0, one play writes no loop extension, and N plays store N − 1
///   (at most 65 536 plays).
/// - APNG (`num_plays`, at most 2³¹ − 1) and WebP (`ANIM`, at most 65 535) store the plays
///   (``LoopCountRule/plays``): forever is 0, N plays store N.
struct PlayCountRule: Sendable, Hashable {
    /// How the decoders read the stored value back.
    let storage: LoopCountRule
    /// The most plays the format can store (forever aside).
    let maximumPlays: Int

    /// GIF's NETSCAPE2.0 repetitions.
    static let gif = PlayCountRule(storage: .repetitions, maximumPlays: 0x10000)
    /// APNG's `num_plays` (a 31-bit field).
    static let apng = PlayCountRule(storage: .plays, maximumPlays: Int(Int32.max))
    /// WebP's `ANIM` loop count (16 bits).
    static let webp = PlayCountRule(storage: .plays, maximumPlays: 0xFFFF)

    /// The value to store for `playCount`, or `nil` for none (GIF's single play: no extension).
    /// Reading it back with ``storage`` gives `playCount` again.
    /// - Throws: `.invalidArgument` for `format` when the count is below 1 or above
    ///   ``maximumPlays``.
    func stored(_ playCount: PlayCount, format: ImageFormat) throws(ZoetropeError) -> Int? {
        guard let plays = playCount.count else { return 0 }
        guard (1...maximumPlays).contains(plays) else {
            throw ZoetropeError(.invalidArgument, format: format, "play count \(plays) is outside 1…\(maximumPlays)")
        }
        switch storage {
        case .repetitions: return plays == 1 ? nil : plays - 1
        case .plays: return plays
        }
    }

    /// The nearest play count the format can store: a finite count above ``maximumPlays`` becomes
    /// the maximum, one below 1 becomes 1. Converting between formats uses it (a GIF that repeats
    /// 65 535 times plays once more than WebP can say).
    func nearest(_ playCount: PlayCount) -> PlayCount {
        guard let plays = playCount.count else { return .infinite }
        return .finite(min(maximumPlays, max(1, plays)))
    }
}
