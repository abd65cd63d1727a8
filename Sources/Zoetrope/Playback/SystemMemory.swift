/// How much memory the system has and how much is free: what the automatic buffer budget is
/// computed from.
public struct SystemMemory: Sendable, Hashable {
    /// Physical memory in bytes, or the process's memory limit (a cgroup limit) when lower.
    public var physical: Int
    /// Memory available to the process in bytes, without swapping.
    public var available: Int

    /// Creates memory facts.
    public init(physical: Int, available: Int) {
        self.physical = max(physical, 0)
        self.available = max(available, 0)
    }

    /// The smallest automatic budget: 10 MB.
    package static let minimumAutomaticBudget = 10 * 1024 * 1024

    /// The automatic budget of decoded frames: the smaller of 20 % of physical memory and 60 % of
    /// available memory (YYImage's rule), but at least 10 MB.
    public var automaticBudget: Int {
        max(Self.minimumAutomaticBudget, min(physical / 5, available / 5 * 3))
    }

    /// Memory facts from the text of Linux's `/proc/meminfo` and the cgroup files that limit the
    /// process (cgroup v2 `memory.max` and `memory.current`, or v1 `memory.limit_in_bytes` and
    /// `memory.usage_in_bytes`); `nil` when `meminfo` lacks `MemTotal`.
    ///
    /// A cgroup limit lowers both figures: physical memory becomes the limit, and available memory
    /// what is left of it.
    package static func linux(meminfo: String, cgroupLimit: String? = nil,
                             cgroupUsage: String? = nil) -> SystemMemory? {
        var fields: [Substring: Int] = [:]
        for line in meminfo.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "\t" })
            guard parts.count >= 2, let value = Int(parts[1]) else { continue }
            let (bytes, overflow) = value.multipliedReportingOverflow(by: parts.count > 2 && parts[2] == "kB" ? 1024 : 1)
            fields[parts[0]] = overflow ? Int.max : bytes
        }
        guard let total = fields["MemTotal"] else { return nil }
        var memory = SystemMemory(physical: total, available: fields["MemAvailable"] ?? fields["MemFree"] ?? total)
        if let limitText = cgroupLimit?.split(whereSeparator: \.isWhitespace).first,
           let limit = Int(limitText), limit > 0, limit < memory.physical {
            let usage = cgroupUsage?.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 0
            memory.physical = limit
            memory.available = min(memory.available, max(limit - usage, 0))
        }
        return memory
    }

    /// The cgroup files that may hold the process's memory limit and usage, most specific first:
    /// its own cgroup (from the text of `/proc/self/cgroup`) before the root of the mount, v2 before v1.
    package static func cgroupMemoryFiles(procSelfCgroup: String) -> [(limit: String, usage: String)] {
        var v2Own: [(limit: String, usage: String)] = [], v1Own: [(limit: String, usage: String)] = []
        for line in procSelfCgroup.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[2].hasPrefix("/"), fields[2] != "/" else { continue }
            let path = fields[2]
            if fields[0] == "0" && fields[1].isEmpty {
                v2Own.append(("/sys/fs/cgroup\(path)/memory.max", "/sys/fs/cgroup\(path)/memory.current"))
            } else if fields[1].split(separator: ",").contains("memory") {
                v1Own.append(("/sys/fs/cgroup/memory\(path)/memory.limit_in_bytes",
                              "/sys/fs/cgroup/memory\(path)/memory.usage_in_bytes"))
            }
        }
        return v2Own + [("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current")] + v1Own
            + [("/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes")]
    }
}
