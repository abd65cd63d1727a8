@testable import Zoetrope

// The decoders read a `ByteView` of an image's bytes (an array's or a mapped file's); tests build
// their inputs as arrays, and read them through these.

extension VP8Decoder {
    static func readSize(_ bytes: [UInt8], payload: Range<Int>) throws(ZoetropeError) -> PixelSize {
        try ImageBytes(bytes).withView { (view) throws(ZoetropeError) in try readSize(view, payload: payload) }
    }

    static func decode(_ bytes: [UInt8], payload: Range<Int>, upsampling: VP8ChromaUpsampling = .fancy,
                       maxPixels: Int) throws(ZoetropeError) -> VP8DecodedFrame {
        try ImageBytes(bytes).withView { (view) throws(ZoetropeError) in
            try decode(view, payload: payload, upsampling: upsampling, maxPixels: maxPixels)
        }
    }
}

extension VP8LDecoder {
    static func readHeader(_ bytes: [UInt8], payload: Range<Int>) throws(ZoetropeError) -> (size: PixelSize, alphaHint: Bool) {
        try ImageBytes(bytes).withView { (view) throws(ZoetropeError) in try readHeader(view, payload: payload) }
    }

    static func decode(_ bytes: [UInt8], payload: Range<Int>, maxPixels: Int) throws(ZoetropeError) -> VP8LDecodedFrame {
        try ImageBytes(bytes).withView { (view) throws(ZoetropeError) in try decode(view, payload: payload, maxPixels: maxPixels) }
    }
}

extension WebPAlphaDecoder {
    static func decode(_ bytes: [UInt8], payload: Range<Int>, width: Int, height: Int) throws(ZoetropeError) -> [UInt8] {
        try ImageBytes(bytes).withView { (view) throws(ZoetropeError) in
            try decode(view, payload: payload, width: width, height: height)
        }
    }
}

extension CodecRegistry {
    static func open(_ bytes: [UInt8], options: DecodingOptions) throws(ZoetropeError) -> any ImageContainer {
        try open(ImageBytes(bytes), options: options)
    }
}

extension GIFContainer {
    init(bytes: [UInt8], options: DecodingOptions) throws(ZoetropeError) {
        try self.init(bytes: ImageBytes(bytes), options: options)
    }
}

extension PNGContainer {
    init(bytes: [UInt8], options: DecodingOptions) throws(ZoetropeError) {
        try self.init(bytes: ImageBytes(bytes), options: options)
    }
}

extension WebPContainer {
    init(bytes: [UInt8], options: DecodingOptions) throws(ZoetropeError) {
        try self.init(bytes: ImageBytes(bytes), options: options)
    }
}
