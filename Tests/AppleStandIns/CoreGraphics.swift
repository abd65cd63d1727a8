// Stand-in for CoreGraphics: the symbols Sources/ZoetropeUI uses. CGFloat, CGRect, CGSize and
// CGPoint come from swift-corelibs-foundation, which declares them on Linux. Each declaration gives
// Apple's declaration, the page it was taken from, and its availability on the platforms
// Package.swift declares (checked by scripts/apple-availability). A page that gives no version for a
// platform means the platform's first release (tvOS 9.0, watchOS 2.0).
@_exported import Foundation

/// CoreFoundation's `class CFString` (re-exported by CoreGraphics; not documented `Sendable`)
/// https://developer.apple.com/documentation/corefoundation/cfstring
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public final class CFString {}

/// `typealias CGDataProviderReleaseDataCallback = (UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Void` (a C function pointer)
/// https://developer.apple.com/documentation/coregraphics/cgdataproviderreleasedatacallback
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public typealias CGDataProviderReleaseDataCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Void

/// `class CGDataProvider` (not documented `Sendable`)
/// https://developer.apple.com/documentation/coregraphics/cgdataprovider
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public final class CGDataProvider {
    /// `init?(dataInfo info: UnsafeMutableRawPointer?, data: UnsafeRawPointer, size: Int, releaseData: CGDataProviderReleaseDataCallback)`
    /// https://developer.apple.com/documentation/coregraphics/cgdataprovider/init(datainfo:data:size:releasedata:)
    @available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public init?(dataInfo info: UnsafeMutableRawPointer?, data: UnsafeRawPointer, size: Int,
                 releaseData: CGDataProviderReleaseDataCallback) {}
}

