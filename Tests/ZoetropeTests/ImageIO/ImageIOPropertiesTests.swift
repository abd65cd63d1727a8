import Testing
@testable import Zoetrope

/// The platform codec's mapping of ImageIO's properties to a frame table, on property values as
/// `CGImageSource` reports them under Apple's documented keys (the Apple side only reads the keys;
/// this is everything it does with them).
@Suite("ImageIO properties → frame table")
struct ImageIOPropertiesTests {
    typealias Frame = ImageIOProperties.Frame

    /// An HEIC sequence of 64×48 frames in the `{HEICS}` dictionary.
    static func sequence(_ frames: [Frame], loopCount: Int? = 0,
                         dictionary: ImageIOProperties.Dictionary? = .heics) -> ImageIOProperties {
        ImageIOProperties(dictionary: dictionary, canvasWidth: 64, canvasHeight: 48, loopCount: loopCount, frames: frames)
    }

    static func frame(delay: Double? = nil, unclamped: Double? = nil, complete: Bool = true) -> Frame {
        Frame(width: 64, height: 48, delayTime: delay, unclampedDelayTime: unclamped, isComplete: complete)
    }

    static func table(_ properties: ImageIOProperties, options: DecodingOptions = .default) throws -> FrameTable {
        try properties.frameTable(format: .heic, compression: .hevc, options: options)
    }

    @Test("the unclamped delay is preferred to ImageIO's clamped one, then the browser rule applies")
    func unclampedFirst() throws {
        let table = try Self.table(Self.sequence([
            Self.frame(delay: 0.1, unclamped: 0.04),   // ImageIO clamps 40 ms to 100 ms: the file's 40 ms wins
            Self.frame(delay: 0.1, unclamped: 0.0),    // 0 → 100 ms, as browsers do
            Self.frame(delay: 0.1, unclamped: 0.01),   // 10 ms → 100 ms
            Self.frame(delay: 0.1, unclamped: 0.011),  // 11 ms stays
            Self.frame(delay: 0.25),                   // only the clamped value
            Self.frame(),                              // none: 100 ms
            Self.frame(delay: 0.07, unclamped: .nan),  // not a number: the clamped value
        ]))
        #expect(table.frames.map(\.duration) == [.milliseconds(40), .milliseconds(100), .milliseconds(100),
                                              .milliseconds(11), .milliseconds(250), .milliseconds(100),
                                              .milliseconds(70)])
        #expect(table.frames.map(\.storedDuration) == [.milliseconds(40), .zero, .milliseconds(10), .milliseconds(11),
                                                    .milliseconds(250), nil, .milliseconds(70)])
    }

    @Test("raw timing keeps the stored durations")
    func rawTiming() throws {
        let table = try Self.table(Self.sequence([Self.frame(delay: 0.1, unclamped: 0.0), Self.frame(unclamped: 0.005)]),
                                   options: DecodingOptions(timing: .raw))
        #expect(table.frames.map(\.duration) == [.zero, .milliseconds(5)])
    }

    @Test("loop counts: GIF's counts repetitions, the others count plays; absent is one play",
          arguments: [
            (ImageIOProperties.Dictionary.gif, 0, PlayCount.infinite), (.gif, 2, .finite(3)),
            (.heics, 0, .infinite), (.heics, 3, .finite(3)), (.avis, 1, .finite(1)),
            (.png, 2, .finite(2)), (.webp, 0, .infinite),
          ])
    func loopCounts(dictionary: ImageIOProperties.Dictionary, stored: Int, plays: PlayCount) throws {
        let table = try Self.table(Self.sequence([Self.frame(delay: 0.1)], loopCount: stored, dictionary: dictionary))
        #expect(table.playCount == plays)
        #expect(table.storedLoopCount == stored)
        let absent = try Self.table(Self.sequence([Self.frame(delay: 0.1)], loopCount: nil, dictionary: dictionary))
        #expect(absent.playCount == .finite(1))
    }

    @Test("a still without an animation dictionary is one frame played once")
    func still() throws {
        let table = try Self.table(Self.sequence([Self.frame()], loopCount: nil, dictionary: nil))
        #expect(table.frames.count == 1 && table.playCount == .finite(1))
    }

    @Test("every frame is a whole composited image: it covers the canvas from its origin and replaces it")
    func wholeFrames() throws {
        let table = try Self.table(Self.sequence([Self.frame(delay: 0.1), Self.frame(delay: 0.1)]))
        #expect(table.canvasSize == PixelSize(width: 64, height: 48))
        for frame in table.frames {
            #expect(frame.rect == PixelRect(x: 0, y: 0, width: 64, height: 48))
            #expect(frame.blend == .source && frame.disposal == .none && frame.compression == .hevc)
        }
    }

    @Test("a frame still arriving ends the table with a truncated warning (progressive loading waits for it)")
    func incompleteFrame() throws {
        let table = try Self.table(Self.sequence([Self.frame(delay: 0.1), Self.frame(delay: 0.1, complete: false),
                                                  Self.frame(delay: 0.1, complete: false)]))
        #expect(table.frames.count == 2)
        #expect(table.warnings.map(\.kind) == [.truncated])
    }

    @Test("the decoding limits apply: frames past the count are dropped, an oversized canvas is refused")
    func limits() throws {
        let frames = Array(repeating: Self.frame(delay: 0.1), count: 5)
        let limited = try Self.table(Self.sequence(frames),
                                     options: DecodingOptions(limits: DecodingLimits(maxFrameCount: 3)))
        #expect(limited.frames.count == 3)
        #expect(limited.warnings.map(\.kind) == [.limitExceeded])
        let huge = ImageIOProperties(dictionary: .heics, canvasWidth: 1 << 20, canvasHeight: 1 << 20, loopCount: 0,
                                     frames: [Frame(width: 1 << 20, height: 1 << 20)])
        #expect(throws: ZoetropeError.self) { try Self.table(huge) }
        #expect(throws: ZoetropeError.self) { try Self.table(Self.sequence([])) }
    }
}

