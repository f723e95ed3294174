// swift-tools-version:6.1
// Benchmarks live in their own package so the main build stays fast. Run: make bench
import Foundation
import PackageDescription

/// A path dependency's identity is its folder's name, which depends on where the project was cloned.
let project = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "ScrollLabBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "FrameBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ScrollPhysics", package: project),
                .product(name: "Scenes", package: project),
                .product(name: "ScrollLabKit", package: project),
                .product(name: "Fitting", package: project),
                .product(name: "Media", package: project),
                .product(name: "Tracking", package: project),
                .product(name: "BlindTest", package: project),
                .product(name: "Playground", package: project),
                .product(name: "SessionEffects", package: project),
                .product(name: "Formats", package: project),
            ],
            path: "Benchmarks/FrameBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
