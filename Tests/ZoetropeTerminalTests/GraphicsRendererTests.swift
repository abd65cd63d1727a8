import Foundation
import Testing
import Zoetrope
@testable import ZoetropeTerminal

@Suite("Base64")
struct Base64Tests {
    @Test("RFC 4648 test vectors and the last two alphabet characters")
    func vectors() {
        let cases = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==",
                     "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (input, expected) in cases {
            #expect(text(Base64.encode(Array(input.utf8))) == expected)
        }
        #expect(text(Base64.encode([0xFB, 0xFF])) == "+/8=")
    }
}

@Suite("Sixel renderer")
struct SixelRendererTests {
    let renderer = SixelRenderer(cellPixels: PixelSize(width: 10, height: 20))

    @Test("3×2: the frame's own colours as registers, one band, colours in register order, transparent undrawn")
    func smallFrame() {
        let frame = makeImage([[red, red, clear],
                               [black, red, clear]])
        let out = renderer.render(frame, previous: nil, at: .topLeft)
        // Two colours, so an exact palette: black is register 0, red 1.
        // Black is only in row 1 of column 0: bit 1 → 63 + 2 = "A"; trailing empty columns dropped.
        // Red: column 0 row 0 → "@", column 1 rows 0 and 1 → 63 + 3 = "B".
        #expect(text(out) == "\u{1B}[1;1H\u{1B}P0;1;0q\"1;1;3;2#0;2;0;0;0#1;2;100;0;0#0A$#1@B\u{1B}\\")
    }

    @Test("5×7: two bands separated by '-', runs of four or more compressed with '!'")
    func bandsAndRuns() {
        let frame = solidImage(width: 5, height: 7, white)
        let out = renderer.render(frame, previous: nil, at: CellPosition(row: 2, column: 3))
        #expect(text(out) == "\u{1B}[2;3H\u{1B}P0;1;0q\"1;1;5;7#0;2;100;100;100#0!5~-#0!5@\u{1B}\\")
    }

    @Test("inline output starts at the cursor and ends with a newline")
    func inline() {
        let frame = solidImage(width: 1, height: 1, white)
        let out = renderer.render(frame, previous: frame, at: nil)
        #expect(text(out) == "\u{1B}P0;1;0q\"1;1;1;1#0;2;100;100;100#0@\u{1B}\\\n")
    }

    @Test("an unchanged frame sends nothing")
    func unchanged() {
        let frame = solidImage(width: 2, height: 2, red)
        #expect(renderer.render(frame, previous: frame, at: .topLeft).isEmpty)
    }

    @Test("cells are whole: 25×41 pixels need 3×3 cells of 10×20")
    func geometry() {
        #expect(renderer.cellSize(for: PixelSize(width: 25, height: 41)) == CellSize(columns: 3, rows: 3))
        #expect(renderer.pixelSize(for: CellSize(columns: 3, rows: 2)) == PixelSize(width: 30, height: 40))
    }
}

@Suite("kitty renderer")
struct KittyRendererTests {
    let renderer = KittyRenderer(cellPixels: PixelSize(width: 10, height: 20))

    @Test("2×2: one APC with transmit-and-place keys and a base64 PNG that decodes to the frame")
    func smallFrame() throws {
        let frame = makeImage([[red, green], [blue, clear]])
        let out = text(renderer.render(frame, previous: nil, at: CellPosition(row: 4, column: 2)))
        // kitty graphics protocol: ESC _ G <keys> ; <base64 payload> ESC \ (a=T transmit and display,
        // f=100 PNG, q=2 no replies, C=1 do not move the cursor).
        let prefix = "\u{1B}[4;2H\u{1B}_Ga=T,f=100,i=1,p=1,q=2,C=1;", suffix = "\u{1B}\\"
        try #require(out.hasPrefix(prefix) && out.hasSuffix(suffix), "\(out.debugDescription)")
        let payload = String(out.dropFirst(prefix.count).dropLast(suffix.count))
        #expect(try decodedPNG(base64: payload) == frame)
        #expect(renderer.render(frame, previous: frame, at: .topLeft).isEmpty)
    }

