import Testing
@testable import Zoetrope

/// Choosing what to insert from a paste: type identifiers, sniffing, preference, limits.
@Suite("Pasteboard image reader")
struct PasteboardImageReaderTests {
    static let red = solid([255, 0, 0, 255])
    static let blue = solid([0, 0, 255, 255])

    /// An 8×6 image of one colour.
    static func solid(_ rgba: [UInt8]) -> RGBAImage {
        RGBAImage(width: 8, height: 6, pixels: Array([[UInt8]](repeating: rgba, count: 48).joined()))
    }

    static func gif(frames: Int = 2) throws -> [UInt8] {
        let stills = Array([red, blue].prefix(frames))
        return try GIFEncoder.encode(frames: stills, durations: [.milliseconds(100)], playCount: .infinite)
    }

    static func apng() throws -> [UInt8] {
        try APNGEncoder.encode(frames: [red, blue], durations: [.milliseconds(100), .milliseconds(100)], playCount: .infinite)
    }

    @Test("a GIF labelled as generic data is found by its bytes, and keeps its bytes and GIF type")
    func genericGIF() throws {
        let bytes = try Self.gif()
        let pasted = try #require(try PasteboardImageReader().read([
            PasteboardItem(typeIdentifier: "public.utf8-plain-text", bytes: Array("cat.gif".utf8)),
            PasteboardItem(typeIdentifier: "public.data", bytes: bytes),
        ]))
        #expect(pasted.format == .gif && pasted.isAnimated && pasted.summary.frameCount == 2)
        #expect(pasted.bytes == bytes)
        #expect(pasted.declaredTypeIdentifier == "public.data")
        #expect(pasted.typeIdentifier == "com.compuserve.gif")
    }

    @Test("a PNG that is really APNG is an animation, chosen over a still representation listed first")
    func apngUnderPNG() throws {
        let still = try Self.gif(frames: 1)
        let pasted = try #require(try PasteboardImageReader().read([
            PasteboardItem(typeIdentifier: "com.compuserve.gif", bytes: still),
            PasteboardItem(typeIdentifier: "public.png", bytes: try Self.apng()),
        ]))
        #expect(pasted.format == .apng && pasted.summary.frameCount == 2)
        #expect(pasted.typeIdentifier == "public.png")
    }

    @Test("an animated WebP under its MIME type is read; among animations the preferred format wins")
    func webP() throws {
        let webp = WebPContainerTests.animation()
        let items = [PasteboardItem(typeIdentifier: "com.compuserve.gif", bytes: try Self.gif()),
                     PasteboardItem(typeIdentifier: "image/webp", bytes: webp)]
        let preferred = try #require(try PasteboardImageReader().read(items))
        #expect(preferred.format == .webp && preferred.summary.frameCount == 4)
        let gifFirst = try #require(try PasteboardImageReader(preferredFormats: [.gif, .webp]).read(items))
        #expect(gifFirst.format == .gif)
    }

    @Test("a label that lies is overruled by the bytes; without any animation the still is used")
    func wrongLabelAndStill() throws {
        let pasted = try #require(try PasteboardImageReader().read([
            PasteboardItem(typeIdentifier: "org.webmproject.webp", bytes: try Self.gif(frames: 1)),
            PasteboardItem(typeIdentifier: "public.jpeg", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0, 0]),
        ]))
        #expect(pasted.format == .gif && !pasted.isAnimated)
        #expect(try PasteboardImageReader().read([PasteboardItem(typeIdentifier: "public.text", bytes: [1, 2, 3])]) == nil)
    }

    @Test("ties keep the pasteboard's order: of equally preferred animations, and of stills, the first")
    func tiesKeepOrder() throws {
        let redFirst = try GIFEncoder.encode(frames: [Self.red, Self.blue], durations: [.milliseconds(100)], playCount: .infinite)
        let blueFirst = try GIFEncoder.encode(frames: [Self.blue, Self.red], durations: [.milliseconds(100)], playCount: .infinite)
        let animations = [PasteboardItem(typeIdentifier: "com.compuserve.gif", bytes: redFirst),
                          PasteboardItem(typeIdentifier: "com.compuserve.gif", bytes: blueFirst)]
        #expect(try PasteboardImageReader().read(animations)?.bytes == redFirst)
        #expect(try PasteboardImageReader().read(animations.reversed())?.bytes == blueFirst)
        // Formats missing from the preference list tie with each other, after every listed one.
        #expect(try PasteboardImageReader(preferredFormats: [.webp]).read(animations)?.bytes == redFirst)
        let listed = try Self.apng()
        #expect(try PasteboardImageReader(preferredFormats: [.apng]).read(animations + [
            PasteboardItem(typeIdentifier: "public.png", bytes: listed),
        ])?.bytes == listed)
        let redStill = try GIFEncoder.encode(frames: [Self.red], durations: [.milliseconds(100)], playCount: .infinite)
        let blueStill = try GIFEncoder.encode(frames: [Self.blue], durations: [.milliseconds(100)], playCount: .infinite)
        let stills = [PasteboardItem(typeIdentifier: "public.data", bytes: redStill),
                      PasteboardItem(typeIdentifier: "public.data", bytes: blueStill)]
        #expect(try PasteboardImageReader().read(stills)?.bytes == redStill)
        #expect(try PasteboardImageReader().read(stills.reversed())?.bytes == blueStill)
    }

    @Test("oversized data is refused before decoding: byte count, then canvas size from the headers")
    func limits() throws {
        let bytes = try Self.gif()
        let byCount = PasteboardImageReader(maximumByteCount: bytes.count - 1)
        #expect(throws: ZoetropeError.self) { try byCount.read([PasteboardItem(typeIdentifier: "public.data", bytes: bytes)]) }
        do {
            _ = try PasteboardImageReader(limits: DecodingLimits(maxPixels: 47))
                .read([PasteboardItem(typeIdentifier: "com.compuserve.gif", bytes: bytes)])
            Issue.record("an 8×6 image passed a 47-pixel limit")
        } catch {
            #expect(error.kind == .limitExceeded)
        }
        // A refused representation does not hide an acceptable one.
        let small = try #require(try PasteboardImageReader(maximumByteCount: bytes.count - 1).read([
            PasteboardItem(typeIdentifier: "public.data", bytes: bytes),
            PasteboardItem(typeIdentifier: "public.data", bytes: try Self.gif(frames: 1)),
        ]))
        #expect(small.summary.frameCount == 1)
    }

    @Test("type identifiers and MIME types name formats; generic types name none")
    func typeIdentifiers() {
        #expect(ImageFormat(typeIdentifier: "com.compuserve.gif") == .gif)
        #expect(ImageFormat(typeIdentifier: "IMAGE/GIF") == .gif)
        #expect(ImageFormat(typeIdentifier: "image/apng") == .apng)
        #expect(ImageFormat(typeIdentifier: "org.webmproject.webp") == .webp)
        #expect(ImageFormat(typeIdentifier: "public.image") == nil)
        #expect(ImageFormat(typeIdentifier: "public.data") == nil)
        #expect(ImageFormat.apng.typeIdentifier == "public.png")
    }
}
