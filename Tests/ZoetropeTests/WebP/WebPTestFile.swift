/// Test-only WebP file writer: RIFF chunks around payloads the tests make (VP8L streams from
/// ``VP8LTestStream``), in the simple or the extended (animated) form of RFC 9649.
enum WebPTestFile {
    /// One `ANMF` frame.
    struct Frame {
        var x = 0, y = 0
        var duration = 100
        /// `true`: blend over the canvas; `false`: replace (the "do not blend" bit).
        var blends = true
        var disposesToBackground = false
        /// The image chunk's payload (VP8L unless `fourCC` says otherwise).
        var payload: [UInt8]
        var fourCC = "VP8L"
        /// An `ALPH` payload before a `VP8 ` image.
        var alpha: [UInt8]? = nil
    }

    static func chunk(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
        Array(fourCC.utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    static func riff(_ chunks: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + le32(chunks.count + 4) + Array("WEBP".utf8) + chunks
    }

    /// A still lossless image: `RIFF WEBP VP8L`.
    static func still(_ vp8l: [UInt8]) -> [UInt8] { riff(chunk("VP8L", vp8l)) }

    /// An animated file: `VP8X` (animation flag, and alpha), `ANIM`, then one `ANMF` per frame.
    static func animation(width: Int, height: Int, loopCount: Int, frames: [Frame],
                          extraChunks: [UInt8] = []) -> [UInt8] {
        let vp8x = [UInt8(0x02 | 0x10), 0, 0, 0] + le24(width - 1) + le24(height - 1)
        let anim = [UInt8](repeating: 0xFF, count: 4) + [UInt8(loopCount & 0xFF), UInt8(loopCount >> 8)]
        var body = chunk("VP8X", vp8x) + chunk("ANIM", anim) + extraChunks
        for frame in frames {
            let flags = UInt8((frame.blends ? 0 : 2) | (frame.disposesToBackground ? 1 : 0))
            let size = VP8LFrameSize.of(frame)
            var anmf = le24(frame.x / 2) + le24(frame.y / 2) + le24(size.width - 1) + le24(size.height - 1)
            anmf += le24(frame.duration) + [flags]
            if let alpha = frame.alpha { anmf += chunk("ALPH", alpha) }
            anmf += chunk(frame.fourCC, frame.payload)
            body += chunk("ANMF", anmf)
        }
        return riff(body)
    }

    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func le24(_ value: Int) -> [UInt8] { (0..<3).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}

/// The size a VP8L payload's header states (the ANMF fields must repeat it).
enum VP8LFrameSize {
    static func of(_ frame: WebPTestFile.Frame) -> (width: Int, height: Int) {
        guard frame.fourCC == "VP8L", frame.payload.count >= 5 else { return (1, 1) }
        let bits = (1...4).reduce(0) { $0 | Int(frame.payload[$1]) << (8 * ($1 - 1)) }
        return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    }
}
