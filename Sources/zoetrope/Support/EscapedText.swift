/// Text from files and arguments made safe for a one-line message: control characters and bytes
/// that are not UTF-8 are written as `\xNN`, so a damaged name cannot break lines or send
/// escape sequences to the terminal (C1 controls such as the 8-bit CSI included).
enum EscapedText {
    /// `bytes` as UTF-8 where valid, with every other byte and every control character escaped.
    static func bytes(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length == 0 {
                text += hex(bytes[index])
                index += 1
                continue
            }
            let scalar = String(decoding: bytes[index..<index + length], as: UTF8.self)
            // C0 controls, DEL, and the C1 controls U+0080–U+009F (written C2 80 … C2 9F).
            let isControl = length == 1 && (bytes[index] < 0x20 || bytes[index] == 0x7F)
                || length == 2 && bytes[index] == 0xC2 && bytes[index + 1] < 0xA0
            text += isControl ? bytes[index..<index + length].map(hex).joined() : scalar
            index += length
        }
        return text
    }

    /// `text` with control characters escaped.
    static func line(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                result += scalar.value <= 0xFF ? hex(UInt8(scalar.value)) : "?"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func hex(_ byte: UInt8) -> String {
        "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    /// The length of the well-formed UTF-8 sequence starting at `index`, or 0 when there is none.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
            : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0
        guard length > 0, index + length <= bytes.count else { return 0 }
        var decoder = UTF8()
        var iterator = bytes[index..<index + length].makeIterator()
        if case .scalarValue = decoder.decode(&iterator) { return length }
        return 0
    }
}
