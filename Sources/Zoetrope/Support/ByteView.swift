/// A read-only view of an image file's bytes, which the parsers and decoders read: an array's
/// storage or a file's mapping, without copying either.
///
/// A view does not own its bytes: it is made by ``ImageBytes/withView(_:)`` and is valid only
/// inside that call, so it is passed down, never stored in anything that outlives the call (the
/// containers keep the ``ImageBytes`` and make a view for each decode). Reads are bounds-checked
/// like an array's; hot loops take the ``buffer`` once, as they would from an array's
/// `withUnsafeBufferPointer`.
@safe struct ByteView: RandomAccessCollection {
    /// The bytes.
    let buffer: UnsafeBufferPointer<UInt8>

    /// A view of `buffer`, which must stay valid while the view is used.
    @inline(__always)
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        unsafe self.buffer = buffer
    }

    var startIndex: Int { @inline(__always) get { 0 } }
    var endIndex: Int { @inline(__always) get { unsafe buffer.count } }
    var count: Int { @inline(__always) get { unsafe buffer.count } }

    /// The byte at `index`, which must be in `0..<count`.
    @inline(__always)
    subscript(index: Int) -> UInt8 {
        unsafe precondition(index >= 0 && index < buffer.count, "byte offset out of range")
        return unsafe buffer[index]
    }

    /// The bytes of `range`, which must lie in `0..<count`, keeping the view's offsets (like an
    /// `ArraySlice`).
    subscript(range: Range<Int>) -> Slice<ByteView> {
        unsafe precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "byte range out of bounds")
        return Slice(base: self, bounds: range)
    }

    /// Calls `body` with the bytes as a buffer pointer, as an array's `withUnsafeBufferPointer`.
    @inline(__always)
    func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        unsafe try body(buffer)
    }

    func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        unsafe try body(buffer)
    }
}

extension Slice where Base == ByteView {
    /// The bytes as a buffer pointer (rebased: its first byte is index 0), valid while the view is.
    var buffer: UnsafeBufferPointer<UInt8> { unsafe UnsafeBufferPointer(rebasing: base.buffer[startIndex..<endIndex]) }
}
