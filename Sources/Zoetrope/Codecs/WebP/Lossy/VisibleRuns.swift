/// The stretches of a pair of alpha rows that hold a pixel whose alpha is not 0, found eight
/// pixels (a word) at a time: what a frame blended over the canvas must convert, its clear pixels
/// changing nothing there. A run starts at a multiple of 8 and ends at one or at the row's end; a
/// stretch of clear pixels shorter than `gapWords` words inside a run stays in it.
@unsafe struct VisibleRuns {
    private let top: UnsafePointer<UInt8>
    private let bottom: UnsafePointer<UInt8>
    private let width: Int
    private let gapWords: Int
    private var x = 0

    /// The runs of `top` and `bottom` (the same row for a single row), `width` pixels each.
    init(top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>, width: Int, gapWords: Int) {
        unsafe (self.top, self.bottom, self.width, self.gapWords) = (top, bottom, width, max(gapWords, 1))
    }

    /// The next run, or nil after the last.
    mutating func next() -> Range<Int>? {
        while unsafe x < width && isClear(at: x) { unsafe x &+= 8 }
        guard unsafe x < width else { return nil }
        let start = unsafe x
        var end = start, clearWords = 0
        while unsafe x < width {
            if unsafe isClear(at: x) {
                clearWords &+= 1
                if unsafe clearWords == gapWords { break }
            } else {
                clearWords = 0
                end = unsafe x &+ 8
            }
            unsafe x &+= 8
        }
        return unsafe start ..< (end < width ? end : width)
    }

    /// Whether the word at `x` (fewer pixels at the row's end) is clear in both rows. Debug builds
    /// OR the bytes (unoptimised, `loadUnaligned` is a generic call), inlined into ``next()``.
    @_transparent
    private func isClear(at x: Int) -> Bool {
        if unsafe x &+ 8 <= width {
            #if DEBUG
            let above = unsafe top + x, below = unsafe bottom + x
            let upper = unsafe above[0] | above[1] | above[2] | above[3] | above[4] | above[5] | above[6] | above[7]
            let lower = unsafe below[0] | below[1] | below[2] | below[3] | below[4] | below[5] | below[6] | below[7]
            return upper | lower == 0
            #else
            let above = unsafe UnsafeRawPointer(top + x).loadUnaligned(as: UInt64.self)
            let below = unsafe UnsafeRawPointer(bottom + x).loadUnaligned(as: UInt64.self)
            return above | below == 0
            #endif
        }
        var pixel = x
        while unsafe pixel < width {
            if unsafe top[pixel] | bottom[pixel] != 0 { return false }
            pixel &+= 1
        }
        return true
    }
}
