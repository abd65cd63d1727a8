#if canImport(ImageIO)
import ImageIO

/// AVIF and HEIC files, stills and image sequences, read by the system's ImageIO (`CGImageSource`):
/// the platform codec, present only where ImageIO exists and registered after the pure-Swift
/// codecs. ImageIO composites each frame, so the table (``ImageIOProperties/frameTable(format:compression:options:)``)
/// gives whole-canvas frames that replace one another; everything above the codec (random access,
/// the ``Animator``, progressive loading) works on it as on any other container.
struct ImageIOContainer: ImageContainer {
    let format: ImageFormat
    let table: FrameTable
    private let source: ImageIOSource

    /// Reads the frame table: frame count, sizes, delays, loop count; no pixels.
    init(bytes: ImageBytes, format: ImageFormat, compression: FrameCompression,
         options: DecodingOptions) throws(ZoetropeError) {
        // ImageIO keeps its own copy: the bytes may be a mapping the image lets go of.
        let data = bytes.withView { view in
            unsafe view.withUnsafeBufferPointer { unsafe CFDataCreate(kCFAllocatorDefault, $0.baseAddress, $0.count) }
        }
        guard let data, let image = CGImageSourceCreateWithData(data, nil), CGImageSourceGetCount(image) > 0 else {
            throw ZoetropeError(.malformed, format: format, offset: 0, "ImageIO found no image in the data")
        }
        source = ImageIOSource(image)
        self.format = format
        table = try source.properties(format: format).frameTable(format: format, compression: compression,
                                                                  options: options)
    }

    func decodeFrame(at index: Int) throws(ZoetropeError) -> DecodedFrame {
        let rect = table.frames[index].rect
        try MemoryHeadroom.reserve(MemoryHeadroom.bytes(pixels: rect.width * rect.height),
                                   for: "a \(rect.width)×\(rect.height) frame", format: format, offset: nil)
        guard let pixels = source.premultipliedPixels(at: index, width: rect.width, height: rect.height) else {
            throw ZoetropeError(.malformed, format: format, offset: nil, "ImageIO could not decode frame \(index)")
        }
        var image = RGBAImage(width: rect.width, height: rect.height, pixels: pixels)
        unsafe image.withUnsafeMutablePixels(ImageIOSource.unpremultiply)
        return DecodedFrame(image: image, damage: nil)
    }
}

extension ImageIOContainer {
    /// The registry entry for `format`, recognised by its `ftyp` brands.
    static func codec(_ format: ImageFormat, brands: Set<String>, compression: FrameCompression) -> ImageCodec {
        ImageCodec(name: format.description, sniffedFormat: format, formats: [format],
                   signature: Array("\u{0}\u{0}\u{0}\u{14}ftyp".utf8) + Array(brands.sorted()[0].utf8) + [0, 0, 0, 0],
                   signatureLength: HEIFBrands.signatureLength,
                   recognizes: { HEIFBrands.recognizes($0, brands) },
                   open: { bytes, options throws(ZoetropeError) in
                       try ImageIOContainer(bytes: bytes, format: format, compression: compression, options: options)
                   },
                   repairingChecksums: { $0 }, encoder: nil)
    }
}

/// A `CGImageSource`, used under a lock (decoding may be asked from several threads at once).
private final class ImageIOSource: @unchecked Sendable {
    private let source: CGImageSource
    private let lock = LockedState(())

    init(_ source: CGImageSource) { self.source = source }

    /// The properties the frame table needs, read with ImageIO's keys.
    func properties(format: ImageFormat) -> ImageIOProperties {
        lock.withLock { _ in
            let count = CGImageSourceGetCount(source)
            let file = CGImageSourceCopyProperties(source, nil)
            var frames: [ImageIOProperties.Frame] = []
            var found: (ImageIOProperties.Dictionary, CFDictionary)?
            for index in 0..<count {
                let properties = CGImageSourceCopyPropertiesAtIndex(source, index, nil)
                let animation = properties.flatMap(ImageIOKeys.animationDictionary)
                if index == 0 { found = file.flatMap(ImageIOKeys.animationDictionary) ?? animation }
                frames.append(ImageIOProperties.Frame(
                    width: properties.flatMap { ImageIOKeys.integer($0, kCGImagePropertyPixelWidth) } ?? 0,
                    height: properties.flatMap { ImageIOKeys.integer($0, kCGImagePropertyPixelHeight) } ?? 0,
                    delayTime: animation.flatMap { ImageIOKeys.number($0.1, ImageIOKeys.delay($0.0)) },
                    unclampedDelayTime: animation.flatMap { ImageIOKeys.number($0.1, ImageIOKeys.unclampedDelay($0.0)) },
                    isComplete: CGImageSourceGetStatusAtIndex(source, index) == .statusComplete))
            }
            let canvas = found.flatMap { ImageIOKeys.canvasSize($0.0, $0.1) }
            return ImageIOProperties(dictionary: found?.0, canvasWidth: canvas?.width ?? frames.first?.width ?? 0,
                                     canvasHeight: canvas?.height ?? frames.first?.height ?? 0,
                                     loopCount: found.flatMap { ImageIOKeys.integer($0.1, ImageIOKeys.loopCount($0.0)) },
                                     frames: frames)
        }
    }

    /// Frame `index` drawn into a `width`×`height` sRGB bitmap: RGBA8, premultiplied alpha, top row first.
    func premultipliedPixels(at index: Int, width: Int, height: Int) -> [UInt8]? {
        lock.withLock { _ -> [UInt8]? in
            guard let image = CGImageSourceCreateImageAtIndex(source, index, nil),
                  let space = unsafe CGColorSpace(name: CGColorSpace.sRGB) else { return nil }
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let drawn = unsafe pixels.withUnsafeMutableBytes { buffer -> Bool in
                let info = CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Big.rawValue
                guard let context = unsafe CGContext(data: buffer.baseAddress, width: width, height: height,
                                              bitsPerComponent: 8, bytesPerRow: width * 4, space: space,
                                              bitmapInfo: info) else { return false }
                context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
                return true
            }
            return drawn ? pixels : nil
        }
    }

    /// Premultiplied RGBA8 to straight alpha, in place.
    static func unpremultiply(_ pixels: UnsafeMutableBufferPointer<UInt8>) {
        var offset = 0
        while offset + 3 < pixels.count {
            let alpha = unsafe Int(pixels[offset + 3])
            if alpha != 0 && alpha != 255 {
                for channel in offset..<offset + 3 {
                    unsafe pixels[channel] = UInt8(min(255, (Int(pixels[channel]) * 255 + alpha / 2) / alpha))
                }
            }
            offset += 4
        }
    }
}
#endif
