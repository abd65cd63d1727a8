/// Building escape sequences as bytes without Foundation or string formatting.
extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text`.
    mutating func append(text: String) {
        append(contentsOf: text.utf8)
    }

    /// Appends `value` in decimal ASCII.
    mutating func append(decimal value: Int) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            append(decimal: 0 - value)
            return
        }
        if value >= 10 { append(decimal: value / 10) }
        append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// Appends the Control Sequence Introducer, `ESC [`.
    mutating func appendCSI() {
        append(0x1B)
        append(UInt8(ascii: "["))
    }

    /// Appends a cursor position sequence (`CUP`), `ESC [ row ; column H`, 1-based.
    mutating func appendCursorPosition(row: Int, column: Int) {
        appendCSI()
        append(decimal: row)
        append(UInt8(ascii: ";"))
        append(decimal: column)
        append(UInt8(ascii: "H"))
    }

    /// Appends the String Terminator, `ESC \`.
    mutating func appendStringTerminator() {
        append(0x1B)
        append(UInt8(ascii: "\\"))
    }
}
