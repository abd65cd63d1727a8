
/// The file format `convert` writes: from `--format`, else from the output's extension.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case gif, png, apng, webp

    /// `explicit` when given, else the format `path`'s extension names.
    /// - Throws: ``CommandFailure`` when the format cannot be told (standard output, an unknown
    ///   extension).
    static func resolve(_ explicit: OutputFormat?, for path: PathArgument) throws -> OutputFormat {
        let format: OutputFormat
        if let explicit {
            format = explicit
        } else if let fromExtension = OutputFormat(rawValue: path.fileExtension) {
            format = fromExtension
        } else {
            let target = path.isStandardStream ? "standard output" : "'\(path.display)'"
            throw CommandFailure(file: nil, "cannot tell which format to write to \(target): "
                                 + "give --format gif, png or webp (or an output ending in .gif, .png, .apng or .webp)")
        }
        return format
    }
}
