import Foundation
import Zoetrope

extension AnimatedImage {
    /// Opens an image from `Data`, parsing its frame table without decoding pixels.
    /// - Throws: `ZoetropeError`, as `AnimatedImage.init(bytes:options:)` does.
    public convenience init(data: Data, options: DecodingOptions = .default) throws(ZoetropeError) {
        try self.init(bytes: [UInt8](data), options: options)
    }
}

extension ProgressiveImage {
    /// Opens an image from `Data` lazily (see `ProgressiveImage.init(bytes:options:)`).
    public convenience init(data: Data, options: DecodingOptions = .default) throws(ZoetropeError) {
        try self.init(bytes: [UInt8](data), options: options)
    }
}
