/// How much memory this process may use and how much is free: what the ceiling of automatic
/// buffering is computed from.
public struct SystemMemory: Sendable, Hashable {
    /// The memory this process may use, in bytes: physical memory, lowered to the process's own
    /// limit when one is lower (a cgroup memory limit, `RLIMIT_AS`, `RLIMIT_DATA`).
    public var physical: Int
    /// Memory available to the process in bytes, without swapping.
    public var available: Int

    /// Creates memory facts.
    public init(physical: Int, available: Int) {
        self.physical = max(physical, 0)
        self.available = max(available, 0)
    }

    /// The smallest automatic ceiling: 16 MiB.
    package static let minimumAutomaticBudget = 16 << 20
    /// The largest automatic ceiling: 256 MiB, however big the machine.
    package static let maximumAutomaticBudget = 256 << 20

    /// The ceiling of automatic buffering, process-wide: the smaller of an eighth of the memory the
    /// process may use and a quarter of the available memory, between 16 MiB and 256 MiB.
    ///
    /// It is a cap, not a plan: an automatic ``BufferBudget`` decodes only as far ahead as playback
    /// needs (see ``BufferBudget/automatic``), and ``SharedFrameCache``'s default limit is this figure.
    public var automaticBudget: Int {
        min(max(Self.minimumAutomaticBudget, min(physical / 8, available / 4)), Self.maximumAutomaticBudget)
    }

    /// These facts lowered to a process limit of `limit` bytes (`nil`: no limit).
    package func limited(to limit: Int?) -> SystemMemory {
        guard let limit, limit > 0 else { return self }
        return SystemMemory(physical: min(physical, limit), available: min(available, limit))
    }

    /// Memory facts from the text of Linux's `/proc/meminfo` and of the cgroup files that limit the
    /// process (`limit`: v2 `memory.max` or v1 `memory.limit_in_bytes`; `usage`: `memory.current`
    /// or `memory.usage_in_bytes`); `nil` when `meminfo` lacks `MemTotal`.
    ///
    /// The tightest cgroup wins: physical memory becomes its limit, and available memory what is
    /// left of it (a limit of `max` or larger than the machine limits nothing).
    package static func linux(meminfo: String, cgroups: [(limit: String, usage: String?)] = []) -> SystemMemory? {
        var fields: [Substring: Int] = [:]
        for line in meminfo.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "\t" })
            guard parts.count >= 2, let value = Int(parts[1]) else { continue }
            let (bytes, overflow) = value.multipliedReportingOverflow(by: parts.count > 2 && parts[2] == "kB" ? 1024 : 1)
            fields[parts[0]] = overflow ? Int.max : bytes
        }
        guard let total = fields["MemTotal"] else { return nil }
        var memory = SystemMemory(physical: total, available: fields["MemAvailable"] ?? fields["MemFree"] ?? total)
        for cgroup in cgroups {
            guard let limitText = cgroup.limit.split(whereSeparator: \.isWhitespace).first,
                  let limit = Int(limitText), limit > 0, limit < total else { continue }
            let usage = cgroup.usage?.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 0
            memory.physical = min(memory.physical, limit)
            memory.available = min(memory.available, max(limit - usage, 0))
        }
        return memory
    }

    /// The cgroup files that may hold the process's memory limits and usage: those of its own
    /// cgroup (from the text of `/proc/self/cgroup`) and of every cgroup above it up to the root of
    /// the mount, v2 before v1. A limit anywhere on that path applies to the process.
    package static func cgroupMemoryFiles(procSelfCgroup: String) -> [(limit: String, usage: String)] {
        var v2: [(limit: String, usage: String)] = [], v1: [(limit: String, usage: String)] = []
        for line in procSelfCgroup.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[2].hasPrefix("/") else { continue }
            if fields[0] == "0" && fields[1].isEmpty {
                v2 += ancestry(of: fields[2]).map { ("/sys/fs/cgroup\($0)memory.max", "/sys/fs/cgroup\($0)memory.current") }
            } else if fields[1].split(separator: ",").contains("memory") {
                v1 += ancestry(of: fields[2]).map {
                    ("/sys/fs/cgroup/memory\($0)memory.limit_in_bytes", "/sys/fs/cgroup/memory\($0)memory.usage_in_bytes")
                }
            }
        }
        if v2.isEmpty { v2 = [("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current")] }
        if v1.isEmpty {
            v1 = [("/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes")]
        }
        return v2 + v1
    }

    /// `/a/b` → `["/a/b/", "/a/", "/"]`: a cgroup's folder and its parents', each ending in `/`.
    private static func ancestry(of path: Substring) -> [String] {
        let parts = path.split(separator: "/")
        return (0...parts.count).reversed().map { count in
            "/" + parts.prefix(count).map { $0 + "/" }.joined()
        }
    }
}
