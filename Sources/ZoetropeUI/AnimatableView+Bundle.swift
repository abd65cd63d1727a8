#if canImport(UIKit) && !os(watchOS) || canImport(AppKit)
import Foundation
import Zoetrope

extension AnimatableView {
    /// Plays the GIF `name.gif` from `bundle` (the app's by default).
    /// - Parameters:
    ///   - name: the resource's name without its extension.
    ///   - bundle: where the resource is.
    ///   - playCount: plays in all; `nil` follows the file.
    public func animate(withGIFNamed name: String, in bundle: Bundle = .main, playCount: PlayCount? = nil) throws {
        try animate(withFile: bundle.zoetropePath(forResource: name, ofType: "gif"), playCount: playCount)
    }
}

extension Bundle {
    /// The path of a resource, or an error naming what is missing.
    func zoetropePath(forResource name: String, ofType type: String) throws -> String {
        guard let path = path(forResource: name, ofType: type) else {
            throw ZoetropeError(.io, "no resource \(name).\(type) in \(bundlePath)")
        }
        return path
    }
}
#endif
