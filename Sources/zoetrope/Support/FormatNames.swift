import Zoetrope

/// The decodable formats as help text reads them, from the library's registry.
enum FormatNames {
    /// "GIF, PNG, APNG or WebP".
    static let list: String = {
        let names = ImageFormat.decodable.map(\.description)
        guard names.count > 1 else { return names.first ?? "" }
        return Array(names.dropLast()).concatenated(separator: ", ") + " or " + names[names.count - 1]
    }()
}
