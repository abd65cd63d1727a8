/// The order of a premultiplied pixel's four bytes in memory.
public enum PremultipliedPixelOrder: Sendable, Hashable, CaseIterable {
    /// B, G, R, A: Core Graphics' 32-bit little-endian, alpha premultiplied first — the layout
    /// iOS and macOS draw without converting.
    case bgra
    /// R, G, B, A: Core Graphics' 32-bit big-endian, alpha premultiplied last.
    case rgba
}

/// A frame converted to premultiplied-alpha pixels in a buffer a platform image can wrap without
/// copying it again (a `CGImage` through a data provider, for instance).
///
/// Each colour channel is multiplied by alpha and rounded to the nearest integer:
/// `round(c × a / 255)`. Rows are `width × 4` bytes with no padding. The buffer never changes after
/// the bitmap is made and stays valid for the bitmap's lifetime, so it may be shared between threads.
@safe public final class PremultipliedBitmap: @unchecked Sendable {
    // @unchecked: `storage` is written only in `init`, then only read.
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The byte order of each pixel.
    public let order: PremultipliedPixelOrder
    /// Whether every pixel has alpha 255 (a view can then skip blending).
    public let isOpaque: Bool
    /// The number of bytes of pixels: `bytesPerRow × height`.
    public let byteCount: Int
    /// At least one byte, so that ``baseAddress`` exists even for an empty bitmap.
    private let storage: UnsafeMutableRawBufferPointer

    /// Converts `image` (straight alpha), or the part of it inside `crop`, clipped to the image.
    public init(_ image: RGBAImage, order: PremultipliedPixelOrder = .bgra, crop: PixelRect? = nil) {
        let area = crop.map { PixelRect(x: 0, y: 0, width: image.width, height: image.height).intersection($0) }
            ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        width = area.width
        height = area.height
        self.order = order
        byteCount = area.area * 4
        unsafe storage = .allocate(byteCount: max(byteCount, 1), alignment: 16)
        isOpaque = unsafe Self.convert(image, area: area, order: order, into: storage)
    }

    /// Converts the part of `frame` it shows (all of it, or its ``DisplayFrame/contentsRect``).
    public convenience init(_ frame: DisplayFrame, order: PremultipliedPixelOrder = .bgra) {
        self.init(frame.image, order: order, crop: frame.contentsRect)
    }

    deinit {
        unsafe storage.deallocate()
    }

    /// Bytes in one row: `width × 4`.
    public var bytesPerRow: Int { width * 4 }

    /// The size of the bitmap.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The first byte of the pixels (`bytesPerRow × height` bytes), valid while the bitmap lives:
    /// keep the bitmap alive for as long as anything reads through this pointer.
    public var baseAddress: UnsafeRawPointer { unsafe UnsafeRawPointer(storage.baseAddress!) }

    /// Calls `body` with the pixel bytes.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        unsafe try body(UnsafeRawBufferPointer(rebasing: storage[0..<byteCount]))
    }

    /// `round(channel × alpha / 255)`, exactly, without division.
    @inline(__always)
    package static func premultiply(_ channel: UInt8, alpha: UInt8) -> UInt8 {
        let t = UInt32(channel) &* UInt32(alpha) &+ 128
        return UInt8(truncatingIfNeeded: (t &+ (t >> 8)) >> 8)
    }

    /// The straight-alpha channel nearest to a premultiplied one: `round(value × 255 / alpha)`,
    /// at most 255 (0 when alpha is 0).
    package static func unpremultiply(_ value: UInt8, alpha: UInt8) -> UInt8 {
        guard alpha > 0 else { return 0 }
        return UInt8(min((UInt32(value) * 255 + UInt32(alpha) / 2) / UInt32(alpha), 255))
    }

    /// The bitmap back in straight alpha (lossy where alpha is small): for tests and snapshots.
    package func unpremultiplied() -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        let (r, b) = order == .rgba ? (0, 2) : (2, 0)
        for pixel in 0..<(width * height) {
            let i = pixel * 4, alpha = unsafe storage[i + 3]
            image[pixel % width, pixel / width] = unsafe (Self.unpremultiply(storage[i + r], alpha: alpha),
                                                       Self.unpremultiply(storage[i + 1], alpha: alpha),
                                                       Self.unpremultiply(storage[i + b], alpha: alpha), alpha)
        }
        return image
    }

    /// Writes `area` of `image` premultiplied into `output`; returns whether every pixel is opaque.
    private static func convert(_ image: RGBAImage, area: PixelRect, order: PremultipliedPixelOrder,
                                into output: UnsafeMutableRawBufferPointer) -> Bool {
        guard !area.isEmpty, let out = unsafe output.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return true }
        let (r, b) = order == .rgba ? (0, 2) : (2, 0)
        var opaque = true
        unsafe image.pixels.withUnsafeBufferPointer { pixels in
            guard let source = pixels.baseAddress else { return }
            var o = 0
            for y in area.y..<area.maxY {
                var i = (y * image.width + area.x) * 4
                for _ in 0..<area.width {
                    let alpha = unsafe source[i + 3]
                    if alpha == 255 {
                        unsafe out[o + r] = source[i]; unsafe out[o + 1] = source[i + 1]; unsafe out[o + b] = source[i + 2]
                    } else {
                        opaque = false
                        unsafe out[o + r] = premultiply(source[i], alpha: alpha)
                        unsafe out[o + 1] = premultiply(source[i + 1], alpha: alpha)
                        unsafe out[o + b] = premultiply(source[i + 2], alpha: alpha)
                    }
                    unsafe out[o + 3] = alpha
                    i += 4
                    o += 4
                }
            }
        }
        return opaque
    }
}
