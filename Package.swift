// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Zoetrope",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Zoetrope", targets: ["Zoetrope"]),
        .library(name: "ZoetropeTerminal", targets: ["ZoetropeTerminal"]),
        .library(name: "ZoetropeFoundation", targets: ["ZoetropeFoundation"]),
        .executable(name: "zoetrope", targets: ["zoetrope"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Zoetrope"),
        .target(name: "ZoetropeTerminal", dependencies: ["Zoetrope"]),
        .target(name: "ZoetropeFoundation", dependencies: ["Zoetrope"]),
        .executableTarget(
            name: "zoetrope",
            dependencies: [
                "Zoetrope",
                "ZoetropeTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "zoetrope-benchmark",
            dependencies: ["Zoetrope"],
            path: "Benchmarks/zoetrope-benchmark"
        ),
        .executableTarget(name: "zoetrope-memory-probe", dependencies: ["Zoetrope"], path: "Benchmarks/zoetrope-memory-probe"),
        .testTarget(name: "ZoetropeTests", dependencies: ["Zoetrope", "ZoetropeFoundation"]),
        .testTarget(name: "ZoetropeTerminalTests", dependencies: ["ZoetropeTerminal"]),
        .testTarget(name: "ZoetropeCLITests", dependencies: ["zoetrope", "Zoetrope"]),
    ],
    swiftLanguageModes: [.v6]
)
