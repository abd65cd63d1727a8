#if canImport(Glibc)
import Glibc
#endif

enum MemoryTuning {
    /// glibc keeps freed blocks below its mmap threshold in its heaps, and raises that threshold
    /// to the size of every large block freed (up to 32 MiB): canvases would then stay resident
    /// after their request, and the resident size would grow past what requests hold at once.
    /// A fixed threshold of 256 KiB maps every canvas-sized block afresh and unmaps it when freed.
    static func returnFreedImagesToTheSystem() {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, 256 << 10)
        #endif
    }
}

/// Flushes standard output (the "listening on" line reaches a pipe at once).
func fflushStandardOutput() {
    #if canImport(Glibc)
    fflush(stdout)
    #endif
}
