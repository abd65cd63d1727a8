/// One distinct image of an ``AnimationSurface`` at one attachment size, shared by every
/// attachment showing it (the same image pasted twice). Its animators play the source image with
/// the attachment's size as their display size, so the frame cache holds attachment-sized frames
/// (the largest size when the image is shown at several); its poster frame is made once at the
/// attachment's size and kept in the surface's poster cache.
final class SurfaceImage: Sendable {
    /// The image read at the attachment's size.
    let image: ScaledImage
    /// The size the attachment was given (its frames fit inside).
    let bounds: PixelSize
    private let posters: PosterCache

    init(_ image: ScaledImage, bounds: PixelSize, posters: PosterCache) {
        self.image = image
        self.bounds = bounds
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

    /// Keeps `frame` as the poster when there is none (frame 0 that playback decoded anyway, at
    /// this attachment's size unless a larger view of the image shares its frames).
    func offerPoster(_ frame: RGBAImage) {
        guard existingPoster == nil else { return }
        posters.keep(frame.size == image.canvasSize ? frame : frame.resized(to: image.canvasSize), for: key)
    }

    /// Forgets the poster: no attachment shows the image any more.
    func discardPoster() {
        posters.remove(key)
    }
}
