/// The `gif-lzw` target: one full-canvas GIF frame of random indices, written with every shape of
/// LZW stream the writer can make (code size, clear-code policy, sub-block length, interlacing),
/// must decode to exactly its palette colours.
enum FuzzLZW {
    static func roundTrip(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let width = input.int(in: 1...64), height = input.int(in: 1...64)
        let bits = input.int(in: 1...8)
        let palette = (0..<(1 << bits)).map { _ in GIFEncoder.Color(red: input.byte(), green: input.byte(), blue: input.byte()) }
        let codeSize = max(bits, input.int(in: 1...11))
        let clear: GIFEncoder.ClearCodePolicy = switch input.int(in: 0...2) {
        case 0: .whenTableFull
        case 1: .never
        default: .every(codes: input.int(in: 1...5000))
        }
        let lzw = GIFEncoder.LZWOptions(minimumCodeSize: codeSize, clearCodes: clear, subBlockSize: input.int(in: 1...255))
        let indices = (0..<width * height).map { _ in input.byte() & UInt8((1 << bits) - 1) }
        let frame = GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: width, height: height), indices: indices,
                                            isInterlaced: input.byte() & 1 == 1, lzw: lzw)
        let file = GIFEncoder.IndexedImage(canvasSize: PixelSize(width: width, height: height),
                                           globalColorTable: palette, frames: [frame])
        guard let encoded = try? GIFEncoder.encode(file) else {
            return fuzzCheck(false, "GIFEncoder refused \(lzw)")
        }
        let image = FuzzRoundTrip.decode(encoded, "GIF LZW writer")
        let expected = indices.flatMap { index -> [UInt8] in
            let color = palette[Int(index)]
            return [color.red, color.green, color.blue, 255]
        }
        fuzzCheck(FuzzRoundTrip.frames(of: image).map(\.pixels) == [expected], "LZW stream \(lzw) did not decode back")
    }
}
