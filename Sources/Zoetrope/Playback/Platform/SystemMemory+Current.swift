#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Darwin)
import Darwin
#endif

extension SystemMemory {
    /// The memory of the machine (or container) this process runs in, read now.
    ///
    /// Linux: `/proc/meminfo` and the cgroup limit (v2 `/sys/fs/cgroup/memory.max`, else v1
    /// `/sys/fs/cgroup/memory/memory.limit_in_bytes`). Apple platforms: physical memory, and on
    /// iOS-family systems `os_proc_available_memory()`.
    public static func current() -> SystemMemory {
        #if os(Linux) || os(Android)
        let meminfo = text("/proc/meminfo") ?? ""
        let v2Limit = text("/sys/fs/cgroup/memory.max")
        let limit = v2Limit ?? text("/sys/fs/cgroup/memory/memory.limit_in_bytes")
        let usage = v2Limit != nil ? text("/sys/fs/cgroup/memory.current")
                                   : text("/sys/fs/cgroup/memory/memory.usage_in_bytes")
        if let memory = linux(meminfo: meminfo, cgroupLimit: limit, cgroupUsage: usage) { return memory }
        #endif
        let physical = Int(clamping: ProcessInfo.processInfo.physicalMemory)
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return SystemMemory(physical: physical, available: Int(clamping: os_proc_available_memory()))
        #else
        return SystemMemory(physical: physical, available: physical)
        #endif
    }

    private static func text(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
