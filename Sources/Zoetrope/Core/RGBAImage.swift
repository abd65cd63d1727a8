/// A bitmap of 8-bit RGBA pixels: straight (non-premultiplied) alpha, row-major, top row first,
/// four bytes per pixel with no row padding.
public struct RGBAImage: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel. Read-only, so the size always
    /// matches: write through ``subscript(_:_:)``, ``subscript(byte:)`` or
    /// ``withUnsafeMutablePixels(_:)``.
    public var pixels: [UInt8] { storage }

    private var storage: [UInt8]

    /// Creates a fully transparent image.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative image size")
        self.width = width
        self.height = height
        self.storage = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Wraps existing pixels; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "pixel buffer does not match the image size")
        self.width = width
        self.height = height
        self.storage = pixels
    }

    /// One byte of ``pixels``: channel `byte % 4` of pixel `byte / 4`.
    public subscript(byte index: Int) -> UInt8 {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    /// Calls `body` with the pixel bytes to change in place (their number cannot change).
    public mutating func withUnsafeMutablePixels<Result>(
        _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        unsafe try storage.withUnsafeMutableBufferPointer { unsafe try body($0) }
    }

    /// The size of the image.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Bytes in one row.
    public var bytesPerRow: Int { width * 4 }

    /// The pixel at (`x`, `y`) as `(r, g, b, a)`.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        get {
            let i = (y * width + x) * 4
            return (storage[i], storage[i + 1], storage[i + 2], storage[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            storage[i] = newValue.r
            storage[i + 1] = newValue.g
            storage[i + 2] = newValue.b
            storage[i + 3] = newValue.a
        }
    }

    /// Whether some pixel is fully transparent yet has a non-zero colour (which blending "over"
    /// anything turns into the colour beneath).
    var hasColoredTransparentPixels: Bool {
        unsafe pixels.withUnsafeBytes { bytes in
            // Pixels as little-endian words: alpha is the top byte.
            for offset in Swift.stride(from: 0, to: bytes.count &- 3, by: 4) {
                let pixel = unsafe UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                if pixel != 0 && pixel < 0x0100_0000 { return true }
            }
            return false
        }
    }

    /// Whether every pixel has alpha 255.
    public var isOpaque: Bool {
        // Eight pixels at a time, as little-endian words (alpha is the top byte); the test leaves
        // the loop early every 1,024 pixels.
        unsafe pixels.withUnsafeBytes { raw in
            let count = raw.count / 4, mask = SIMD8<UInt32>(repeating: 0xff00_0000)
            var all = mask, i = 0
            while i &+ 8 <= count {
                unsafe all &= raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt32>.self)
                i &+= 8
                if i & 1023 == 0 && all & mask != mask { return false }
            }
            while i < count {
                if unsafe raw[i &* 4 &+ 3] != 255 { return false }
                i &+= 1
            }
            return all & mask == mask
        }
    }
}