@Suite("HEIF brands")
struct HEIFBrandsTests {
    /// An `ftyp` box: size, "ftyp", major brand, minor version 0, compatible brands.
    static func ftyp(_ major: String, _ compatible: [String]) -> ArraySlice<UInt8> {
        let size = 16 + 4 * compatible.count
        var bytes: [UInt8] = [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0]
        for brand in compatible { bytes += Array(brand.utf8) }
        return (bytes + [0, 0, 0, 8] + Array("mdat".utf8))[...]
    }

    @Test("AVIF and HEIC files are told apart by their brands")
    func brands() {
        #expect(HEIFBrands.brands(in: Self.ftyp("avis", ["avif", "msf1"])) == ["avis", "avif", "msf1"])
        #expect(HEIFBrands.recognizes(Self.ftyp("avif", ["mif1", "miaf"]), HEIFBrands.avif))
        #expect(!HEIFBrands.recognizes(Self.ftyp("avif", ["mif1", "miaf"]), HEIFBrands.heic))
        #expect(HEIFBrands.recognizes(Self.ftyp("mif1", ["avif"]), HEIFBrands.avif))
        #expect(HEIFBrands.recognizes(Self.ftyp("msf1", ["hevc"]), HEIFBrands.heic))
        #expect(HEIFBrands.recognizes(Self.ftyp("heic", ["mif1"]), HEIFBrands.heic))
        #expect(!HEIFBrands.recognizes(Self.ftyp("isom", ["mp41"]), HEIFBrands.heic))
    }

    @Test("other data and short or lying boxes are no brands, and never read past what is given")
    func notHEIF() {
        #expect(HEIFBrands.brands(in: Array("GIF89a".utf8)[...]).isEmpty)
        #expect(HEIFBrands.brands(in: Self.ftyp("heic", []).prefix(11)).isEmpty)
        var lying = Array(Self.ftyp("heic", ["mif1"]))
        lying[3] = 255 // declares more than there is: only the bytes given are read
        #expect(HEIFBrands.brands(in: lying.prefix(20)) == ["heic", "mif1"])
    }

    @Test("without ImageIO (this system), AVIF is not a decodable format and its bytes are refused")
    func notDecodableHere() throws {
        #if canImport(ImageIO)
        #expect(ImageFormat.decodable.contains(.avif))
        #else
        #expect(!ImageFormat.decodable.contains(.avif) && !ImageFormat.decodable.contains(.heic))
        #expect(ImageFormat.sniff(Self.ftyp("avif", ["mif1"])) == nil)
        #expect(throws: ZoetropeError.self) { try AnimatedImage(bytes: Array(Self.ftyp("avif", ["mif1"]))) }
        #endif
    }
}
