// Stand-in for CoreGraphics: the symbols Sources/ZoetropeUI uses. CGFloat, CGRect, CGSize and
// CGPoint come from swift-corelibs-foundation, which declares them on Linux.
@_exported import Foundation

/// CoreFoundation's `CFString` (re-exported by CoreGraphics on Apple systems).
public final class CFString {}

/// `typealias CGDataProviderReleaseDataCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Void`
public typealias CGDataProviderReleaseDataCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Void

/// `class CGDataProvider` (not documented as Sendable).
public final class CGDataProvider {
    /// `init?(dataInfo info: UnsafeMutableRawPointer?, data: UnsafeRawPointer, size: Int, releaseData: CGDataProviderReleaseDataCallback)`
    public init?(dataInfo info: UnsafeMutableRawPointer?, data: UnsafeRawPointer, size: Int,
                 releaseData: CGDataProviderReleaseDataCallback) {}
}

/// `class CGColorSpace`.
public final class CGColorSpace {
    /// `init?(name: CFString)`
    public init?(name: CFString) {}
    /// `class let sRGB: CFString` (the C constant `kCGColorSpaceSRGB`).
    public nonisolated(unsafe) static let sRGB = CFString()
}

/// `struct CGBitmapInfo: OptionSet`
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

/// `enum CGImageAlphaInfo: UInt32`
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// `enum CGColorRenderingIntent: Int32`
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

/// `class CGImage` (not documented as Sendable).
public final class CGImage {
    /// `init?(width:height:bitsPerComponent:bitsPerPixel:bytesPerRow:space:bitmapInfo:provider:decode:shouldInterpolate:intent:)`
    public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                 decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        self.width = width
        self.height = height
    }
    /// `var width: Int { get }`
    public let width: Int
    /// `var height: Int { get }`
    public let height: Int
}
