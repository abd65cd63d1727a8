/// Zoetrope's own built-in animation, drawn in code: a zoetrope — a slotted drum on a stand — that
/// spins while a ball bounces in its window.
///
/// It needs no file, so `zoetrope info` and `zoetrope play` have something to show on a fresh
/// machine, and tests have a realistic animation: 12 frames of 96×96 pixels, fewer than 256
/// colours, a transparent background. The last frame leads seamlessly into the first.
///
/// ```swift
/// let image = try AnimatedImage(bytes: SampleAnimation.gif())
/// ```
package enum SampleAnimation {
    /// The number of frames in one revolution.
    package static let frameCount = 12
    /// The size of every frame.
    package static let size = PixelSize(width: 96, height: 96)
    /// How long each frame shows.
    package static let frameDuration: Duration = .milliseconds(80)

    /// The frames, canvas-sized RGBA8 with straight alpha.
    package static func frames() -> [RGBAImage] {
        (0..<frameCount).map(drawFrame)
    }

    /// The animation as a GIF that loops forever, encoded with ``GIFEncoder``.
    package static func gif() -> [UInt8] {
        do {
            return try GIFEncoder.encode(frames: frames(), durations: [frameDuration], playCount: .infinite)
        } catch {
            // The frames are fixed and valid; encoding them cannot fail.
            preconditionFailure("encoding the sample animation failed: \(error)")
        }
    }

    // MARK: Drawing

    private typealias Color = (r: UInt8, g: UInt8, b: UInt8)
    private static let centerX = 48.0
    private static let drumRadius = 32.0
    private static let drumTop = 20, drumBottom = 58
    private static let slitBand = 24...35
    private static let window = (top: 39, bottom: 54, halfWidth: 0.55)
    private static let slitCount = 12

    private static func drawFrame(_ index: Int) -> RGBAImage {
        var image = RGBAImage(width: size.width, height: size.height)
        let phase = Double(index) / Double(frameCount) // of one slit spacing

        // Stand: a post and a base.
        fillEllipse(&image, centerX: 48, centerY: 84, radiusX: 24, radiusY: 5, color: (92, 58, 34))
        for y in drumBottom...82 { for x in 45...51 { set(&image, x, y, (133, 87, 50)) } }

        // The drum's body, shaded like a cylinder, its slits and its window.
        fillEllipse(&image, centerX: 48, centerY: Double(drumBottom), radiusX: drumRadius, radiusY: 6, color: (150, 30, 36))
        for x in 16...80 {
            let across = (Double(x) + 0.5 - centerX) / drumRadius
            guard abs(across) < 1 else { continue }
            let light = (1 - across * across).squareRoot()
            let level = UInt8(min(4, Int(light * 5)))
            let body: Color = (110 + level * 30, 24 + level * 6, 30 + level * 6)
            for y in drumTop...drumBottom { set(&image, x, y, body) }
            if abs(across) < window.halfWidth {
                for y in window.top...window.bottom { set(&image, x, y, (238, 226, 196)) }
            }
        }
        drawSlits(&image, phase: phase)
        drawBall(&image, phase: phase)

        // The open top: the dark inside and a golden rim.
        fillEllipse(&image, centerX: 48, centerY: Double(drumTop), radiusX: drumRadius, radiusY: 6, color: (214, 170, 60))
        fillEllipse(&image, centerX: 48, centerY: Double(drumTop), radiusX: drumRadius - 3, radiusY: 4, color: (48, 14, 20))
        return image
    }

    /// Slits on the front half of the drum; the drum turns one slit spacing per revolution of frames.
    private static func drawSlits(_ image: inout RGBAImage, phase: Double) {
        for slit in 0..<slitCount {
            let angle = 2 * Double.pi * (Double(slit) + phase) / Double(slitCount)
            let depth = cosine(angle)
            guard depth > 0.15 else { continue }
            let center = centerX + drumRadius * sine(angle)
            let halfWidth = 1.8 * depth
            for x in 16...80 where abs(Double(x) + 0.5 - center) < halfWidth {
                for y in slitBand { set(&image, x, y, (24, 10, 12)) }
            }
        }
    }

    /// A ball bouncing once per revolution in the window, with its shadow on the floor.
    private static func drawBall(_ image: inout RGBAImage, phase: Double) {
        let height = abs(sine(Double.pi * phase))
        let floor = Double(window.bottom) - 1
        let radius = 4.5
        let shadowWidth = 6 - 3 * height
        fillEllipse(&image, centerX: centerX, centerY: floor, radiusX: shadowWidth, radiusY: 1.2, color: (170, 150, 120))
        let ballY = floor - radius - 6 * height
        fillEllipse(&image, centerX: centerX, centerY: ballY, radiusX: radius, radiusY: radius, color: (240, 140, 20))
        fillEllipse(&image, centerX: centerX - 1.5, centerY: ballY - 1.5, radiusX: 1.5, radiusY: 1.5, color: (255, 230, 160))
    }

    private static func fillEllipse(_ image: inout RGBAImage, centerX: Double, centerY: Double,
                                    radiusX: Double, radiusY: Double, color: Color) {
        guard radiusX > 0, radiusY > 0 else { return }
        for y in Int(centerY - radiusY)...Int(centerY + radiusY) {
            for x in Int(centerX - radiusX)...Int(centerX + radiusX) {
                let dx = (Double(x) + 0.5 - centerX) / radiusX
                let dy = (Double(y) + 0.5 - centerY) / radiusY
                if dx * dx + dy * dy <= 1 { set(&image, x, y, color) }
            }
        }
    }

    private static func set(_ image: inout RGBAImage, _ x: Int, _ y: Int, _ color: Color) {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
        image[x, y] = (color.r, color.g, color.b, 255)
    }

    /// Sine by its Taylor series after reducing the angle to [-π, π]: precise enough for drawing,
    /// the same on every platform, and free of any C maths library.
    private static func sine(_ angle: Double) -> Double {
        var x = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if x > Double.pi { x -= 2 * Double.pi } else if x < -Double.pi { x += 2 * Double.pi }
        var term = x, sum = x
        for n in stride(from: 2, through: 22, by: 2) {
            term *= -x * x / Double(n * (n + 1))
            sum += term
        }
        return sum
    }

    private static func cosine(_ angle: Double) -> Double { sine(angle + Double.pi / 2) }
}
