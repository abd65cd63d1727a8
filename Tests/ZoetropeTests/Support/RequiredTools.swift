import Foundation
import Testing

/// Tests that need something the machine may lack: python3's zlib, or the corpus. Locally they are
/// skipped with a message when it is missing; where `ZOETROPE_REQUIRE_TOOLS=1` or `CI=true` (.ci/run
/// sets both) they run anyway and fail, so that CI cannot pass by skipping what it must check.
enum RequiredTools {
    static var areRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["ZOETROPE_REQUIRE_TOOLS"] == "1" || environment["CI"] == "true"
    }

    /// Enabled when the tool is `available`, and always when tools are required.
    static func needs(_ available: Bool, _ message: String) -> ConditionTrait {
        .enabled(if: available || areRequired, Comment(rawValue: message))
    }
}
