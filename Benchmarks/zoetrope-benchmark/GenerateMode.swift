import Zoetrope

/// `generate DIR`: benchmark files only Zoetrope's own encoders can make here (APNG: Debian's
/// libpng cannot write it). GIF and PNG files come from the C reference's `generate`.
enum GenerateMode {
    static func run(_ arguments: [String]) -> Int32 {
        print("no APNG encoder yet: nothing generated")
        return 0
    }
}
