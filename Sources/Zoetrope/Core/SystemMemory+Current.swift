#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(os)
import os
#endif

extension SystemMemory {
    /// The memory of the machine (or container) this process runs in, read now, lowered to the
    /// process's resource limits (`RLIMIT_AS`, `RLIMIT_DATA`) when they are lower.
    ///
    /// Linux: `/proc/meminfo` and the cgroup limits (v2 `memory.max`, v1 `memory.limit_in_bytes`)
    /// of the process's cgroup and every cgroup above it; see
    /// `cgroupMemoryFiles(procSelfCgroup:)`. Apple platforms: physical memory, and on iOS-family
    /// systems `os_proc_available_memory()`.
    public static func current() -> SystemMemory {
        machine().limited(to: resourceLimit())
    }

    private static func machine() -> SystemMemory {
        #if os(Linux) || os(Android)
        let meminfo = text("/proc/meminfo") ?? ""
        let cgroups = cgroupMemoryFiles(procSelfCgroup: text("/proc/self/cgroup") ?? "").compactMap { file in
            text(file.limit).map { (limit: $0, usage: text(file.usage)) }
        }
        if let memory = linux(meminfo: meminfo, cgroups: cgroups) { return memory }
        #endif
        let (product, overflow) = max(0, sysconf(Int32(_SC_PHYS_PAGES)))
            .multipliedReportingOverflow(by: max(0, sysconf(Int32(_SC_PAGESIZE))))
        let physical = overflow ? Int.max : product
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return SystemMemory(physical: physical, available: Int(clamping: os_proc_available_memory()))
        #else
        return SystemMemory(physical: physical, available: physical)
        #endif
    }

    /// The memory available to the process now, without swapping: the machine's, lowered by every
    /// cgroup limit on the process's path; its resource limits left out (``MemoryHeadroom`` weighs
    /// those against what the process has mapped).
    static func machineAvailable() -> Int { machine().available }

    /// The process's resident memory in bytes, read now (Linux's `/proc/self/statm`: code and
    /// mapped file pages included), or `nil` where it cannot be read. Status lines show it beside
    /// a cache's own figures, which count only what the animations hold.
    package static func processResident() -> Int? {
        #if os(Linux) || os(Android)
        guard let text = text("/proc/self/statm"), let usage = MemoryHeadroom.statm(text) else { return nil }
        let (bytes, overflow) = usage.resident.multipliedReportingOverflow(by: max(1, sysconf(Int32(_SC_PAGESIZE))))
        return overflow ? nil : bytes
        #else
        return nil
        #endif
    }

    /// The lower of the soft `RLIMIT_AS` and `RLIMIT_DATA` limits, or `nil` when both are unlimited.
    private static func resourceLimit() -> Int? {
        let limits = resourceLimits()
        switch (limits.addressSpace, limits.data) {
        case let (space?, data?): return min(space, data)
        case let (space, data): return space ?? data
        }
    }

    /// The soft `RLIMIT_AS` and `RLIMIT_DATA` limits in bytes, `nil` where unlimited.
    static func resourceLimits() -> (addressSpace: Int?, data: Int?) {
        #if canImport(Glibc)
        let resources = [RLIMIT_AS, RLIMIT_DATA].map { __rlimit_resource_t($0.rawValue) }
        #else
        let resources = [RLIMIT_AS, RLIMIT_DATA]
        #endif
        let values = resources.map { resource -> Int? in
            var limit = rlimit()
            // RLIM_INFINITY is the largest value on every platform.
            guard unsafe getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(Int.max) else { return nil }
            return Int(limit.rlim_cur)
        }
        return (values[0], values[1])
    }

    private static func text(_ path: String) -> String? {
        guard let bytes = try? FileBytes.read(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
