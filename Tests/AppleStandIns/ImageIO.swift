// Stand-in for ImageIO: the symbols the platform codec (Sources/Zoetrope/Codecs/ImageIO) uses, each
// with Apple's declaration, the page it was taken from and its availability on the platforms
// Package.swift declares (checked by scripts/apple-availability). ImageIO re-exports CoreGraphics
// and CoreFoundation. A page that gives no version for a platform means its first release.
@_exported import CoreGraphics

/// `class CGImageSource` (not documented `Sendable`)
/// https://developer.apple.com/documentation/imageio/cgimagesource
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public final class CGImageSource {}

/// `enum CGImageSourceStatus: Int32`
/// https://developer.apple.com/documentation/imageio/cgimagesourcestatus
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public enum CGImageSourceStatus: Int32, Sendable {
    case statusUnexpectedEOF = -5, statusInvalidData = -4, statusUnknownType = -3, statusReadingHeader = -2,
         statusIncomplete = -1, statusComplete = 0
}

/// `func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource?`
/// https://developer.apple.com/documentation/imageio/cgimagesourcecreatewithdata(_:_:)
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? { nil }

/// `func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int`
/// https://developer.apple.com/documentation/imageio/cgimagesourcegetcount(_:)
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int { 0 }

/// `func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?) -> CFDictionary?`
/// https://developer.apple.com/documentation/imageio/cgimagesourcecopyproperties(_:_:)
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?) -> CFDictionary? { nil }

/// `func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary?`
/// https://developer.apple.com/documentation/imageio/cgimagesourcecopypropertiesatindex(_:_:_:)
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? { nil }

/// `func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage?`
/// https://developer.apple.com/documentation/imageio/cgimagesourcecreateimageatindex(_:_:_:)
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? { nil }

/// `func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus`
/// https://developer.apple.com/documentation/imageio/cgimagesourcegetstatusatindex(_:_:)
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus { .statusComplete }

// Property keys: `let kCGImageProperty…: CFString`, each page at
// https://developer.apple.com/documentation/imageio/<name in lower case>.

/// https://developer.apple.com/documentation/imageio/kcgimagepropertypixelwidth
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public var kCGImagePropertyPixelWidth: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertypixelheight
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public var kCGImagePropertyPixelHeight: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertygifdictionary
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public var kCGImagePropertyGIFDictionary: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertygifdelaytime
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public var kCGImagePropertyGIFDelayTime: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertygifunclampeddelaytime
@available(macOS 10.7, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public var kCGImagePropertyGIFUnclampedDelayTime: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertygifloopcount
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public var kCGImagePropertyGIFLoopCount: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertypngdictionary
@available(macOS 10.4, iOS 4.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public var kCGImagePropertyPNGDictionary: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertyapngdelaytime
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public var kCGImagePropertyAPNGDelayTime: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertyapngunclampeddelaytime
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public var kCGImagePropertyAPNGUnclampedDelayTime: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertyapngloopcount
@available(macOS 10.10, iOS 8.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public var kCGImagePropertyAPNGLoopCount: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertyheicsdictionary
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public var kCGImagePropertyHEICSDictionary: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertyheicsdelaytime
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public var kCGImagePropertyHEICSDelayTime: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertyheicsunclampeddelaytime
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public var kCGImagePropertyHEICSUnclampedDelayTime: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertyheicsloopcount
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public var kCGImagePropertyHEICSLoopCount: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertyheicscanvaspixelwidth
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public var kCGImagePropertyHEICSCanvasPixelWidth: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertyheicscanvaspixelheight
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public var kCGImagePropertyHEICSCanvasPixelHeight: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertywebpdictionary
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
public var kCGImagePropertyWebPDictionary: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertywebpdelaytime
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
public var kCGImagePropertyWebPDelayTime: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertywebpunclampeddelaytime
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
public var kCGImagePropertyWebPUnclampedDelayTime: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertywebploopcount
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
public var kCGImagePropertyWebPLoopCount: CFString { fatalError("stand-in") }
/// https://developer.apple.com/documentation/imageio/kcgimagepropertyavisdictionary (its entries
/// use the HEICS keys; availability from the SDK headers as bound by Xamarin: macOS 14, iOS 17)
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public var kCGImagePropertyAVISDictionary: CFString { fatalError("stand-in") }
