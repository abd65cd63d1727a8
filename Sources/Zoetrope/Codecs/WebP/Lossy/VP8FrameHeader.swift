/// The uncompressed start of a VP8 key frame (RFC 6386 section 9.1): the 3-byte frame tag, the
/// start code `9d 01 2a` and the 14-bit width and height (whose top two bits, the upscaling hint,
/// decoders ignore as libwebp does).
struct VP8FrameTag: Sendable, Equatable {
    /// Bytes taken by the tag and the key-frame picture header.
    static let byteCount = 10

    /// Size in bytes of the first partition (modes and header), which follows the tag.
    var firstPartitionSize: Int
    var width: Int
    var height: Int

    /// Reads and validates the tag at the start of `bytes[payload]`.
    static func parse(_ bytes: ByteView, payload: Range<Int>) throws(ZoetropeError) -> VP8FrameTag {
        let start = payload.lowerBound
        guard payload.lowerBound >= 0, payload.upperBound <= bytes.count, payload.count >= byteCount else {
            throw ZoetropeError(.truncated, format: .webp, offset: payload.upperBound, "VP8 frame header is cut short")
        }
        let bits = Int(bytes[start]) | Int(bytes[start + 1]) << 8 | Int(bytes[start + 2]) << 16
        if bits & 1 != 0 {
            throw ZoetropeError(.unsupportedFeature, format: .webp, offset: start, "VP8 inter frame (WebP allows only key frames)")
        }
        if (bits >> 1) & 7 > 3 {
            throw ZoetropeError(.unsupportedFeature, format: .webp, offset: start, "unknown VP8 version \((bits >> 1) & 7)")
        }
        if (bits >> 4) & 1 == 0 {
            throw ZoetropeError(.unsupportedFeature, format: .webp, offset: start, "VP8 frame is marked invisible")
        }
        guard bytes[start + 3] == 0x9d, bytes[start + 4] == 0x01, bytes[start + 5] == 0x2a else {
            throw ZoetropeError(.malformed, format: .webp, offset: start + 3, "VP8 start code is missing")
        }
        let width = (Int(bytes[start + 6]) | Int(bytes[start + 7]) << 8) & 0x3fff
        let height = (Int(bytes[start + 8]) | Int(bytes[start + 9]) << 8) & 0x3fff
        guard width > 0, height > 0 else {
            throw ZoetropeError(.malformed, format: .webp, offset: start + 6, "VP8 frame has a zero width or height")
        }
        return VP8FrameTag(firstPartitionSize: bits >> 5, width: width, height: height)
    }
}

/// Segment-based adjustments (RFC 6386 section 9.3): up to four segments, each with its own
/// quantiser and filter level, and the probabilities of the per-macroblock segment map.
struct VP8Segmentation: Sendable, Equatable {
    var isEnabled = false
    /// Whether each macroblock codes its segment (otherwise all are segment 0).
    var updatesMap = false
    /// Whether the values below replace the frame's (rather than add to them).
    var isAbsolute = true
    var quantizer = [0, 0, 0, 0]
    var filterLevel = [0, 0, 0, 0]
    var mapProbabilities: [UInt8] = [255, 255, 255]
}

/// Loop-filter settings of the frame header (RFC 6386 section 9.6).
struct VP8FilterSettings: Sendable, Equatable {
    var isSimple = false
    var level = 0
    var sharpness = 0
    var usesDeltas = false
    /// Level adjustments per reference frame; key frames use only the first (intra).
    var referenceDeltas = [0, 0, 0, 0]
    /// Level adjustments per mode; key frames use only the first (4×4 prediction).
    var modeDeltas = [0, 0, 0, 0]
}

/// Everything the first partition's header says about a key frame, plus the token partitions.
struct VP8FrameHeader: Sendable {
    var tag: VP8FrameTag
    var segmentation = VP8Segmentation()
    var filter = VP8FilterSettings()
    /// Absolute byte ranges of the DCT token partitions (1, 2, 4 or 8).
    var tokenPartitions: [Range<Int>] = []
    /// Dequantisation factors per segment.
    var quantMatrices: [VP8QuantMatrix] = []
    /// Token probabilities, laid out as ``VP8Tables/defaultCoefficientProbabilities``.
    var coefficientProbabilities = VP8Tables.defaultCoefficientProbabilities
    /// Probability that a macroblock has no non-zero coefficient, when the frame codes that flag.
    var skipProbability: UInt8?

    /// Parses the frame header of the key frame in `bytes[payload]` and returns it with the
    /// first-partition reader positioned at the first macroblock's modes (valid as long as
    /// `bytes` is).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, payload: Range<Int>, tag: VP8FrameTag)
        throws(ZoetropeError) -> (header: VP8FrameHeader, modeReader: VP8BoolDecoder)
    {
        let firstStart = payload.lowerBound + VP8FrameTag.byteCount
        guard tag.firstPartitionSize <= payload.upperBound - firstStart else {
            throw ZoetropeError(.truncated, format: .webp, offset: payload.upperBound,
                                "VP8 first partition (\(tag.firstPartitionSize) bytes) runs past the chunk")
        }
        let firstEnd = firstStart + tag.firstPartitionSize
        var reader = unsafe VP8BoolDecoder(bytes, range: firstStart..<firstEnd)
        var header = VP8FrameHeader(tag: tag)
        _ = unsafe reader.readFlag() // colour space: only one is defined, libwebp ignores it
        _ = unsafe reader.readFlag() // clamping type: reconstruction always clamps
        header.segmentation = unsafe parseSegmentation(&reader)
        header.filter = unsafe parseFilterSettings(&reader)
        guard unsafe !reader.isPastEnd else {
            throw ZoetropeError(.truncated, format: .webp, offset: firstEnd, "VP8 first partition ends inside the frame header")
        }
        header.tokenPartitions = unsafe try parsePartitions(&reader, bytes: bytes, after: firstEnd, end: payload.upperBound)
        header.quantMatrices = unsafe parseQuantizers(&reader, segmentation: header.segmentation)
        _ = unsafe reader.readFlag() // "refresh entropy probabilities": meaningless for a single frame
        unsafe parseCoefficientProbabilities(&reader, into: &header.coefficientProbabilities)
        header.skipProbability = unsafe reader.readFlag() ? UInt8(truncatingIfNeeded: reader.readLiteral(8)) : nil
        return unsafe (header, reader)
    }

