/// GIF87a/GIF89a container (placeholder until the decoder lands).
struct GIFContainer: ImageContainer {
    let format = ImageFormat.gif
    let canvasSize: PixelSize
    let frames: [FrameInfo]
    let storedLoopCount: Int?
    let playCount: PlayCount
    let warnings: [ZoetropeError]

    init(bytes: [UInt8], options: DecodingOptions) throws(ZoetropeError) {
        throw ZoetropeError(.unsupportedFormat, format: .gif, offset: 0, "GIF decoding is not implemented yet")
    }

    func decodeFrame(at index: Int) throws(ZoetropeError) -> DecodedFrame {
        throw ZoetropeError(.unsupportedFormat, format: .gif, "GIF decoding is not implemented yet")
    }
}
