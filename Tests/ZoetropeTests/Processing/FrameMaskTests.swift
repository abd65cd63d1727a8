import Testing
@testable import Zoetrope

/// `FrameMask` and `contentBounds()`, against coverage and bounds computed here by other means:
/// the part of each pixel inside the shape by 16×16 point samples, bounds by scanning every pixel.
@Suite("Masks and content bounds")
struct FrameMaskTests {
    /// An opaque frame whose pixels all differ.
    static func frame(width: Int, height: Int) -> RGBAImage {
        var frame = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { frame[x, y] = (UInt8(x * 9 % 256), UInt8(y * 13 % 256), 200, 255) } }
        return frame
    }

    /// The part of pixel (x, y) inside `shape` (a test on a point), by 16×16 samples.
    static func sampledCoverage(x: Int, y: Int, _ inside: (Double, Double) -> Bool) -> Double {
        var count = 0
        for sy in 0..<16 { for sx in 0..<16 where inside(Double(x) + (Double(sx) + 0.5) / 16, Double(y) + (Double(sy) + 0.5) / 16) {
            count += 1
        } }
        return Double(count) / 256
    }

    /// Checks `masked` against the sampled coverage of `inside`: every pixel within 30/255 of
    /// its alpha, colours unchanged where alpha is left, zero where it is gone.
    static func check(_ masked: RGBAImage, source: RGBAImage, _ inside: (Double, Double) -> Bool) {
        var totalError = 0.0
        for y in 0..<source.height {
            for x in 0..<source.width {
                let expected = sampledCoverage(x: x, y: y, inside) * 255
                let got = masked[x, y], original = source[x, y]
                totalError += abs(Double(got.a) - expected)
                #expect(abs(Double(got.a) - expected) <= 30, "(\(x), \(y)): alpha \(got.a), sampled \(expected)")
                if expected == 255 { #expect(got == original, "(\(x), \(y)) inside the shape changed") }
                if got.a == 0 { #expect(got == (0, 0, 0, 0), "(\(x), \(y))") } else {
                    #expect((got.r, got.g, got.b) == (original.r, original.g, original.b), "(\(x), \(y))")
                }
            }
        }
        #expect(totalError / Double(source.width * source.height) < 3, "mean alpha error \(totalError)")
    }

    @Test("circle: corners transparent, centre untouched, the edge between, as sampled coverage says")
    func circle() {
        let source = Self.frame(width: 24, height: 24)
        let masked = FrameMask.circle.apply(to: source)
        #expect(masked[0, 0] == (0, 0, 0, 0) && masked[23, 23] == (0, 0, 0, 0) && masked[0, 23].a == 0)
        #expect(masked[12, 12] == source[12, 12])
        // The top edge's middle pixels are cut by the circle: partly transparent.
        #expect(masked[12, 0].a > 0 && masked[12, 0].a < 255)
        Self.check(masked, source: source) { x, y in (x - 12) * (x - 12) + (y - 12) * (y - 12) <= 144 }
    }

    @Test("circle on a wide frame is the inscribed ellipse")
    func ellipse() {
        let source = Self.frame(width: 30, height: 16)
        Self.check(FrameMask.circle.apply(to: source), source: source) { x, y in
            (x - 15) * (x - 15) / 225 + (y - 8) * (y - 8) / 64 <= 1
        }
    }

    @Test("rounded corners: rows and columns away from the corners untouched")
    func rounded() {
        let source = Self.frame(width: 20, height: 14)
        let masked = FrameMask.rounded(radius: 5).apply(to: source)
        #expect(masked[0, 0].a == 0 && masked[19, 13].a == 0)
        for x in 0..<20 { #expect(masked[x, 7] == source[x, 7]) }
        for y in 0..<14 { #expect(masked[10, y] == source[10, y]) }
        Self.check(masked, source: source) { x, y in
            let cx = min(max(x, 5), 15), cy = min(max(y, 5), 9)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= 25
        }
        // A radius over half the shorter side is clamped to it; 0 changes nothing.
        #expect(FrameMask.rounded(radius: 100).apply(to: source) == FrameMask.rounded(radius: 7).apply(to: source))
        #expect(FrameMask.rounded(radius: 0).apply(to: source) == source)
    }

    @Test("a mask lowers existing alpha, and applies after crop and rotation in an edit")
    func inEdit() throws {
        var source = Self.frame(width: 10, height: 6)
        source[5, 2] = (1, 2, 3, 100)
        var edit = AnimationEdit()
        edit.crop = PixelRect(x: 2, y: 0, width: 6, height: 6)
        edit.rotation = .clockwise180
        edit.mask = .circle
        let edited = try FrameSequence(frames: [source], duration: .milliseconds(50)).edited(edit)
        let frame = try edited.frame(at: 0)
        #expect(frame.size == PixelSize(width: 6, height: 6))
        // (5, 2) lands at (6−1−3, 6−1−2) = (2, 3), inside the circle: unchanged.
        #expect(frame[2, 3] == (1, 2, 3, 100))
        #expect(frame[0, 0].a == 0 && frame[5, 5].a == 0)
        #expect(throws: ZoetropeError.self) {
            var bad = AnimationEdit()
            bad.mask = .rounded(radius: -1)
            _ = try FrameSequence(frames: [source], duration: .milliseconds(50)).edited(bad)
        }
    }

    /// A transparent frame with `dots` opaque.
    static func dotted(_ dots: [(Int, Int)], width: Int = 20, height: Int = 12) -> RGBAImage {
        var frame = RGBAImage(width: width, height: height)
        for (x, y) in dots { frame[x, y] = (9, 9, 9, 1) }
        return frame
    }

    @Test("content bounds: the union over every frame of the pixels that are not transparent")
    func contentBounds() throws {
        let frames = [Self.dotted([(5, 3), (7, 4)]), Self.dotted([]), Self.dotted([(12, 9), (6, 6)]), Self.dotted([(4, 5)])]
        #expect(try FrameArray(frames: frames).contentBounds() == PixelRect(x: 4, y: 3, width: 9, height: 7))
        #expect(try FrameArray(frames: [Self.dotted([])]).contentBounds() == nil)
        #expect(try FrameArray(frames: [Self.dotted([(19, 11)]), Self.dotted([(0, 0)])]).contentBounds()
                == PixelRect(x: 0, y: 0, width: 20, height: 12))
        // Independently: every pixel of every frame scanned.
        var rng = SplitMix64(seed: 9)
        for _ in 0..<20 {
            let random = (0..<3).map { _ in Self.dotted((0..<3).map { _ in (Int(rng.next() % 20), Int(rng.next() % 12)) }) }
            var xs: [Int] = [], ys: [Int] = []
            for frame in random { for y in 0..<12 { for x in 0..<20 where frame[x, y].a != 0 { xs.append(x); ys.append(y) } } }
            let expected = PixelRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()! + 1, height: ys.max()! - ys.min()! + 1)
            #expect(try FrameArray(frames: random).contentBounds() == expected)
        }
    }
}