    private static func parseSegmentation(_ reader: inout VP8BoolDecoder) -> VP8Segmentation {
        var segmentation = VP8Segmentation()
        segmentation.isEnabled = unsafe reader.readFlag()
        guard segmentation.isEnabled else { return segmentation }
        segmentation.updatesMap = unsafe reader.readFlag()
        if unsafe reader.readFlag() { // segment data follow
            segmentation.isAbsolute = unsafe reader.readFlag()
            for s in 0..<4 { segmentation.quantizer[s] = unsafe reader.readOptionalSigned(7) }
            for s in 0..<4 { segmentation.filterLevel[s] = unsafe reader.readOptionalSigned(6) }
        }
        if segmentation.updatesMap {
            for i in 0..<3 {
                segmentation.mapProbabilities[i] = unsafe reader.readFlag() ? UInt8(truncatingIfNeeded: reader.readLiteral(8)) : 255
            }
        }
        return segmentation
    }

    private static func parseFilterSettings(_ reader: inout VP8BoolDecoder) -> VP8FilterSettings {
        var filter = VP8FilterSettings()
        filter.isSimple = unsafe reader.readFlag()
        filter.level = unsafe reader.readLiteral(6)
        filter.sharpness = unsafe reader.readLiteral(3)
        filter.usesDeltas = unsafe reader.readFlag()
        if filter.usesDeltas, unsafe reader.readFlag() { // deltas are updated
            for i in 0..<4 where unsafe reader.readFlag() { filter.referenceDeltas[i] = unsafe reader.readSignedLiteral(6) }
            for i in 0..<4 where unsafe reader.readFlag() { filter.modeDeltas[i] = unsafe reader.readSignedLiteral(6) }
        }
        return filter
    }

    /// Splits the bytes after the first partition into token partitions: a table of 3-byte sizes
    /// for all but the last, which takes the rest. Sizes that overrun are cut to the data, and any
    /// partition may be empty, the last one too (libwebp accepts it when bytes follow in the file):
    /// the damage shows when a macroblock row needs tokens that are not there, and a partition no
    /// row uses (partition 7 of an image under 8 macroblock rows) is never read.
    private static func parsePartitions(_ reader: inout VP8BoolDecoder, bytes: UnsafeBufferPointer<UInt8>,
                                        after start: Int, end: Int)
        throws(ZoetropeError) -> [Range<Int>]
    {
        let count = unsafe 1 << reader.readLiteral(2)
        let tableSize = 3 * (count - 1)
        guard tableSize <= end - start else {
            throw ZoetropeError(.truncated, format: .webp, offset: end, "VP8 partition size table is cut short")
        }
        var partitions: [Range<Int>] = []
        partitions.reserveCapacity(count)
        var partitionStart = start + tableSize
        for p in 0..<(count - 1) {
            let entry = start + 3 * p
            let size = unsafe Int(bytes[entry]) | Int(bytes[entry + 1]) << 8 | Int(bytes[entry + 2]) << 16
            let partitionEnd = partitionStart + min(size, end - partitionStart)
            partitions.append(partitionStart..<partitionEnd)
            partitionStart = partitionEnd
        }
        partitions.append(partitionStart..<end)
        return partitions
    }

    private static func parseQuantizers(_ reader: inout VP8BoolDecoder, segmentation: VP8Segmentation) -> [VP8QuantMatrix] {
        let baseIndex = unsafe reader.readLiteral(7)
        var deltas = VP8QuantDeltas()
        deltas.lumaDC = unsafe reader.readOptionalSigned(4)
        deltas.secondOrderDC = unsafe reader.readOptionalSigned(4)
        deltas.secondOrderAC = unsafe reader.readOptionalSigned(4)
        deltas.chromaDC = unsafe reader.readOptionalSigned(4)
        deltas.chromaAC = unsafe reader.readOptionalSigned(4)
        guard segmentation.isEnabled else {
            return Array(repeating: VP8QuantMatrix(index: baseIndex, deltas: deltas), count: 4)
        }
        return segmentation.quantizer.map { value in
            VP8QuantMatrix(index: segmentation.isAbsolute ? value : value + baseIndex, deltas: deltas)
        }
    }

    private static func parseCoefficientProbabilities(_ reader: inout VP8BoolDecoder, into probabilities: inout [UInt8]) {
        let updates = VP8Tables.coefficientUpdateProbabilities
        for index in 0..<probabilities.count where unsafe reader.readBit(updates[index]) {
            probabilities[index] = unsafe UInt8(truncatingIfNeeded: reader.readLiteral(8))
        }
    }
}
