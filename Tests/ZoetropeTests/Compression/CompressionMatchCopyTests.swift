import Testing
@testable import Zoetrope

@Suite("Compression: LZ77 match copy")
struct CompressionMatchCopyTests {
    /// The copy done one element at a time, the way LZ77 defines it.
    static func reference<Element>(_ buffer: [Element], at op: Int, distance: Int, length: Int) -> [Element] {
        var result = buffer
        for k in 0..<length { result[op + k] = result[op - distance + k] }
        return result
    }

    static func check<Element: BitwiseCopyable & Equatable>(_ make: (Int) -> Element) {
        let start = 40
        for distance in 1...20 {
            for length in [1, 2, 3, 7, 8, 9, 17, 64] {
                for spare in [0, 1, 9] { // room after the match: the chunked copy needs some
                    var buffer = (0..<(start + length + spare)).map(make)
                    let expected = Self.reference(buffer, at: start, distance: distance, length: length)
                    buffer.withUnsafeMutableBufferPointer { pointer in
                        LZ77.copyMatch(pointer.baseAddress!, at: start, distance: distance, length: length,
                                       room: length + spare)
                    }
                    #expect(buffer[..<(start + length)] == expected[..<(start + length)],
                            "distance \(distance) length \(length) spare \(spare)")
                }
            }
        }
    }

    @Test("bytes: every distance and length, overlapping or not, with and without spare room")
    func bytes() { Self.check { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }

    @Test("pixels: the same for 32-bit elements")
    func pixels() { Self.check { UInt32(truncatingIfNeeded: $0 &* 0x9E37_79B9) } }

    @Test("bulk copies (what debug builds run): every distance to 20 and lengths to 300 equal the element-by-element copy")
    func blocks() {
        let start = 40
        for distance in 1...20 {
            for length in [1, 2, 3, 7, 19, 20, 21, 41, 64, 300] {
                var buffer = (0..<(start + length)).map { UInt32(truncatingIfNeeded: $0 &* 0x9E37_79B9) }
                let expected = Self.reference(buffer, at: start, distance: distance, length: length)
                buffer.withUnsafeMutableBufferPointer { LZ77.copyInBlocks($0.baseAddress! + start, distance: distance, length: length) }
                #expect(buffer == expected, "distance \(distance) length \(length)")
            }
        }
    }

    @Test("word copies with slack: every distance up to 40 and lengths to 258 equal the byte-by-byte copy, and write nothing past the slack")
    func bytesWithSlack() {
        let start = 300
        for distance in 1...40 {
            for length in [1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 64, 100, 258] {
                let size = start + length + LZ77.copySlack
                // One sentinel byte after the slack: the copy must not reach it.
                var buffer = (0..<(size + 1)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
                let sentinel = buffer[size]
                let expected = Self.reference(buffer, at: start, distance: distance, length: length)
                buffer.withUnsafeMutableBufferPointer { pointer in
                    LZ77.copyBytesWithSlack(pointer.baseAddress!, at: start, distance: distance, length: length)
                }
                #expect(buffer[..<(start + length)] == expected[..<(start + length)], "distance \(distance) length \(length)")
                #expect(buffer[size] == sentinel, "distance \(distance) length \(length): wrote past the slack")
            }
        }
    }
}
