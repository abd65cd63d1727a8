#if canImport(ImageIO)
import ImageIO

/// Reading ImageIO's property dictionaries with its keys, through CoreFoundation (no Foundation in
/// the core module): which per-format dictionary a file has, and its numbers.
enum ImageIOKeys {
    /// The per-format dictionary `properties` holds (file or frame properties), with its kind.
    static func animationDictionary(_ properties: CFDictionary) -> (ImageIOProperties.Dictionary, CFDictionary)? {
        var candidates: [(ImageIOProperties.Dictionary, CFString)] = [
            (.gif, kCGImagePropertyGIFDictionary), (.png, kCGImagePropertyPNGDictionary),
            (.heics, kCGImagePropertyHEICSDictionary), (.webp, kCGImagePropertyWebPDictionary),
        ]
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *) {
            candidates.append((.avis, kCGImagePropertyAVISDictionary))
        }
        for (kind, key) in candidates {
            if let value = value(properties, key), CFGetTypeID(value) == CFDictionaryGetTypeID() {
                return unsafe (kind, unsafeDowncast(value, to: CFDictionary.self))
            }
        }
        return nil
    }

    /// `…DelayTime` of the dictionary `kind` (AVIS uses the HEICS keys).
    static func delay(_ kind: ImageIOProperties.Dictionary) -> CFString {
        switch kind {
        case .gif: return kCGImagePropertyGIFDelayTime
        case .png: return kCGImagePropertyAPNGDelayTime
        case .heics, .avis: return kCGImagePropertyHEICSDelayTime
        case .webp: return kCGImagePropertyWebPDelayTime
        }
    }

    /// `…UnclampedDelayTime` of the dictionary `kind`.
    static func unclampedDelay(_ kind: ImageIOProperties.Dictionary) -> CFString {
        switch kind {
        case .gif: return kCGImagePropertyGIFUnclampedDelayTime
        case .png: return kCGImagePropertyAPNGUnclampedDelayTime
        case .heics, .avis: return kCGImagePropertyHEICSUnclampedDelayTime
        case .webp: return kCGImagePropertyWebPUnclampedDelayTime
        }
    }

    /// `…LoopCount` of the dictionary `kind`.
    static func loopCount(_ kind: ImageIOProperties.Dictionary) -> CFString {
        switch kind {
        case .gif: return kCGImagePropertyGIFLoopCount
        case .png: return kCGImagePropertyAPNGLoopCount
        case .heics, .avis: return kCGImagePropertyHEICSLoopCount
        case .webp: return kCGImagePropertyWebPLoopCount
        }
    }

    /// The canvas an HEICS or AVIS dictionary gives (`…CanvasPixelWidth`/`…Height`).
    static func canvasSize(_ kind: ImageIOProperties.Dictionary, _ dictionary: CFDictionary) -> PixelSize? {
        guard kind == .heics || kind == .avis,
              let width = integer(dictionary, kCGImagePropertyHEICSCanvasPixelWidth),
              let height = integer(dictionary, kCGImagePropertyHEICSCanvasPixelHeight) else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// The number stored under `key`, if it is one.
    static func number(_ dictionary: CFDictionary, _ key: CFString) -> Double? {
        guard let value = value(dictionary, key), CFGetTypeID(value) == CFNumberGetTypeID() else { return nil }
        var number = 0.0
        guard unsafe CFNumberGetValue(unsafeDowncast(value, to: CFNumber.self), .doubleType, &number) else { return nil }
        return number
    }

    /// The number under `key` as an integer, when it is a whole number an `Int` holds.
    static func integer(_ dictionary: CFDictionary, _ key: CFString) -> Int? {
        guard let number = number(dictionary, key), number.isFinite, number.rounded() == number,
              abs(number) < 9e15 else { return nil }
        return Int(number)
    }

    private static func value(_ dictionary: CFDictionary, _ key: CFString) -> CFTypeRef? {
        guard let raw = unsafe CFDictionaryGetValue(dictionary, Unmanaged.passUnretained(key).toOpaque()) else { return nil }
        return unsafe Unmanaged<CFTypeRef>.fromOpaque(raw).takeUnretainedValue()
    }
}
#endif
