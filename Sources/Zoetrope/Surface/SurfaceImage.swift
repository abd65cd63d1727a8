/// One distinct image of an ``AnimationSurface`` at one attachment size, shared by every
/// attachment showing it (the same image pasted twice): its frames are read downscaled, so the
/// frame cache holds attachment-sized frames, and its poster frame is made once.
final class SurfaceImage: Sendable {
    /// The image read at the attachment's size.
    let image: ScaledImage
    private let poster = LockedState<RGBAImage?>(nil)

    init(_ image: ScaledImage) {
        self.image = image
    }

    /// The poster frame if it was made (nothing is decoded).
    var existingPoster: RGBAImage? { poster.withLock { $0 } }

    /// The poster frame: frame 0 at the attachment's size, decoded the first time it is asked for.
    func makePoster() throws -> RGBAImage {
        if let existing = existingPoster { return existing }
        let frame = try image.frame(at: 0)
        return poster.withLock { stored in
            if stored == nil { stored = frame }
            return stored ?? frame
        }
    }

    /// Keeps `frame` as the poster when there is none yet (frame 0 that playback decoded anyway).
    func offerPoster(_ frame: RGBAImage) {
        poster.withLock { if $0 == nil { $0 = frame } }
    }

    /// Bytes held by the poster.
    var posterBytes: Int { poster.withLock { $0?.pixels.count ?? 0 } }
}
