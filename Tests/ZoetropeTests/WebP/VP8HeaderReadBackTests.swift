import Foundation
import Testing
@testable import Zoetrope

/// The segment, loop-filter and quantiser fields of the VP8 frame header, as libwebp's
/// `webpinfo -bitstream_info` parses them from our files, against what the encoder chose.
@Suite("VP8 encoder: frame header read back by libwebp")
struct VP8HeaderReadBackTests {
    /// `webpinfo`'s "Label: values" lines as integer lists (lines with other values are left out).
    static func fields(_ info: String) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for line in info.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let label = line[..<colon].trimmingCharacters(in: .whitespaces)
            let values = line[line.index(after: colon)...].split(separator: " ").map { Int($0) }
            guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else { continue }
            out[label] = values.map { $0! }
        }
        return out
    }

    static let cases: [(name: String, quality: Double, method: Int, segments: Int, strength: Int, sharpness: Int,
                        simple: Bool, partitions: Int)] = [
        ("q75 m4, four segments", 75, 4, 4, 60, 0, false, 1),
        ("q40 m6, two segments, sharpness 5, simple filter, four partitions", 40, 6, 2, 100, 5, true, 4),
        ("q90 m2, three segments, sharpness 2, two partitions", 90, 2, 3, 30, 2, false, 2),
        ("q60 m0, one segment, no loop filter, eight partitions", 60, 0, 1, 0, 0, false, 8),
    ]

    @Test("webpinfo reads the segments, loop filter, partitions and quantisers the encoder chose",
          RequiredTools.needs(LibWebPTools.hasWebPInfo, "libwebp's webpinfo is not installed (apt-get install webp)"),
          arguments: cases.indices)
    func headerReadBack(index: Int) throws {
        let c = Self.cases[index]
        var settings = VP8EncoderSettings(quality: c.quality, method: c.method)
        settings.segmentCount = c.segments
        settings.filterStrength = c.strength
        settings.filterSharpness = c.sharpness
        settings.usesSimpleFilter = c.simple
        settings.partitionCount = c.partitions
        let image = WebPLossyEncoderTests.photo(width: 224, height: 160)
        let encoder = VP8FrameEncoder(planes: RGBAToYUV.convert(image), settings: settings)
        let vp8 = encoder.encode()
        let chosen = try #require(encoder.writtenHeader)
        let body = WebPFileWriter.chunk(RIFFChunk.vp8, vp8)
        let info = try #require(try LibWebPTools.bitstreamInfo(WebPFileWriter.riffHeader(bodySize: body.count) + body),
                                "webpinfo rejected \(c.name)")
        let read = Self.fields(info)
        let segmentation = chosen.segmentation
        #expect(read["Use segment"] == [segmentation.isEnabled ? 1 : 0], "\(c.name)")
        if segmentation.isEnabled {
            #expect(read["Update map"] == [segmentation.updatesMap ? 1 : 0], "\(c.name)")
            #expect(read["Absolute delta"] == [1], "\(c.name)")
            #expect(read["Quantizer"] == segmentation.quantizer, "\(c.name)")
            #expect(read["Filter strength"] == segmentation.filterLevel, "\(c.name)")
            if segmentation.updatesMap { #expect(read["Prob segment"] == segmentation.mapProbabilities.map(Int.init), "\(c.name)") }
            // The analysis found the picture's busy and flat parts: the segments differ.
            #expect(Set(segmentation.quantizer).count > 1, "\(c.name): \(segmentation.quantizer)")
            // The frame's level is the highest segment level (what a decoder without segments uses).
            #expect(chosen.filter.level == segmentation.filterLevel.max(), "\(c.name)")
        } else {
            #expect(c.segments == 1, "\(c.name)")
        }
        #expect(read["Simple filter"] == [c.simple ? 1 : 0], "\(c.name)")
        #expect(read["Level"] == [chosen.filter.level], "\(c.name)")
        #expect(read["Sharpness"] == [c.sharpness], "\(c.name)")
        #expect(read["Use lf delta"] == [0], "\(c.name)")
        #expect((c.strength == 0) == (chosen.filter.level == 0), "\(c.name): level \(chosen.filter.level)")
        #expect(read["Profile"] == [chosen.filter.level == 0 ? 2 : c.simple ? 1 : 0], "\(c.name)")
        #expect(read["Total partitions"] == [c.partitions], "\(c.name)")
        #expect(read["Base Q"] == [chosen.baseQuantizer], "\(c.name)")
        let deltas = chosen.deltas
        #expect(read["DQ Y1 DC"] == [deltas.lumaDC] && read["DQ Y2 DC"] == [deltas.secondOrderDC]
                    && read["DQ Y2 AC"] == [deltas.secondOrderAC], "\(c.name)")
        #expect(read["DQ UV DC"] == [deltas.chromaDC] && read["DQ UV AC"] == [deltas.chromaAC], "\(c.name)")
    }
}
