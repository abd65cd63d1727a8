#if canImport(Glibc)
import Glibc
#endif

enum MemoryTuning {
    /// glibc keeps freed blocks below its mmap threshold in its heaps, and raises that threshold
    /// to the size of every large block freed (up to 32 MiB): canvases would then stay resident
    /// after their request, and the resident size would grow past what requests hold at once.
    /// A fixed threshold of 256 KiB (`mallopt(M_MMAP_THRESHOLD)`, looked up at run time as the
    /// Glibc module does not import `malloc.h`) maps every canvas-sized block afresh and unmaps it
    /// when freed.
    static func returnFreedImagesToTheSystem() {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mmapThreshold: Int32 = -3   // M_MMAP_THRESHOLD in malloc.h
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 256 << 10)
        #endif
    }
}

/// Flushes standard output (the "listening on" line reaches a pipe at once).
func fflushStandardOutput() {
    #if canImport(Glibc)
    fflush(nil)
    #endif
}
