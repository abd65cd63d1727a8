import Zoetrope

/// An upper bound of the memory one transcode holds, from the upload's verdict and what is asked:
/// what ``Admission`` reserves for it. The factors were measured (peak RSS growth of
/// `zoetrope thumbnail` and `convert` on stills and animations of 0.1 to 16 megapixels, every
/// output format; see the README) and rounded up.
enum WorkEstimate {
    /// Bytes per source canvas pixel for decoding: the compositor's canvas, the canvas a
    /// disposal restores, a frame's own pixels, the resize's input view (4 bytes each), and
    /// the decoder's tables.
    static let decodeBytesPerPixel = 20
    /// Bytes per output pixel the encoders hold while encoding a frame (WebP's lossless encoder
    /// is the largest: hash chains, entropy images, transforms' planes).
    static func encodeBytesPerPixel(_ format: ImageFormat) -> Int {
        switch format {
        case .webp: return 64
        case .gif: return 24
        case .png, .apng: return 24
        default: return 64 // no encoder (AVIF, HEIC): never an output; the largest figure if one comes
        }
    }

    /// The bytes one request is estimated to hold at most while it runs (its body is counted apart).
    static func bytes(for verdict: UploadVerdict, output: PixelSize, format: ImageFormat, frames: Int) -> Int {
        let canvas = verdict.canvasSize.area, outputPixels = output.area
        // The encoded output is held until it is sent: at most its raw size (lossless formats do
        // not grow incompressible data by more than a few per cent) plus headers.
        let outputBytes = outputPixels * 4 * max(1, frames) * 11 / 10 + 4096
        return canvas * decodeBytesPerPixel + outputPixels * encodeBytesPerPixel(format) + outputBytes + (1 << 20)
    }
}
