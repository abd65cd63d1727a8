import Testing
@testable import Zoetrope

/// The ceiling of automatic buffering and the process limits it respects.
@Suite("Automatic budget ceiling")
struct AutomaticBudgetTests {
    static let mib = 1 << 20
    static let gib = 1 << 30

    @Test("the ceiling is min(1/8 of the process's memory, 1/4 of available), within 16…256 MiB")
    func ceiling() {
        let mib = Self.mib, gib = Self.gib
        #expect(SystemMemory(physical: 24 * gib, available: 22 * gib).automaticBudget == 256 * mib)
        #expect(SystemMemory(physical: 1 * gib, available: 1 * gib).automaticBudget == 128 * mib)
        #expect(SystemMemory(physical: 1 * gib, available: 200 * mib).automaticBudget == 50 * mib)
        #expect(SystemMemory(physical: 64 * mib, available: 64 * mib).automaticBudget == 16 * mib)
    }

    @Test("the process's resident memory is read from /proc/self/statm's second field, in pages")
    func processResident() throws {
        let usage = try #require(MemoryHeadroom.statm("5000 1200 300 40 0 900 0\n"))
        #expect(usage.size == 5000 && usage.resident == 1200 && usage.data == 900)
        #expect(MemoryHeadroom.statm("1 2 3") == nil)
        #if os(Linux)
        // A process holding this much of its own is resident for at least that much.
        let held = [UInt8](repeating: 1, count: 8 << 20)
        let resident = try #require(SystemMemory.processResident())
        #expect(resident >= held.count && resident < SystemMemory.current().physical)
        #endif
    }

    @Test("a resource limit lowers the memory the process may use")
    func resourceLimit() {
        let machine = SystemMemory(physical: 24 * Self.gib, available: 22 * Self.gib)
        #expect(machine.limited(to: nil) == machine)
        #expect(machine.limited(to: 512 * Self.mib) == SystemMemory(physical: 512 * Self.mib, available: 512 * Self.mib))
        #expect(machine.limited(to: 512 * Self.mib).automaticBudget == 64 * Self.mib)
        let current = SystemMemory.current()
        #expect(current.physical > 0)
        #expect((16 * Self.mib...256 * Self.mib).contains(current.automaticBudget))
    }

    @Test("Linux memory figures come from /proc/meminfo, lowered by the tightest cgroup limit")
    func linuxMemory() throws {
        let meminfo = """
            MemTotal:       16000000 kB
            MemFree:         2000000 kB
            MemAvailable:    8000000 kB
            Buffers:          100000 kB
            """
        let plain = try #require(SystemMemory.linux(meminfo: meminfo))
        #expect(plain == SystemMemory(physical: 16_000_000 * 1024, available: 8_000_000 * 1024))
        let unlimited = SystemMemory.linux(meminfo: meminfo, cgroups: [("max\n", "5\n"), ("9223372036854771712\n", nil)])
        #expect(unlimited == plain)
        // The process's own cgroup is unlimited; its parent allows 1 GiB, of which 73741824 bytes are used.
        let nested = SystemMemory.linux(meminfo: meminfo, cgroups: [
            ("max\n", "10\n"), ("1073741824\n", "73741824\n"), ("2147483648\n", "100\n"),
        ])
        #expect(nested == SystemMemory(physical: 1_073_741_824, available: 1_000_000_000))
        #expect(SystemMemory.linux(meminfo: "nonsense") == nil)
    }

    @Test("the cgroup files are the process's cgroup's and every parent's, v2 first")
    func cgroupFiles() {
        let v1 = SystemMemory.cgroupMemoryFiles(procSelfCgroup: "4:memory:/jobs/a\n1:cpu:/\n0::/\n")
        #expect(v1.map(\.limit) == [
            "/sys/fs/cgroup/memory.max",
            "/sys/fs/cgroup/memory/jobs/a/memory.limit_in_bytes",
            "/sys/fs/cgroup/memory/jobs/memory.limit_in_bytes",
            "/sys/fs/cgroup/memory/memory.limit_in_bytes",
        ])
        let v2 = SystemMemory.cgroupMemoryFiles(procSelfCgroup: "0::/user.slice/app\n")
        #expect(v2.map(\.limit) == [
            "/sys/fs/cgroup/user.slice/app/memory.max", "/sys/fs/cgroup/user.slice/memory.max",
            "/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes",
        ])
        #expect(v2.first?.usage == "/sys/fs/cgroup/user.slice/app/memory.current")
    }

    @Test("a small animation keeps every frame; a big one adapts under the ceiling")
    func smallOrAdaptive() {
        let machine = SystemMemory(physical: 24 * Self.gib, available: 22 * Self.gib)
        // 12 frames of 1 KiB: all 11 others are kept.
        #expect(BufferBudget.automatic.frameLimit(bytesPerFrame: 1024, frameCount: 12, memory: machine) == 11)
        // 1000 frames of 1920×1080: 256 MiB hold 32 of them (8,294,400 bytes each).
        let hd = 1920 * 1080 * 4
        #expect(BufferBudget.automatic.frameLimit(bytesPerFrame: hd, frameCount: 1000, memory: machine) == 32)
        #expect(BufferBudget.automatic.frameLimit(bytesPerFrame: hd, frameCount: 1000,
                                                  memory: machine.limited(to: 512 * Self.mib)) == 8)
        // Whole below 32 MiB (and a quarter of the ceiling) is kept; above adapts.
        let ceiling = 256 * Self.mib
        #expect(!BufferBudget.automatic.adapts(bytesPerFrame: Self.mib, frameCount: 32, automaticCeiling: ceiling))
        #expect(BufferBudget.automatic.adapts(bytesPerFrame: Self.mib, frameCount: 33, automaticCeiling: ceiling))
        #expect(BufferBudget.automatic.adapts(bytesPerFrame: Self.mib, frameCount: 17, automaticCeiling: 64 * Self.mib))
        #expect(!BufferBudget.frames(3).adapts(bytesPerFrame: Self.mib, frameCount: 100, automaticCeiling: ceiling))
        #expect(BufferBudget.automatic.adapts(bytesPerFrame: Int.max / 2, frameCount: 3, automaticCeiling: ceiling))
    }
}
