/// Standard base64 (RFC 4648, section 4: `A–Z a–z 0–9 + /`, `=` padding), as the kitty and iTerm2
/// image protocols expect.
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The base64 text of `bytes`, as ASCII bytes.
    package static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out.append(alphabet[Int(group >> 18)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(alphabet[Int(group >> 6 & 63)])
            out.append(alphabet[Int(group & 63)])
            index += 3
        }
        let padding = UInt8(ascii: "=")
        switch bytes.count - index {
        case 1:
            let group = UInt32(bytes[index]) << 16
            out.append(alphabet[Int(group >> 18)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(padding)
            out.append(padding)
        case 2:
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            out.append(alphabet[Int(group >> 18)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(alphabet[Int(group >> 6 & 63)])
            out.append(padding)
        default:
            break
        }
        return out
    }
}
