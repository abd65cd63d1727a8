import Dispatch
import Testing
@testable import Zoetrope

@Suite("Decode worker pool")
struct DecodeWorkerPoolTests {
    /// Runs on one worker: a job of image A holds the worker while jobs of A, B and C wait, then
    /// returns the order they ran in.
    private func order(affinity: Duration) -> [String] {
        let pool = DecodeWorkerPool(workers: 1, affinity: affinity)
        let (a, b, c) = (Marker(), Marker(), Marker())
        let ran = LockedState<[String]>([])
        let gate = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        pool.schedule(deadline: .zero, group: ObjectIdentifier(a)) {
            _ = gate.wait(timeout: .now() + 5)
            ran.withLock { $0.append("A0") }
        }
        let waiting: [(String, Marker, Int)] = [("B50", b, 50), ("A100", a, 100), ("C400", c, 400), ("A600", a, 600)]
        for (name, marker, milliseconds) in waiting {
            pool.schedule(deadline: .milliseconds(milliseconds), group: ObjectIdentifier(marker)) {
                ran.withLock { $0.append(name) }
                if name == "A600" { done.signal() }
            }
        }
        gate.signal()
        _ = done.wait(timeout: .now() + 5)
        return ran.withLock { $0 }
    }

    @Test("a worker carries on with the image it decoded last while its next job is due soon after the most urgent")
    func affinity() {
        #expect(order(affinity: .milliseconds(250)) == ["A0", "A100", "B50", "C400", "A600"])
        #expect(order(affinity: .zero) == ["A0", "B50", "A100", "C400", "A600"])
    }
}

private final class Marker: Sendable {}
