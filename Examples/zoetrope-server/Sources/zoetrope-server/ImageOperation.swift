import Zoetrope

/// What a `POST /v1/poster`, `/v1/thumbnail` or `/v1/transcode` asks for, read from its query:
/// `format` (gif, png, webp), `width` and `height` (a box to fit in), `frame` (posters: first,
/// middle, representative) and `fps` (thumbnails: the frame rate cap).
struct ImageOperation: Sendable {
    enum Kind: String, Sendable { case poster, thumbnail, transcode }

    var kind: Kind
    var options: TranscodeOptions
    var posterFrame: PosterFrame = .representative

    /// The largest width or height a box may ask for.
    static let maximumSide = 16_384

    /// - Parameter query: the query's parameters (the first of a repeated one).
    init(_ kind: Kind, query: [String: String], timeLimit: Duration) throws {
        self.kind = kind
        let format = try Self.format(query["format"], default: kind == .poster ? .png : .webp)
        let width = try Self.side(query["width"], name: "width")
        let height = try Self.side(query["height"], name: "height")
        var box: PixelSize?
        if width != nil || height != nil {
            box = PixelSize(width: width ?? Self.maximumSide, height: height ?? Self.maximumSide)
        }
        switch kind {
        case .thumbnail:
            options = .thumbnail(fitting: box ?? PixelSize(width: 160, height: 160), format: format, timeLimit: timeLimit)
            if let fps = query["fps"] {
                guard let rate = Int(fps), (1...100).contains(rate) else { throw APIError.badQuery("fps must be 1 to 100") }
                options.maxFrameRate = rate
            }
        case .poster, .transcode:
            options = TranscodeOptions(format: format, fit: box, timeLimit: timeLimit)
        }
        if let frame = query["frame"] {
            guard kind == .poster, let choice = PosterFrame(rawValue: frame) else {
                throw APIError.badQuery("frame is first, middle or representative, for posters only")
            }
            posterFrame = choice
        }
    }

    /// The output's MIME type.
    var contentType: String {
        switch options.format {
        case .gif: return "image/gif"
        case .png, .apng: return "image/png"
        case .webp: return "image/webp"
        default: return "application/octet-stream" // AVIF, HEIC: read through ImageIO on Apple systems; never an output here
        }
    }

    private static func format(_ value: String?, default: ImageFormat) throws -> ImageFormat {
        guard let value else { return `default` }
        switch value {
        case "gif": return .gif
        case "png": return .png
        case "webp": return .webp
        default: throw APIError.badQuery("format is gif, png or webp, not '\(value)'")
        }
    }

    private static func side(_ value: String?, name: String) throws -> Int? {
        guard let value else { return nil }
        guard let side = Int(value), (1...maximumSide).contains(side) else {
            throw APIError.badQuery("\(name) must be a whole number from 1 to \(maximumSide)")
        }
        return side
    }
}
