// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ScrollLab",
    products: [
        .executable(name: "scrollab", targets: ["scrollab"]),
        .library(name: "ScrollPhysics", targets: ["ScrollPhysics"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .library(name: "ScrollLabKit", targets: ["ScrollLabKit"]),
        .library(name: "Formats", targets: ["Formats"]),
        .library(name: "Fitting", targets: ["Fitting"]),
        .library(name: "Media", targets: ["Media"]),
        .library(name: "Tracking", targets: ["Tracking"]),
        .library(name: "BlindTest", targets: ["BlindTest"]),
        .library(name: "Playground", targets: ["Playground"]),
        .library(name: "SessionEffects", targets: ["SessionEffects"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
        // `make docs`: the DocC catalogue of ScrollPhysics as static HTML (a command plugin, not linked in).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [
        // The only C bridge to SDL2 and SDL2_ttf. Only the platform layer may import it.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]
        ),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // QR codes (Debian's libqrencode): the phone's address in the panel. Only PhoneServer imports it.
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // The phone's server: the page, its live stream of changes, what the page sends back (POSIX
        // sockets, one thread); and the QR code of its address.
        .target(name: "PhoneServer", dependencies: ["CQRencode", "Formats"]),
        // Dear ImGui's include path, from `pkg-config imgui` (Debian's libimgui-dev): used by the C++ bridge only.
        .systemLibrary(name: "CImGui", pkgConfig: "imgui", providers: [.apt(["libimgui-dev"])]),
        // Output files written whole or not at all, never replacing devices, links, modes or inputs.
        .target(name: "SafeOutput"),
        // Pure Swift scroll physics: no SDL, no display, no Foundation.
        .target(name: "ScrollPhysics"),
        // The one seeded generator (SplitMix64): the soak, the fuzz tests and the blind tests draw from it.
        .target(name: "Randomness"),
        // Points, sizes, pointer input and trace readings: the plain types scenes and file formats share.
        .target(name: "Primitives"),
        // What to draw, as plain data (rectangles, gradients, text): no SDL.
        .target(name: "Drawing"),
        // Scene models: geometry, snap targets, input routing and layout as plain data.
        .target(name: "Scenes", dependencies: ["ScrollPhysics", "Drawing", "Primitives"]),
        // The X server's own time of a pointer event (C: the only reader of X11's event structures).
        .target(name: "X11EventTime", dependencies: ["CSDL2"]),
        // The only SDL importer: window, canvas (on screen or on a surface), fonts, PNG files, events.
        .target(name: "Platform", dependencies: ["CSDL2", "CFontconfig", "Drawing", "SafeOutput", "X11EventTime"]),
        // Dear ImGui (Debian's libimgui-dev 1.86) behind a plain C API, with our own SDL_Renderer backend.
        .target(
            name: "ImGuiBridge",
            dependencies: ["CSDL2", "CImGui"],
            linkerSettings: [.linkedLibrary("imgui"), .linkedLibrary("stb"), .linkedLibrary("m")]
        ),
        // The live tuning panel, laid out with Dear ImGui.
        .target(
            name: "TuningPanel", dependencies: ["ImGuiBridge", "Playground", "ScrollPhysics", "BlindTest", "Drawing", "Scenes"]),
        // Scenes drawn offscreen: snapshots for render, golden images and screenshots.
        .target(
            name: "Media",
            dependencies: [
                "Scenes", "Platform", "Formats", "Fitting", "SafeOutput", "BlindTest", "Tracking", "Drawing", "ScrollPhysics",
            ]),
        // Screen recordings to trajectories: profiles, registration, segments (pure Swift).
        .target(name: "Tracking"),
        // The playground's logic without a display: clock, input translation, plot history, session.
        .target(
            name: "Playground",
            dependencies: ["Scenes", "ScrollPhysics", "Formats", "BlindTest", "Drawing"]),
        // Runs what a session asks for outside itself: files read and written (`SessionDriver`,
        // `Disk`), the kept session and its writer thread, sessions and tours read from the disk,
        // the fit of a reference (least squares).
        .target(name: "SessionEffects", dependencies: ["Playground", "Formats", "Fitting", "ScrollPhysics"]),
        // Blind tests: trial assignment, the run as a reducer, results files, statistics, staircases.
        .target(name: "BlindTest", dependencies: ["ScrollPhysics", "Formats", "Randomness"]),
        // The file formats: JSON, gesture scripts, parameter files, traces; text files read and
        // written with one-line errors (InputError), and standard output.
        .target(name: "Formats", dependencies: ["ScrollPhysics", "Primitives", "SafeOutput"]),
        // Fitting recorded motion: closed forms by least squares, UIKit's whole pipeline from finger
        // samples, every zoo model to a glide, a tracked recording segment by segment.
        .target(name: "Fitting", dependencies: ["Formats", "ScrollPhysics", "Tracking"]),
        // Drivers shared by the commands: replay of a gesture, the soak.
        .target(name: "ScrollLabKit", dependencies: ["ScrollPhysics", "Scenes", "Formats", "Drawing", "Randomness"]),
        // The command line (swift-argument-parser), the windows (playground, blind test, demo) with their
        // loop, the background jobs and the effects only a window can carry out.
        .target(
            name: "ScrollLabApp",
            dependencies: [
                "ScrollLabKit",
                "Formats",
                "Fitting",
                "Media",
                "Tracking",
                "Playground",
                "SessionEffects",
                "TuningPanel",
                "Platform",
                "SafeOutput",
                "BlindTest",
                "Drawing",
                "ImGuiBridge",
                "Scenes",
                "ScrollPhysics",
                "PhoneServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The executable: a thin main that runs ScrollLabApp's command line.
        .executableTarget(name: "scrollab", dependencies: ["ScrollLabApp"]),
        // Helpers the test targets share (not part of the product): the command-line runner, temporary
        // paths, the test session value (a session with its own driver), the window and golden tags.
        .target(
            name: "TestSupport",
            dependencies: ["ScrollPhysics", "Formats", "Scenes", "Playground", "SessionEffects"],
            path: "Tests/TestSupport"),
        // One test target per module that has tests, named after it.
        .testTarget(name: "ScrollPhysicsTests", dependencies: ["ScrollPhysics", "Formats", "TestSupport"]),
        .testTarget(
            name: "ScenesTests",
            dependencies: [
                "Scenes", "TestSupport", "Drawing", "ScrollPhysics",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "FormatsTests",
            dependencies: [
                "Formats", "Fitting", "Playground", "SessionEffects", "ScrollLabKit", "Scenes", "ScrollPhysics",
                "TestSupport",
            ]),
        .testTarget(
            name: "FittingTests",
            dependencies: ["Fitting", "Formats", "Tracking", "ScrollLabKit", "Scenes", "ScrollPhysics", "TestSupport"]),
        .testTarget(name: "TrackingTests", dependencies: ["Tracking", "Randomness", "Fitting", "Formats", "Media"]),
        .testTarget(
            name: "BlindTestTests",
            dependencies: ["BlindTest", "Formats", "TestSupport", "ScrollPhysics", "Randomness"]),
        .testTarget(
            name: "PlaygroundTests",
            dependencies: [
                "Playground", "SessionEffects", "TestSupport", "BlindTest", "Drawing", "Fitting", "Formats", "Scenes",
                "ScrollLabKit", "ScrollPhysics",
            ]),
        .testTarget(
            name: "SessionEffectsTests",
            dependencies: [
                "SessionEffects", "Playground", "Fitting", "Formats", "Scenes", "ScrollPhysics", "TestSupport",
            ]),
        .testTarget(
            name: "TuningPanelTests",
            dependencies: [
                "TuningPanel", "ImGuiBridge", "Platform", "Playground", "Scenes", "ScrollPhysics", "TestSupport",
            ]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "Drawing", "Scenes", "ScrollPhysics"]),
        .testTarget(
            name: "MediaTests",
            dependencies: [
                "Media", "Drawing", "Platform", "Scenes", "ScrollPhysics", "BlindTest", "Tracking", "Randomness",
                "TestSupport",
            ]),
        .testTarget(
            name: "ScrollLabKitTests",
            dependencies: ["ScrollLabKit", "Formats", "Scenes", "ScrollPhysics", "TestSupport"]),
        // The command line, run as a user runs it.
        .testTarget(
            name: "ScrollLabAppTests",
            dependencies: [
                "ScrollLabApp", "Playground", "SessionEffects", "Media", "BlindTest", "Drawing", "Platform", "Scenes",
                "ScrollPhysics", "Formats", "Fitting", "TestSupport", "SafeOutput",
            ]),
        // The windows, run under Xvfb as a user runs them (tagged `window`): mostly waiting on the
        // window, so `make test` runs them in a process of their own beside the other suites.
        .testTarget(
            name: "RealWindowTests",
            dependencies: ["BlindTest", "Drawing", "Platform", "Playground", "Scenes", "ScrollPhysics", "TestSupport"]),
        .testTarget(
            name: "PhoneServerTests",
            dependencies: ["PhoneServer", "Playground", "Scenes", "ScrollPhysics", "Formats"]),
    ],
    cxxLanguageStandard: .cxx17
)

// One build configuration: warnings are errors in every build of our own modules (`make run`, `make
// test`, `make wasm-node-test` alike), so switching between them rebuilds nothing.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
}

// The number crunchers are optimized in that one configuration too: the tracker (every pixel of
// every frame), the fitter (least squares) and the blind test's simulated observers. Unoptimized
// they spent about 100 s of `make test`'s CPU on two cores; optimized they cost 23 s more to build.
for target in package.targets where ["Tracking", "Fitting", "BlindTest"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"])]
}
