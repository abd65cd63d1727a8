extension Array where Element == String {
    /// The strings with `separator` between them, as `joined(separator:)` gives. The standard
    /// library's generic `joined` is not specialised for `[String]` here, and its first calls
    /// build generic metadata at run time (about 0.2 M instructions each, measured with callgrind):
    /// a visible part of the command's start-up, where help texts and reports are joined once.
    func concatenated(separator: String) -> String {
        var result = ""
        for (index, part) in enumerated() {
            if index > 0 { result += separator }
            result += part
        }
        return result
    }
}
