/// The versions of the command's JSON schemas (docs/cli.md), in every object they print; a version
/// changes when a field is removed or changes meaning (new fields may appear without it).
enum JSONSchemaVersion {
    /// `info --json`. 2: the output is an array for any number of files (1 printed a bare object
    /// for one file).
    static let info = 2

    /// `timeline --json`.
    static let timeline = 1
}
