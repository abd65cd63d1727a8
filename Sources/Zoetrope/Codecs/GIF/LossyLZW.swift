/// Lossy LZW with error diffusion, in the manner of `gifsicle --lossy`: a pass over a frame's
/// indices that runs GIF's LZW parse and, at each string, searches the string table for the
/// longest string whose colours stay close to the pixels they replace. The error each
/// substitution makes is carried along the string (three quarters of it to the next pixel), so a
/// string that starts too dark continues with lighter colours rather than drifting; the closest
/// of the longest strings wins.
///
/// The result is a new index stream; compressing it with the ordinary ``LZWEncoder`` follows the
/// same parse (a chosen string never stops where the exact next index would continue it), so the
/// longer strings become fewer codes, and a decoder shows exactly the rewritten indices.
struct LossyLZW {
    /// The colour of each index, or `nil` for one that is never changed nor substituted (an entry
    /// past the palette: a transparent one without ``shown``).
    private let colors: [LossyColor]
    /// Where the transparent index keeps what is shown (a differenced frame): that colour for each
    /// pixel (`nil` where it shows transparency), so the transparent index can stand for pixels
    /// whose colour is already displayed.
    private let shown: [LossyColor?]?
    private let transparent: Int
    private let limit: Int32
    private let minimumCodeSize: Int
    private var trie: LossyStringTrie

    /// `colors` are the table's colours (indices at or above their count are never changed nor
    /// substituted, unless `shown` gives the colour a transparent index at `transparent` leaves in
    /// each pixel); `distance` is the largest RGB distance allowed between a pixel's colour (with
    /// the error carried to it) and its substitute.
    init(colors: [RGBColor], distance: Int, minimumCodeSize: Int, transparent: UInt8? = nil, shown: [RGBColor?]? = nil) {
        self.colors = colors.map(LossyColor.init)
        self.transparent = transparent.map(Int.init) ?? -1
        self.shown = transparent == nil ? nil : shown?.map { $0.map(LossyColor.init) }
        limit = Int32(min(distance, 400) * min(distance, 400))
        self.minimumCodeSize = minimumCodeSize
        trie = LossyStringTrie(roots: 1 << minimumCodeSize)
    }

    /// `indices` rewritten for a shorter LZW stream.
    mutating func rewrite(_ indices: [UInt8]) -> [UInt8] {
        guard !indices.isEmpty else { return indices }
        var output = indices
        var search = LossyStringSearch()
        trie.reset()
        var start = 0
        while start < indices.count {
            let (code, end) = search.longest(from: start, in: indices, trie: trie, lossy: self)
            for (offset, index) in search.path.enumerated() { output[start + 1 + offset] = index }
            if end < indices.count { trie.add(code, indices[end]) }
            start = end
        }
        return output
    }

    /// The colour index `index` shows at `pixel`, or `nil` when it must stay as it is.
    @inline(__always)
    func color(_ index: UInt8, at pixel: Int) -> LossyColor? {
        let index = Int(index)
        if index < colors.count { return colors[index] }
        if index == transparent, let shown, pixel < shown.count { return shown[pixel] }
        return nil
    }

    /// How far `substitute` is from `original`'s colour at `pixel` plus the error `carried` to it
    /// (squared RGB distance, or with half the error when that is closer), and the error carried
    /// on to the next pixel; `nil` when that is beyond the limit or the substitution not allowed.
    @inline(__always)
    func cost(_ original: UInt8, _ substitute: UInt8, at pixel: Int, carried: LossyColor) -> (Int32, LossyColor)? {
        if original == substitute { return (0, carried.decayed) }
        guard let want = color(original, at: pixel), let have = color(substitute, at: pixel) else { return nil }
        let difference = want.subtracting(have)
        let squared = min(difference.adding(carried).squaredLength, difference.adding(carried.halved).squaredLength)
        guard squared <= limit else { return nil }
        return (squared, difference.adding(carried.decayed))
    }
}

/// A colour or a colour error, in signed components.
struct LossyColor: Sendable {
    var red: Int32, green: Int32, blue: Int32

    static let zero = LossyColor(red: 0, green: 0, blue: 0)

    init(red: Int32, green: Int32, blue: Int32) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init(_ color: RGBColor) {
        self.init(red: Int32(color.red), green: Int32(color.green), blue: Int32(color.blue))
    }

    /// Three quarters of an error: what is carried to the next pixel.
    var decayed: LossyColor { LossyColor(red: red * 3 / 4, green: green * 3 / 4, blue: blue * 3 / 4) }

    /// Half an error.
    var halved: LossyColor { LossyColor(red: red / 2, green: green / 2, blue: blue / 2) }

    var squaredLength: Int32 { red * red + green * green + blue * blue }

    func adding(_ other: LossyColor) -> LossyColor {
        LossyColor(red: red + other.red, green: green + other.green, blue: blue + other.blue)
    }

    func subtracting(_ other: LossyColor) -> LossyColor {
        LossyColor(red: red - other.red, green: green - other.green, blue: blue - other.blue)
    }
}
