import Testing
@testable import Zoetrope

@Suite("Inflate: literal/length and distance tables in one allocation")
struct InflateTablesTests {
    /// The part of `tables` at `offset` with `count` entries.
    static func region(_ tables: InflateTables, _ offset: Int, _ count: Int) -> [UInt32] {
        Array(tables.entries[offset..<offset + count])
    }

    /// A table built alone for `lengths` of `symbols`, with `primaryBits`.
    static func alone(_ lengths: [UInt8], _ symbols: [UInt32], primaryBits: Int, capacity: Int) -> HuffmanTable {
        var table = HuffmanTable(primaryBits: primaryBits, capacity: capacity)
        let ok = lengths.withUnsafeBufferPointer { lengths in
            symbols.withUnsafeBufferPointer { table.build(lengths: lengths, symbols: $0) }
        }
        #expect(ok)
        return table
    }

    @Test("the fixed codes have no subtables, and the tables start as them")
    func fixedCodes() {
        let literalPrimary = 1 << HuffmanTable.literalBits, distancePrimary = 1 << HuffmanTable.distanceBits
        #expect(!HuffmanTable.fixedLiteralLength.entries[..<literalPrimary].contains { HuffmanTable.isLink($0) })
        #expect(!HuffmanTable.fixedDistance.entries[..<distancePrimary].contains { HuffmanTable.isLink($0) })
        let tables = InflateTables()
        #expect(Self.region(tables, 0, literalPrimary) == Array(HuffmanTable.fixedLiteralLength.entries[..<literalPrimary]))
        #expect(Self.region(tables, InflateTables.distanceOffset, distancePrimary)
                == Array(HuffmanTable.fixedDistance.entries[..<distancePrimary]))
        #expect(InflateTables.distanceOffset == HuffmanTable.literalCapacity)
        #expect(InflateTables.distanceSize == HuffmanTable.distanceCapacity)
    }

    @Test("dynamic codes with subtables build as tables built alone, and fixed codes come back after them")
    func dynamicThenFixed() {
        // Complete codes: literal/lengths 255 of 8 bits, then 9…15 bits and another 15 (subtables);
        // distances 1…14 bits and another 14 (subtables).
        let literalLengths = [UInt8](repeating: 8, count: 255) + (9...15).map { UInt8($0) } + [15]
            + [UInt8](repeating: 0, count: 23)
        let distanceLengths = (1...14).map { UInt8($0) } + [14] + [UInt8](repeating: 0, count: 15)
        let literalAlone = Self.alone(literalLengths, HuffmanTable.literalLengthSymbols,
                                      primaryBits: HuffmanTable.literalBits, capacity: HuffmanTable.literalCapacity)
        let distanceAlone = Self.alone(distanceLengths, HuffmanTable.distanceSymbols,
                                       primaryBits: HuffmanTable.distanceBits, capacity: HuffmanTable.distanceCapacity)
        var tables = InflateTables()
        let built = literalLengths.withUnsafeBufferPointer { literals in
            distanceLengths.withUnsafeBufferPointer { tables.build(literalLengths: literals, distanceLengths: $0) }
        }
        #expect(built.literals && built.distances)
        #expect(literalAlone.entries[..<(1 << HuffmanTable.literalBits)].contains { HuffmanTable.isLink($0) })
        #expect(Self.region(tables, 0, HuffmanTable.literalCapacity) == literalAlone.entries)
        #expect(Self.region(tables, InflateTables.distanceOffset, HuffmanTable.distanceCapacity) == distanceAlone.entries)
        tables.useFixedCodes()
        let literalPrimary = 1 << HuffmanTable.literalBits
        #expect(Self.region(tables, 0, literalPrimary) == Array(HuffmanTable.fixedLiteralLength.entries[..<literalPrimary]))
    }

    @Test("an over-subscribed distance code fails the distances, not the literals")
    func invalidDistances() {
        let literalLengths = [UInt8](repeating: 9, count: 286) // 286 codes of 9 bits: incomplete but > 1
        let over = [UInt8](repeating: 1, count: 3)
        var tables = InflateTables()
        let incomplete = literalLengths.withUnsafeBufferPointer { literals in
            over.withUnsafeBufferPointer { tables.build(literalLengths: literals, distanceLengths: $0) }
        }
        #expect(!incomplete.literals)
        let complete = [UInt8](repeating: 8, count: 256) + [UInt8](repeating: 0, count: 30)
        let result = complete.withUnsafeBufferPointer { literals in
            over.withUnsafeBufferPointer { tables.build(literalLengths: literals, distanceLengths: $0) }
        }
        #expect(result.literals && !result.distances)
    }
}
