/// One distinct image of an ``AnimationSurface`` at one attachment size, shared by every
/// attachment showing it (the same image pasted twice): its frames are read downscaled, so the
/// frame cache holds attachment-sized frames, and its poster frame is made once and kept in the
/// surface's poster cache.
final class SurfaceImage: Sendable {
    /// The image read at the attachment's size.
    let image: ScaledImage
    private let posters: PosterCache

    init(_ image: ScaledImage, posters: PosterCache) {
        self.image = image
        self.posters = posters
    }

    private var key: ObjectIdentifier { ObjectIdentifier(image) }

    /// The poster frame if one is kept (nothing is decoded).
    var existingPoster: RGBAImage? { posters.poster(for: key) }

    /// The poster frame: frame 0 at the attachment's size, decoded when none is kept.
    func makePoster() throws -> RGBAImage {
        if let existing = existingPoster { return existing }
        return posters.keep(try image.frame(at: 0), for: key)
    }

    /// Keeps `frame` as the poster when there is none (frame 0 that playback decoded anyway).
    func offerPoster(_ frame: RGBAImage) {
        posters.keep(frame, for: key)
    }

    /// Forgets the poster: no attachment shows the image any more.
    func discardPoster() {
        posters.remove(key)
    }
}
