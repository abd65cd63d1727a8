// swift-tools-version:6.2
import PackageDescription

// Every product module is checked for strict memory safety: each use of an unsafe construct is
// marked (`unsafe`, `@unsafe`, `@safe`), so pointer code is visible where it appears and nowhere
// else (docs/architecture.md, "Pointer code"; scripts/mark-unsafe adds the marks).
let memorySafe: [SwiftSetting] = [.strictMemorySafety()]

let package = Package(
    name: "Zoetrope",
    // The oldest systems with `Duration` and `ContinuousClock` (docs/architecture.md, "Reach").
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Zoetrope", targets: ["Zoetrope"]),
        .library(name: "ZoetropeTerminal", targets: ["ZoetropeTerminal"]),
        .library(name: "ZoetropeFoundation", targets: ["ZoetropeFoundation"]),
        .library(name: "ZoetropeUI", targets: ["ZoetropeUI"]),
        // Deterministic clocks, schedulers and simulated playback, for tests and simulations.
        .library(name: "ZoetropeTesting", targets: ["ZoetropeTesting"]),
        .executable(name: "zoetrope", targets: ["zoetrope"]),
    ],
    targets: [
        .target(name: "Zoetrope", swiftSettings: memorySafe),
        .target(name: "ZoetropeTerminal", dependencies: ["Zoetrope"], swiftSettings: memorySafe),
        .target(name: "ZoetropeFoundation", dependencies: ["Zoetrope"], swiftSettings: memorySafe),
        // UIKit, AppKit and SwiftUI views: empty where those frameworks do not exist; on Linux
        // scripts/check-apple type-checks them against stand-ins (Tests/AppleStandIns).
        .target(name: "ZoetropeUI", dependencies: ["Zoetrope"], swiftSettings: memorySafe),
        .target(name: "ZoetropeTesting", dependencies: ["Zoetrope"], swiftSettings: memorySafe),
        .executableTarget(
            name: "zoetrope",
            dependencies: [
                "Zoetrope",
                "ZoetropeTerminal",
                "ZoetropeTesting", // `timeline` plays on a simulated display
            ],
            swiftSettings: memorySafe
        ),
        .executableTarget(
            name: "zoetrope-benchmark",
            dependencies: ["Zoetrope"],
            path: "Benchmarks/zoetrope-benchmark"
        ),
        .executableTarget(name: "zoetrope-memory-probe", dependencies: ["Zoetrope"], path: "Benchmarks/zoetrope-memory-probe"),
        // Deadlines for every wait in the tests, and child processes started as a shell starts them.
        .target(name: "ZoetropeTestSupport", path: "Tests/ZoetropeTestSupport"),
        .testTarget(name: "ZoetropeTests", dependencies: ["Zoetrope", "ZoetropeFoundation", "ZoetropeTesting", "ZoetropeTestSupport"]),
        .testTarget(name: "ZoetropeTerminalTests", dependencies: ["ZoetropeTerminal", "ZoetropeTesting", "ZoetropeTestSupport"]),
        .testTarget(name: "ZoetropeCLITests", dependencies: ["zoetrope", "Zoetrope", "ZoetropeTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
