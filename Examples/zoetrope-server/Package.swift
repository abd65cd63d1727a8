// swift-tools-version:6.1
import PackageDescription

// An HTTP service on Hummingbird 2 that validates uploads, makes posters and animated thumbnails,
// and transcodes, with Zoetrope's processing toolkit. A package of its own: the Zoetrope package
// itself gains no server dependency.
let package = Package(
    name: "zoetrope-server",
    // Transcodes run on a `TaskExecutor` of their own (macOS 15).
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "zoetrope-server", targets: ["ZoetropeServer"]),
    ],
    dependencies: [
        .package(name: "Zoetrope", path: "../.."),
        // No traits: the server needs neither swift-configuration nor full Foundation from Hummingbird.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0", traits: []),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "ZoetropeServer",
            dependencies: [
                .product(name: "Zoetrope", package: "Zoetrope"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            path: "Sources/zoetrope-server"
        ),
        // Starts the built server on a loopback port and sends it real and hostile uploads.
        .testTarget(
            name: "ZoetropeServerTests",
            dependencies: [.product(name: "Zoetrope", package: "Zoetrope")],
            path: "Tests/ZoetropeServerTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
