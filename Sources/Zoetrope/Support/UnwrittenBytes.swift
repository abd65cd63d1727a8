extension Array where Element == UInt8 {
    /// `count` bytes of which only the first `prefix.count` are written (copied from `prefix`); the
    /// rest are left as the allocator gave them.
    ///
    /// For buffers that are about to be overwritten anyway (a whole decoded image, inflate's output
    /// buffer): zero-filling them first would touch every byte once more for nothing, a memset of
    /// the whole image. Declaring the unwritten bytes initialised is sound for `UInt8` (every bit
    /// pattern is a valid value, and there is nothing to deinitialise), but their values are
    /// arbitrary, so every caller must write each byte before it is read or handed out; each call
    /// site says why that holds.
    init(unwrittenCount count: Int, copying prefix: UnsafeBufferPointer<UInt8> = unsafe UnsafeBufferPointer(start: nil, count: 0)) {
        precondition(prefix.count <= count)
        unsafe self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            if let source = prefix.baseAddress, let target = buffer.baseAddress {
                unsafe target.initialize(from: source, count: prefix.count)
            }
            initialized = count
        }
    }
}
