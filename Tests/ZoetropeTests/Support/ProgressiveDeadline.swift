import Zoetrope
import ZoetropeTestSupport

extension ProgressiveImage {
    /// ``ProgressiveImage/waitUntilComplete()`` under a deadline: a loader that never finishes
    /// fails the test with ``DeadlineExceeded`` instead of hanging the suite.
    func completedWithinDeadline(seconds: Double = Deadline.standard) throws -> AnimatedImage {
        try Deadline.wait("the image's loading", seconds: seconds) { try self.waitUntilComplete() }
    }
}
