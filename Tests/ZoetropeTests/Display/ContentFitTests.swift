import Testing
import Zoetrope

@Suite("Content fitting")
struct ContentFitTests {
    /// A 200×100 image in 100×100 bounds at (10, 20).
    private let content = DisplaySize(width: 200, height: 100)
    private let bounds = DisplayRect(x: 10, y: 20, width: 100, height: 100)

    @Test("each fit places a wide image in square bounds")
    func wideInSquare() {
        #expect(ContentFit.fill.rect(for: content, in: bounds) == bounds)
        // Scale 0.5 → 100×50, centred vertically: y = 20 + 25.
        #expect(ContentFit.aspectFit.rect(for: content, in: bounds) == DisplayRect(x: 10, y: 45, width: 100, height: 50))
        // Scale 1 → 200×100, centred horizontally: x = 10 − 50.
        #expect(ContentFit.aspectFill.rect(for: content, in: bounds) == DisplayRect(x: -40, y: 20, width: 200, height: 100))
        #expect(ContentFit.center.rect(for: content, in: bounds) == DisplayRect(x: -40, y: 20, width: 200, height: 100))
        #expect(ContentFit.scaleDown.rect(for: content, in: bounds) == DisplayRect(x: 10, y: 45, width: 100, height: 50))
    }

    @Test("scale-down never enlarges; aspect fit does")
    func smallImage() {
        let small = DisplaySize(width: 20, height: 40)
        #expect(ContentFit.scaleDown.rect(for: small, in: bounds) == DisplayRect(x: 50, y: 50, width: 20, height: 40))
        // Scale 2.5 → 50×100.
        #expect(ContentFit.aspectFit.rect(for: small, in: bounds) == DisplayRect(x: 35, y: 20, width: 50, height: 100))
        // Scale 5 → 100×200, centred: y = 20 − 50.
        #expect(ContentFit.aspectFill.rect(for: small, in: bounds) == DisplayRect(x: 10, y: -30, width: 100, height: 200))
    }

    @Test("an empty image takes no room")
    func emptyContent() {
        for fit in ContentFit.allCases {
            #expect(fit.rect(for: DisplaySize(width: 0, height: 10), in: bounds).width == 0)
        }
    }

    @Test("decode size: shown pixels on the screen, never more than the image")
    func pixelSize() {
        let image = PixelSize(width: 1000, height: 500)
        let thumbnail = DisplaySize(width: 100, height: 100)
        // Fit: 100×50 points × 2 = 200×100 pixels.
        #expect(ContentFit.aspectFit.pixelSize(for: image, in: thumbnail, scale: 2) == PixelSize(width: 200, height: 100))
        // Fill: 200×100 points × 3 = 600×300.
        #expect(ContentFit.aspectFill.pixelSize(for: image, in: thumbnail, scale: 3) == PixelSize(width: 600, height: 300))
        // Shown larger than the image: the image's own size.
        #expect(ContentFit.aspectFit.pixelSize(for: image, in: DisplaySize(width: 2000, height: 2000), scale: 2) == image)
        #expect(ContentFit.center.pixelSize(for: image, in: thumbnail, scale: 1) == image)
        // 333×333 image in 100×100 at scale 1: 100/333 of 333 = 100 (rounded up, not 99).
        #expect(ContentFit.aspectFit.pixelSize(for: PixelSize(width: 333, height: 333), in: thumbnail, scale: 1)
                == PixelSize(width: 100, height: 100))
        #expect(ContentFit.aspectFit.pixelSize(for: image, in: thumbnail, scale: 0) == image)
    }
}
