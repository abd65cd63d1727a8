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
    /// The memory of the machine (or container) this process runs in, read now.
    ///
    /// Linux: `/proc/meminfo` and the cgroup limit (v2 `memory.max`, else v1
    /// `memory.limit_in_bytes`, of the process's own cgroup or the root of `/sys/fs/cgroup`).
    /// Apple platforms: physical memory, and on iOS-family
    /// systems `os_proc_available_memory()`.
    public static func current() -> SystemMemory {
        #if os(Linux) || os(Android)
        let meminfo = text("/proc/meminfo") ?? ""
        let files = cgroupMemoryFiles(procSelfCgroup: text("/proc/self/cgroup") ?? "")
        let cgroup = files.lazy.compactMap { file in text(file.limit).map { ($0, text(file.usage)) } }.first
        if let memory = linux(meminfo: meminfo, cgroupLimit: cgroup?.0, cgroupUsage: cgroup?.1) { return memory }
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

    private static func text(_ path: String) -> String? {
        guard let bytes = try? FileBytes.read(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
