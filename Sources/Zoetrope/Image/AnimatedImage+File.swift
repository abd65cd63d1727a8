#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension AnimatedImage {
    /// Opens an image file, parsing its frame table without decoding pixels.
    /// - Throws: ``ZoetropeError`` with kind `.io` when the file cannot be read, or any error of
    ///   ``init(bytes:options:)``.
    ///
    /// A regular file is mapped into memory rather than read (`MappedFile`): only the pages that
    /// parsing and decoding touch are read, and the image keeps the mapping while it lives. (A file
    /// truncated by another process while the image lives can then stop the process with `SIGBUS`
    /// when a frame reads the missing pages; read such files into an array and use
    /// ``init(bytes:options:)``.)
    public convenience init(contentsOfFile path: String, options: DecodingOptions = .default) throws(ZoetropeError) {
        try self.init(imageBytes: try FileBytes.load(path), options: options)
    }
}

/// An image is a source of frames for the encoders (``FrameSource``): its composited frames in order.
extension AnimatedImage: FrameSource {}
