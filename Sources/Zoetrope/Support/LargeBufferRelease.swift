#if canImport(Glibc)
import Glibc
#endif

/// Makes freed frame-sized buffers go back to the system at once, where the C library would keep
/// them (glibc on Linux).
///
/// glibc serves a large allocation with its own mapping, but after such a block is freed it raises
/// its mapping threshold to that block's size (up to 32 MiB), so that later canvases and frames of
/// a few megabytes come from the heap instead, and freed ones stay in the process: a grid of
/// twelve 1080p animations kept 40–50 MiB of freed 8 MB buffers resident. Fixing the threshold
/// at 128 KiB (glibc's own starting value, `M_MMAP_THRESHOLD`) keeps every frame-sized buffer in
/// a mapping of its own, unmapped when freed; the cost is a system call and fresh pages for each
/// such buffer, small beside decoding a frame into it.
///
/// It is a choice for the whole process, so the library never makes it by itself: the `zoetrope`
/// command and the benchmarks call this at start; an app on Linux that plays many large animations
/// can make the same choice with glibc's `mallopt(M_MMAP_THRESHOLD, 131072)` or the environment
/// variable `MALLOC_MMAP_THRESHOLD_=131072`. Elsewhere (Darwin's allocator returns large blocks
/// already) it does nothing.
package enum LargeBufferRelease {
    /// The size from which a block gets a mapping of its own.
    package static let threshold = 128 << 10

    /// glibc's `M_MMAP_THRESHOLD` parameter of `mallopt` (`<malloc.h>`, which the Glibc module
    /// does not include).
    private static let mmapThresholdParameter: Int32 = -3

    /// glibc's `M_TOP_PAD` parameter of `mallopt`.
    private static let topPadParameter: Int32 = -2

    /// Fixes the C library's mapping threshold at ``threshold``; returns whether it was set.
    @discardableResult
    package static func enable() -> Bool {
        mallopt(mmapThresholdParameter, threshold)
    }

    /// The memory kept at the top of each heap, ``keepHeapTop()``.
    package static let batchHeapTop = 64 << 20

    /// Keeps up to ``batchHeapTop`` of freed memory at the top of each heap (glibc's `M_TOP_PAD`)
    /// and grows heaps by as much at a time: for a batch job that frees and allocates the same
    /// frame-sized buffers frame after frame (`convert` to WebP), whose next buffers then reuse
    /// pages already mapped instead of faulting in fresh zeroed ones (page faults were a quarter
    /// of a 1280×720 lossless conversion's CPU time). Only pages once used stay resident, and
    /// only while the process runs: a 1080p conversion to lossless WebP peaks at 104 MB instead
    /// of 83. Returns whether it was set.
    @discardableResult
    package static func keepHeapTop() -> Bool {
        mallopt(topPadParameter, batchHeapTop)
    }

    private static func mallopt(_ parameter: Int32, _ value: Int) -> Bool {
        #if canImport(Glibc)
        // `mallopt` is looked up in the C library already loaded: no header, no C code.
        guard let symbol = unsafe dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafe unsafeBitCast(symbol, to: Mallopt.self)
        return mallopt(parameter, Int32(value)) == 1
        #else
        return false
        #endif
    }
}
