import Testing
@testable import Zoetrope

@Suite("Checksums")
struct ChecksumTests {
    @Test("CRC-32 matches the standard check value and a bitwise reference at every length")
    func crc32() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        let data = TestData.random(100, seed: 17)
        for length in 0...data.count {
            var reference: UInt32 = 0xFFFF_FFFF
            for byte in data[0..<length] {
                reference ^= UInt32(byte)
                for _ in 0..<8 { reference = reference & 1 != 0 ? 0xEDB8_8320 ^ (reference >> 1) : reference >> 1 }
            }
            #expect(CRC32.checksum(data[0..<length]) == reference ^ 0xFFFF_FFFF, "length \(length)")
        }
    }

    @Test("Adler-32 matches the definition, across the modulo interval")
    func adler32() {
        var checksum = Adler32()
        checksum.update(Array("Wikipedia".utf8))
        #expect(checksum.value == 0x11E6_0398)
        let data = [UInt8](repeating: 255, count: 20_000) + TestData.random(999, seed: 2)
        var a = 1, b = 0
        for byte in data { a = (a + Int(byte)) % 65521; b = (b + a) % 65521 }
        var fast = Adler32()
        fast.update(Array(data[0..<7001]))
        fast.update(Array(data[7001...]))
        #expect(fast.value == UInt32(b << 16 | a))
    }

    @Test("Adler-32 over runs of zeros (whole groups skipped) and groups that only start with zeros equals the definition")
    func adler32Zeros() {
        let random = TestData.random(3_000, seed: 29)
        // A nonzero byte at each place of a 256-byte group after a zero first chunk, then long zero
        // runs between random data, starting at every offset within a chunk.
        var pieces: [[UInt8]] = (16..<256).map { at in
            var group = [UInt8](repeating: 0, count: 256)
            group[at] = 1
            return group
        }
        pieces += (0..<16).map { offset in
            [UInt8](repeating: 0, count: offset) + [UInt8](repeating: 0, count: 9_000) + random + [UInt8](repeating: 0, count: 20_000)
        }
        for data in pieces {
            var a = 1, b = 0
            for byte in data { a = (a + Int(byte)) % 65521; b = (b + a) % 65521 }
            var checksum = Adler32()
            checksum.update(data)
            #expect(checksum.value == UInt32(b << 16 | a), "\(data.count) bytes")
        }
    }

    @Test("Adler-32 in 16-byte chunks equals the definition at every length around the chunk, group and block sizes, all bytes 255 included")
    func adler32Lengths() {
        let random = TestData.random(20_000, seed: 23)
        let saturated = [UInt8](repeating: 255, count: 20_000)
        // Chunks of 16 bytes, groups of 16 chunks (256 bytes), blocks of 512 chunks (8192 bytes).
        let group = 16 * Adler32.chunksPerGroup, block = 16 * Adler32.chunksPerBlock
        let edges = [group, 2 * group, block - group, block, 2 * block].flatMap { [$0 - 17, $0 - 1, $0, $0 + 1, $0 + 16] }
        for data in [random, saturated] {
            for length in Array(0...100) + edges + [5_552, 20_000] {
                var a = 1, b = 0
                for byte in data[0..<length] { a = (a + Int(byte)) % 65521; b = (b + a) % 65521 }
                var checksum = Adler32()
                checksum.update(Array(data[0..<length]))
                #expect(checksum.value == UInt32(b << 16 | a), "length \(length)")
            }
        }
    }

    @Test("Adler-32's byte kernel (debug builds) and vector kernel (optimised builds) give the same sums, pieces and saturated bytes included")
    func adler32Kernels() {
        let random = TestData.random(30_000, seed: 31)
        let saturated = [UInt8](repeating: 255, count: 30_000)
        for data in [random, saturated] {
            // Whole inputs around the reduction interval (5552) and the vector block (8192), then
            // the input fed in uneven pieces, so that each kernel starts from the other's sums.
            for length in [0, 1, 7, 8, 9, 5_551, 5_552, 5_553, 8_192, 11_105, 30_000] {
                var bytewise = Adler32(), vectors = Adler32()
                data[0..<length].withUnsafeBufferPointer { bytewise.updateInBytes($0); vectors.updateInVectors($0) }
                #expect(bytewise.value == vectors.value, "length \(length)")
            }
            var mixed = Adler32(), whole = Adler32()
            var start = 0, piece = 1
            while start < data.count {
                let end = min(data.count, start + piece)
                data[start..<end].withUnsafeBufferPointer { piece % 2 == 0 ? mixed.updateInBytes($0) : mixed.updateInVectors($0) }
                start = end
                piece = piece * 3 + 1
            }
            data.withUnsafeBufferPointer { whole.updateInVectors($0) }
            #expect(mixed.value == whole.value)
        }
    }
}