    @Test("large frames are chunked: ≤ 4096 base64 bytes each, m=1 until the last (m=0)")
    func chunking() throws {
        // Noise does not compress, so the PNG is large whatever the encoder's cleverness.
        var frame = RGBAImage(width: 64, height: 64)
        var state: UInt32 = 12345
        for index in frame.pixels.indices {
            state = state &* 1_103_515_245 &+ 12345
            frame[byte: index] = index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 16)
        }
        let out = text(renderer.render(frame, previous: nil, at: .topLeft))
        #expect(out.hasPrefix("\u{1B}[1;1H\u{1B}_G"))
        let commands = out.dropFirst("\u{1B}[1;1H".count).split(separator: "\u{1B}\\").map(String.init)
        #expect(commands.count > 2)
        var joined = ""
        for (index, command) in commands.enumerated() {
            let parts = command.split(separator: ";", maxSplits: 1).map(String.init)
            let keys = parts[0], data = parts.count > 1 ? parts[1] : ""
            if index == 0 {
                #expect(keys == "\u{1B}_Ga=T,f=100,i=1,p=1,q=2,C=1,m=1")
            } else {
                #expect(keys == (index == commands.count - 1 ? "\u{1B}_Gm=0" : "\u{1B}_Gm=1"))
            }
            // The protocol's limit: chunks of at most 4096 bytes of base64, all but the last full.
            #expect(data.utf8.count <= 4096 && (index == commands.count - 1 || data.utf8.count == 4096))
            joined += data
        }
        #expect(try decodedPNG(base64: joined) == frame)
    }

    @Test("inline output: no cursor move, then one newline per cell row the image covers")
    func inline() throws {
        let frame = solidImage(width: 2, height: 30, red) // 30 px = 2 rows of 20 px
        let out = text(renderer.render(frame, previous: nil, at: nil))
        let prefix = "\u{1B}_Ga=T,f=100,i=1,p=1,q=2,C=1;", suffix = "\u{1B}\\\n\n"
        try #require(out.hasPrefix(prefix) && out.hasSuffix(suffix), "\(out.debugDescription)")
        #expect(try decodedPNG(base64: String(out.dropFirst(prefix.count).dropLast(suffix.count))) == frame)
    }

    @Test("cleanup deletes the image and its data")
    func cleanup() {
        #expect(text(renderer.cleanup()) == "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\")
    }
}

@Suite("iTerm2 renderer")
struct ITermRendererTests {
    @Test("2×2: OSC 1337 File with size in bytes and pixels, and a base64 PNG that decodes to the frame")
    func smallFrame() throws {
        let frame = makeImage([[red, green], [blue, white]])
        let out = text(ITermRenderer(cellPixels: PixelSize(width: 8, height: 16)).render(frame, previous: nil, at: .topLeft))
        // iTerm2 inline images: ESC ] 1337 ; File = [args] : <base64> BEL, size= the file's byte count.
        let head = "\u{1B}[1;1H\u{1B}]1337;File=inline=1;size="
        try #require(out.hasPrefix(head) && out.hasSuffix("\u{07}"), "\(out.debugDescription)")
        let body = out.dropFirst(head.count).dropLast()
        let parts = body.split(separator: ":", maxSplits: 1).map(String.init)
        try #require(parts.count == 2)
        let arguments = parts[0].split(separator: ";").map(String.init)
        #expect(arguments.dropFirst() == ["width=2px", "height=2px", "preserveAspectRatio=0", "doNotMoveCursor=1"])
        let png = try #require(Data(base64Encoded: parts[1]))
        #expect(arguments.first == String(png.count))
        #expect(try AnimatedImage(bytes: [UInt8](png)).frame(at: 0) == frame)
    }
}

/// The image a base64 PNG payload holds, decoded with Foundation's base64 and Zoetrope's PNG decoder.
func decodedPNG(base64 payload: String) throws -> RGBAImage {
    let data = try #require(Data(base64Encoded: payload), "payload is not base64")
    let image = try AnimatedImage(bytes: [UInt8](data))
    #expect(image.format == .png)
    return try image.frame(at: 0)
}

@Suite("Backgrounds and detection")
struct BackgroundAndDetectionTests {
    @Test("parsing --background values")
    func parsing() {
        #expect(TerminalBackground(argument: "terminal") == .terminal)
        #expect(TerminalBackground(argument: "checker") == .checkerboard)
        #expect(TerminalBackground(argument: "#FF8000") == .color(r: 255, g: 128, b: 0))
        #expect(TerminalBackground(argument: "#FF80") == nil)
        #expect(TerminalBackground(argument: "blue") == nil)
    }

    @Test("compositing over a colour and a checkerboard gives opaque pixels")
    func compositing() {
        let frame = makeImage([[(255, 0, 0, 128), clear, clear, white]])
        let overBlack = TerminalBackground.color(r: 0, g: 0, b: 0).apply(to: frame, squareSize: 2)
        // 255·128 / 255 = 128 exactly; transparent pixels become the background.
        #expect(overBlack.pixels == [128, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255])
        let checker = TerminalBackground.checkerboard.apply(to: frame, squareSize: 2)
        #expect(checker[1, 0] == (0x99, 0x99, 0x99, 255))
        #expect(checker[2, 0] == (0x66, 0x66, 0x66, 255))
        #expect(TerminalBackground.terminal.apply(to: frame, squareSize: 2) == frame)
    }

    @Test("renderer detection from TERM, TERM_PROGRAM and COLORTERM")
    func detection() {
        #expect(RendererKind.detect(environment: ["TERM": "xterm-kitty"]) == .kitty)
        #expect(RendererKind.detect(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .iterm)
        #expect(RendererKind.detect(environment: ["TERM": "foot"]) == .sixel)
        #expect(RendererKind.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .truecolor)
        #expect(RendererKind.detect(environment: ["TERM": "xterm"]) == .xterm256)
        #expect(RendererKind.detect(environment: [:]) == .xterm256)
        // tmux does not pass graphics through: text renderers only.
        #expect(RendererKind.detect(environment: ["TERM": "tmux-256color", "TERM_PROGRAM": "iTerm.app",
                                                  "TMUX": "/tmp/tmux", "COLORTERM": "truecolor"]) == .truecolor)
        #expect(RendererKind(rawValue: "256") == .xterm256)
    }
}
