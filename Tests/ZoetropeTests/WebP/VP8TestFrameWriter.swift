@testable import Zoetrope

/// Writes small VP8 key frames from RFC 6386's description of the bitstream (sections 9 and 19),
/// with ``SpecBoolEncoder``: every macroblock predicted with DC_PRED and skipped (no
/// coefficients), so that the decoded picture is known by hand, and the token partitions laid out
/// as a test asks. Only the coefficient update probabilities (which say how "no update" is
/// coded) come from the decoder's tables; libwebp's dwebp reading the same file checks them.
enum VP8TestFrameWriter {
    /// The VP8 payload (frame tag, start code, size, first partition, partition sizes, token
    /// partitions) of a `width` × `height` key frame with `tokenPartitions` (1, 2, 4 or 8 of them;
    /// all but the last are listed in the size table, the last takes the rest).
    static func keyFrame(width: Int, height: Int, tokenPartitions: [[UInt8]]) -> [UInt8] {
        let log2Count = [1: 0, 2: 1, 4: 2, 8: 3][tokenPartitions.count]!
        var encoder = SpecBoolEncoder()
        func literal(_ value: Int, _ bits: Int) {
            for bit in (0..<bits).reversed() { encoder.write((value >> bit) & 1 == 1, probability: 128) }
        }
        literal(0, 1)            // color_space
        literal(0, 1)            // clamping_type
        literal(0, 1)            // segmentation_enabled
        literal(0, 1)            // filter_type
        literal(0, 6)            // loop_filter_level: no loop filter
        literal(0, 3)            // sharpness_level
        literal(0, 1)            // loop_filter_adj_enable
        literal(log2Count, 2)    // log2_nbr_of_dct_partitions
        literal(10, 7)           // y_ac_qi
        for _ in 0..<5 { literal(0, 1) }   // no quantizer deltas
        literal(0, 1)            // refresh_entropy_probs
        for probability in VP8Tables.coefficientUpdateProbabilities { encoder.write(false, probability: probability) }
        literal(1, 1)            // mb_no_skip_coeff
        let skipProbability = 40
        literal(skipProbability, 8)   // prob_skip_false
        let macroblocks = ((width + 15) / 16) * ((height + 15) / 16)
        for _ in 0..<macroblocks {
            encoder.write(true, probability: UInt8(skipProbability))   // mb_skip_coeff: no coefficients
            encoder.write(true, probability: 145)    // not B_PRED
            encoder.write(false, probability: 156)   // DC_PRED or V_PRED
            encoder.write(false, probability: 163)   // DC_PRED
            encoder.write(false, probability: 142)   // chroma DC_PRED
        }
        let first = encoder.finish()
        // Frame tag: key frame (bit 0 clear), version 0, shown, then the first partition's size.
        let tag = 0 | 0 << 1 | 1 << 4 | first.count << 5
        var payload: [UInt8] = [UInt8(tag & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag >> 16 & 0xFF), 0x9D, 0x01, 0x2A,
                                UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
        payload += first
        for partition in tokenPartitions.dropLast() {
            payload += [UInt8(partition.count & 0xFF), UInt8(partition.count >> 8 & 0xFF), UInt8(partition.count >> 16 & 0xFF)]
        }
        for partition in tokenPartitions { payload += partition }
        return payload
    }

    /// A simple-format WebP file (`RIFF` … `WEBP` `VP8 `) holding `payload`, padded to an even size.
    static func webp(_ payload: [UInt8]) -> [UInt8] {
        func littleEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let chunk = Array("VP8 ".utf8) + littleEndian(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
        return Array("RIFF".utf8) + littleEndian(4 + chunk.count) + Array("WEBP".utf8) + chunk
    }
}
