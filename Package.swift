// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ScrollLab",
    products: [
        .executable(name: "scrollab", targets: ["scrollab"]),
        .library(name: "ScrollPhysics", targets: ["ScrollPhysics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        // The only C bridge to SDL2 and SDL2_ttf. Only the platform layer may import it.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev"])]
        ),
        // Pure Swift scroll physics: no SDL, no display, no Foundation.
        .target(name: "ScrollPhysics"),
        // Scene models: geometry, snap targets and input routing as plain data.
        .target(name: "Scenes", dependencies: ["ScrollPhysics"]),
        // Files and drivers shared by the commands: gesture scripts, parameter files, traces, replay.
        .target(name: "ScrollLabKit", dependencies: ["ScrollPhysics", "Scenes"]),
        .executableTarget(
            name: "scrollab",
            dependencies: [
                "ScrollLabKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ScrollPhysicsTests", dependencies: ["ScrollPhysics"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes"]),
        .testTarget(name: "ScrollLabKitTests", dependencies: ["ScrollLabKit", "scrollab"]),
    ]
)
