/// Encoder of the lossy bitstream of a WebP `VP8 ` chunk: one VP8 key frame (RFC 6386) from
/// Y′CbCr 4:2:0 planes, at a quality and method as libwebp understands them.
enum VP8Encoder {
    /// The largest width or height a VP8 frame header holds.
    static let maximumDimension = 16383

    /// Encodes `planes` as a VP8 key frame (the `VP8 ` chunk payload).
    static func encode(_ planes: VP8SourcePlanes, settings: VP8EncoderSettings) -> [UInt8] {
        precondition((1...maximumDimension).contains(planes.width) && (1...maximumDimension).contains(planes.height),
                     "VP8 frames are 1 to 16383 pixels each way")
        return unsafe VP8FrameEncoder(planes: planes, settings: settings).encode()
    }
}
