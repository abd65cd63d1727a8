#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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
