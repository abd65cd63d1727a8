#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AnimatedImage {
    /// Opens an image file, parsing its frame table without decoding pixels.
    /// - Throws: ``ZoetropeError`` with kind `.io` when the file cannot be read, or any error of
    ///   ``init(bytes:options:)``.
    public convenience init(contentsOfFile path: String, options: DecodingOptions = .default) throws(ZoetropeError) {
        try self.init(bytes: try FileBytes.read(path), options: options)
    }
}

/// Reading whole files into byte arrays, for the edges of the library.
package enum FileBytes {
    /// The bytes of the file at `path`.
    /// - Throws: ``ZoetropeError`` with kind `.io`.
    package static func read(_ path: String) throws(ZoetropeError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ZoetropeError(.io, "cannot read \(path): \(error)")
        }
    }

    /// Writes `bytes` to the file at `path`, replacing it.
    /// - Throws: ``ZoetropeError`` with kind `.io`.
    package static func write(_ bytes: [UInt8], to path: String) throws(ZoetropeError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            throw ZoetropeError(.io, "cannot write \(path): \(error)")
        }
    }
}
