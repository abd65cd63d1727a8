#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the process can still get the memory a large buffer needs: checked before every
/// allocation the size of a canvas or a frame, so that a canvas that cannot fit becomes a
/// `limitExceeded` error instead of a trap (Swift stops the process when an allocation fails).
///
/// The headroom is the least of what each limit on the process leaves: the `RLIMIT_AS` address
/// space minus what is mapped (`VmSize`), the `RLIMIT_DATA` limit minus the data mapped, and the
/// memory available without swapping, lowered by every cgroup limit on the process's path
/// (``SystemMemory/current()``'s sources). The address-space limits are weighed against what is
/// mapped at each check; the available memory (a few files to read, tens of microseconds) is read
/// again when the last reading is older than ``readingLifetime`` or the allocation is a sizeable
/// part of it, so a decoder checking every frame costs little. An allocation that races with
/// another thread's can still fail: that is why a margin is kept.
package enum MemoryHeadroom {
    /// Allocations smaller than this are not checked: reading the limits costs tens of
    /// microseconds, and a process that cannot find 8 MiB fails elsewhere first.
    static let checkedSize = 8 << 20
    /// Memory kept free beyond the allocation asked for: the runtime's own allocations, a decoder's
    /// small buffers, and other threads.
    static let margin = 32 << 20

    /// Throws when `bytes` more cannot be allocated.
    /// - Parameters:
    ///   - what: the buffer, for the message ("a 10000×10000 canvas").
    ///   - format, offset: where the error points.
    /// - Throws: ``ZoetropeError`` of kind `.limitExceeded`.
    package static func reserve(_ bytes: Int, for what: @autoclosure () -> String, format: ImageFormat?,
                                offset: Int?) throws(ZoetropeError) {
        guard bytes >= checkedSize else { return }
        let available = current(toFit: bytes)
        guard bytes > available - margin else { return }
        throw ZoetropeError(.limitExceeded, format: format, offset: offset,
                            "\(what()) needs \(megabytes(bytes)) of memory, more than the \(megabytes(max(0, available))) "
                            + "the process can still get (its ulimit and cgroup limits, and the memory available)")
    }

    /// The bytes of `count` pixels of `bytesPerPixel` bytes, saturating instead of trapping (a
    /// saturated size never fits).
    package static func bytes(pixels count: Int, bytesPerPixel: Int = 4) -> Int {
        let (product, overflow) = max(0, count).multipliedReportingOverflow(by: bytesPerPixel)
        return overflow ? .max : product
    }

    /// How long a reading of the available memory is trusted for allocations of less than a
    /// quarter of it.
    static let readingLifetime = Duration.milliseconds(250)

    /// The last reading of the available memory, and when it was taken.
    private static let lastReading = LockedState<(bytes: Int, time: ContinuousClock.Instant)?>(nil)

    /// The memory the process can get now for an allocation of `bytes`, in bytes.
    static func current(toFit bytes: Int = .max) -> Int {
        min(machineAvailable(toFit: bytes), addressSpaceHeadroom() ?? .max)
    }

    /// The available memory: the last reading while it is fresh and `bytes` is under a quarter of
    /// it, else a new one.
    private static func machineAvailable(toFit bytes: Int) -> Int {
        let now = ContinuousClock.now
        if let last = lastReading.withLock({ $0 }), now - last.time < readingLifetime, bytes < last.bytes / 4 {
            return last.bytes
        }
        let available = SystemMemory.machineAvailable()
        lastReading.withLock { $0 = (available, now) }
        return available
    }

    /// What `RLIMIT_AS` and `RLIMIT_DATA` leave beyond what the process has mapped, or `nil` when
    /// both are unlimited (or the mapped sizes cannot be read).
    static func addressSpaceHeadroom() -> Int? {
        let limits = SystemMemory.resourceLimits()
        guard limits.addressSpace != nil || limits.data != nil,
              let bytes = try? FileBytes.read("/proc/self/statm"),
              let usage = statm(String(decoding: bytes, as: UTF8.self)) else { return nil }
        let page = max(1, sysconf(Int32(_SC_PAGESIZE)))
        var headroom = Int.max
        if let limit = limits.addressSpace { headroom = min(headroom, limit - usage.size * page) }
        if let limit = limits.data { headroom = min(headroom, limit - usage.data * page) }
        return headroom
    }

    /// The total, resident and data sizes, in pages, from the text of Linux's `/proc/self/statm`
    /// ("size resident shared text lib data dt").
    static func statm(_ text: String) -> (size: Int, resident: Int, data: Int)? {
        let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard fields.count >= 6 else { return nil }
        return (fields[0], fields[1], fields[5])
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
