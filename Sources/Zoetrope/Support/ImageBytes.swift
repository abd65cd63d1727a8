/// An image file's bytes as the containers keep them: an array a caller gave, or a file mapped
/// into memory (`MappedFile`), or a prefix of either. Copying the value shares the storage, which
/// lives as long as any copy: an image holds the bytes (and so the mapping) it decodes from.
///
/// Parsers and decoders read it through ``withView(_:)``, which hands them a ``ByteView`` of the
/// storage in place: a mapped file is never copied into an array.
package struct ImageBytes: Sendable {
    private enum Storage: Sendable {
        case array([UInt8])
        case mapped(MappedFile)
    }

    private let storage: Storage
    /// How many leading bytes of the storage this value covers.
    package let count: Int

    /// The bytes of `array`, shared.
    package init(_ array: [UInt8]) {
        storage = .array(array)
        count = array.count
    }

    /// The bytes of a mapped file.
    init(_ file: MappedFile) {
        storage = .mapped(file)
        count = file.count
    }

    private init(storage: Storage, count: Int) {
        self.storage = storage
        self.count = count
    }

    /// The first `length` bytes (all of them when there are fewer), sharing the storage.
    func prefix(_ length: Int) -> ImageBytes {
        ImageBytes(storage: storage, count: min(max(0, length), count))
    }

    /// Whether the bytes are a file's mapping rather than an array (tests check the lazy open maps).
    var isMapped: Bool {
        if case .mapped = storage { return true }
        return false
    }

    /// Gives a mapped file's resident pages back to the kernel (`MappedFile`); nothing for an
    /// array. Reading the bytes afterwards is as before, only faulting the pages in again.
    func releaseResidentPages() {
        if case .mapped(let file) = storage { file.releaseResidentPages() }
    }

    /// Calls `body` with a view of the bytes, valid during the call only.
    @inline(__always)
    func withView<Result, Failure: Error>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        switch storage {
        case .array(let array):
            return unsafe try array.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in
                unsafe try body(ByteView(UnsafeBufferPointer(rebasing: buffer[..<count])))
            }
        case .mapped(let file):
            return try withExtendedLifetime(file) { () throws(Failure) -> Result in
                unsafe try body(ByteView(UnsafeBufferPointer(rebasing: file.buffer[..<count])))
            }
        }
    }

    /// The bytes as an array: the caller's own array when they came as one, else a copy.
    package var array: [UInt8] {
        switch storage {
        case .array(let array): return count == array.count ? array : Array(array[..<count])
        case .mapped: return withView { unsafe Array($0.buffer) }
        }
    }
}