/// `class CGColorSpace` (documented `Sendable`)
/// https://developer.apple.com/documentation/coregraphics/cgcolorspace
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public final class CGColorSpace: Sendable {
    /// `init?(name: CFString)`
    /// https://developer.apple.com/documentation/coregraphics/cgcolorspace/init(name:)
    @available(macOS 10.2, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public init?(name: CFString) {}
    /// `class let sRGB: CFString` (the C constant `kCGColorSpaceSRGB`)
    /// https://developer.apple.com/documentation/coregraphics/cgcolorspace/srgb
    @available(macOS 10.5, iOS 9.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public nonisolated(unsafe) static let sRGB = CFString()
}

/// `struct CGBitmapInfo: OptionSet` (documented `Sendable`)
/// https://developer.apple.com/documentation/coregraphics/cgbitmapinfo
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public struct CGBitmapInfo: OptionSet, Sendable {
    /// `let rawValue: UInt32`
    /// https://developer.apple.com/documentation/coregraphics/cgbitmapinfo/rawvalue
    @available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public let rawValue: UInt32
    /// `init(rawValue: UInt32)`
    /// https://developer.apple.com/documentation/coregraphics/cgbitmapinfo/init(rawvalue:)
    @available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `static var byteOrder32Little: CGBitmapInfo { get }`
    /// https://developer.apple.com/documentation/coregraphics/cgbitmapinfo/byteorder32little
    @available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public static var byteOrder32Little: CGBitmapInfo { CGBitmapInfo(rawValue: 2 << 12) }
    /// `static var byteOrder32Big: CGBitmapInfo { get }`
    /// https://developer.apple.com/documentation/coregraphics/cgbitmapinfo/byteorder32big
    @available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public static var byteOrder32Big: CGBitmapInfo { CGBitmapInfo(rawValue: 4 << 12) }
}

/// `enum CGImageAlphaInfo: UInt32` (documented `Sendable`)
/// https://developer.apple.com/documentation/coregraphics/cgimagealphainfo
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// `enum CGColorRenderingIntent: Int32` (documented `Sendable`)
/// https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

/// `class CGImage` (documented `Sendable`)
/// https://developer.apple.com/documentation/coregraphics/cgimage
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public final class CGImage: Sendable {
    /// `init?(width:height:bitsPerComponent:bitsPerPixel:bytesPerRow:space:bitmapInfo:provider:decode:shouldInterpolate:intent:)`
    /// https://developer.apple.com/documentation/coregraphics/cgimage/init(width:height:bitspercomponent:bitsperpixel:bytesperrow:space:bitmapinfo:provider:decode:shouldinterpolate:intent:)
    @available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                 decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        self.width = width
        self.height = height
    }
    /// `var width: Int { get }`
    /// https://developer.apple.com/documentation/coregraphics/cgimage/width
    @available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public let width: Int
    /// `var height: Int { get }`
    /// https://developer.apple.com/documentation/coregraphics/cgimage/height
    @available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public let height: Int
}

// CoreFoundation, re-exported by CoreGraphics and ImageIO: what the ImageIO codec
// (Sources/Zoetrope/Codecs/ImageIO) reads property dictionaries with.

/// `typealias CFTypeRef = AnyObject`
/// https://developer.apple.com/documentation/corefoundation/cftyperef
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public typealias CFTypeRef = AnyObject
/// `typealias CFTypeID = UInt`
/// https://developer.apple.com/documentation/corefoundation/cftypeid
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public typealias CFTypeID = UInt
/// `typealias CFIndex = Int`
/// https://developer.apple.com/documentation/corefoundation/cfindex
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public typealias CFIndex = Int

/// `class CFAllocator` (not documented `Sendable`)
/// https://developer.apple.com/documentation/corefoundation/cfallocator
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public final class CFAllocator {}
/// `let kCFAllocatorDefault: CFAllocator!`
/// https://developer.apple.com/documentation/corefoundation/kcfallocatordefault
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public nonisolated(unsafe) let kCFAllocatorDefault: CFAllocator! = nil

/// `class CFData` (not documented `Sendable`)
/// https://developer.apple.com/documentation/corefoundation/cfdata
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public final class CFData {}
/// `func CFDataCreate(_ allocator: CFAllocator!, _ bytes: UnsafePointer<UInt8>!, _ length: CFIndex) -> CFData!`
/// https://developer.apple.com/documentation/corefoundation/cfdatacreate(_:_:_:)
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public func CFDataCreate(_ allocator: CFAllocator!, _ bytes: UnsafePointer<UInt8>!, _ length: CFIndex) -> CFData! { nil }

/// `class CFDictionary` (not documented `Sendable`)
/// https://developer.apple.com/documentation/corefoundation/cfdictionary
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public final class CFDictionary {}
/// `func CFDictionaryGetValue(_ theDict: CFDictionary!, _ key: UnsafeRawPointer!) -> UnsafeRawPointer!`
/// https://developer.apple.com/documentation/corefoundation/cfdictionarygetvalue(_:_:)
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public func CFDictionaryGetValue(_ theDict: CFDictionary!, _ key: UnsafeRawPointer!) -> UnsafeRawPointer! { nil }
/// `func CFDictionaryGetTypeID() -> CFTypeID`
/// https://developer.apple.com/documentation/corefoundation/cfdictionarygettypeid()
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public func CFDictionaryGetTypeID() -> CFTypeID { 18 }

/// `class CFNumber` (not documented `Sendable`)
/// https://developer.apple.com/documentation/corefoundation/cfnumber
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public final class CFNumber {}
/// `enum CFNumberType: CFIndex` (the cases the codec uses)
/// https://developer.apple.com/documentation/corefoundation/cfnumbertype
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public enum CFNumberType: CFIndex, Sendable {
    case doubleType = 13
}
/// `func CFNumberGetValue(_ number: CFNumber!, _ theType: CFNumberType, _ valuePtr: UnsafeMutableRawPointer!) -> Bool`
/// https://developer.apple.com/documentation/corefoundation/cfnumbergetvalue(_:_:_:)
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public func CFNumberGetValue(_ number: CFNumber!, _ theType: CFNumberType, _ valuePtr: UnsafeMutableRawPointer!) -> Bool { false }
/// `func CFNumberGetTypeID() -> CFTypeID`
/// https://developer.apple.com/documentation/corefoundation/cfnumbergettypeid()
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public func CFNumberGetTypeID() -> CFTypeID { 22 }
/// `func CFGetTypeID(_ cf: CFTypeRef!) -> CFTypeID`
/// https://developer.apple.com/documentation/corefoundation/cfgettypeid(_:)
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public func CFGetTypeID(_ cf: CFTypeRef!) -> CFTypeID { 0 }

/// `class CGContext` (not documented `Sendable`)
/// https://developer.apple.com/documentation/coregraphics/cgcontext
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public final class CGContext {
    /// `init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32)`
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/init(data:width:height:bitspercomponent:bytesperrow:space:bitmapinfo:)
    @available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: UInt32) {}
    /// `func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false)`
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/draw(_:in:bytiling:)
    @available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {}
}
