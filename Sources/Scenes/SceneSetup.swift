import ScrollPhysics

/// Which scene to build and its content, as chosen on the command line, in the window, in a tour
/// or a session file: the scene's name (one of `SceneSetup.registry`) and its content options by
/// key (`SceneOption.key`); an option left out takes the scene's own default.
public struct SceneSetup: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let values: [String: Double]

    public init(name: String, values: [String: Double] = [:]) {
        self.name = name
        self.values = values
    }

    /// A list exactly this long (points), filled with cards.
    public static func list(contentLength: Double) -> SceneSetup {
        SceneSetup(name: "list", values: ["contentLength": contentLength])
    }
    /// A list of this many cards (the window's feed).
    public static func cards(count: Int) -> SceneSetup { SceneSetup(name: "list", values: ["cards": Double(count)]) }
    public static func pager(pages: Int) -> SceneSetup { SceneSetup(name: "pager", values: ["pages": Double(pages)]) }
    public static func carousel(cellWidth: Double, spacing: Double, cells: Int) -> SceneSetup {
        SceneSetup(name: "carousel", values: ["cellWidth": cellWidth, "spacing": spacing, "cells": Double(cells)])
    }
    public static func banner(items: Int) -> SceneSetup { SceneSetup(name: "banner", values: ["items": Double(items)]) }
    public static func loop(items: Int) -> SceneSetup { SceneSetup(name: "loop", values: ["items": Double(items)]) }
    public static var nested: SceneSetup { SceneSetup(name: "nested") }
    public static var adapters: SceneSetup { SceneSetup(name: "adapters") }
    public static var lab: SceneSetup { SceneSetup(name: "lab") }

    /// The registry entry of this scene (the first one for an unknown name: `--scene`, tours and
    /// session files check names before they make a setup).
    public var kind: SceneKind { Self.registry.first { $0.name == name } ?? Self.registry[0] }

    /// Option `key`'s value: the one given, else the scene's default.
    public func value(_ key: String) -> Double {
        values[key] ?? kind.options.first { $0.key == key }?.defaultValue ?? 0
    }

    /// Option `key`'s value as a whole number (clamped to what an `Int` holds).
    public func count(_ key: String) -> Int {
        let value = value(key)
        guard value.isFinite else { return 0 }
        return Int(min(max(value, -9.0e18), 9.0e18))
    }

    /// This setup with option `key` set to `value`.
    public func setting(_ key: String, to value: Double) -> SceneSetup {
        var values = values
        values[key] = value
        return SceneSetup(name: name, values: values)
    }

    public func makeScene(viewport: Size, feel: Feel) -> any ScrollScene { kind.make(viewport, feel, self) }

    public var description: String {
        values.isEmpty
            ? name : name + "(" + values.keys.sorted().map { "\($0): \(values[$0]!)" }.joined(separator: ", ") + ")"
    }

    /// Every scene name, in the order of the window's number keys.
    public static var names: [String] { registry.map(\.name) }

    /// The window's scenes, one per name, with their default content.
    public static var playground: [SceneSetup] { registry.map(\.window) }

    /// The playground's scenes with `setup` in its own scene's place (its content flags kept),
    /// and that place: what the window's scene menu and number keys switch between.
    public static func playground(with setup: SceneSetup) -> (setups: [SceneSetup], index: Int) {
        var setups = playground
        let index = names.firstIndex(of: setup.name) ?? 0
        setups[index] = setup
        return (setups, index)
    }
}

/// A scene's content option: its key in a `SceneSetup` (and a session file's layouts), its
/// command-line flag, range and default. Two scenes may share a flag (`--items`).
public struct SceneOption: Equatable, Sendable {
    public let key: String
    public let flag: String
    public let range: ClosedRange<Double>
    /// The value when the flag is not given (nil: the scene decides, as the list does).
    public let defaultValue: Double?
    /// A count (a whole number).
    public let isWhole: Bool
    public let help: String

    public init(
        key: String, flag: String, range: ClosedRange<Double>, defaultValue: Double?, isWhole: Bool, help: String
    ) {
        self.key = key
        self.flag = flag
        self.range = range
        self.defaultValue = defaultValue
        self.isWhole = isWhole
        self.help = help
    }
}

/// A committed reference frame of a scene (`Assets/golden/NAME.png`, and `NAME@3x.png` when
/// `retina`): the scene with `setup` at `time` s into `gesture` (a file under Assets/gestures).
public struct GoldenShot: Equatable, Sendable {
    public let name: String
    public let setup: SceneSetup
    public let gesture: String?
    public let time: Double
    public let retina: Bool

    public init(_ name: String, _ setup: SceneSetup, gesture: String?, time: Double, retina: Bool = true) {
        self.name = name
        self.setup = setup
        self.gesture = gesture
        self.time = time
        self.retina = retina
    }
}

/// A step of the built-in tour (`scrollab demo`): a stroke from `from` to `to` (fractions of the
/// viewport) in `duration` s and `steps` moves, and what it shows; `feels` puts A and B side by side.
public struct TourStroke: Sendable {
    public let setup: SceneSetup
    public let from: (x: Double, y: Double)
    public let to: (x: Double, y: Double)
    public let duration: Double
    public let steps: Int
    public let caption: String
    public let feels: (a: Feel, b: Feel)?

    public init(
        _ setup: SceneSetup, from: (x: Double, y: Double), to: (x: Double, y: Double), duration: Double, steps: Int,
        caption: String, feels: (a: Feel, b: Feel)? = nil
    ) {
        self.setup = setup
        self.from = from
        self.to = to
        self.duration = duration
        self.steps = steps
        self.caption = caption
        self.feels = feels
    }
}

/// One scene of ScrollLab: everything the rest of the program knows about it. The window's menu
/// and number keys, `--scene` and its content flags, session files, tours, golden frames,
/// benchmarks and the tests' lists all read `SceneSetup.registry`.
public struct SceneKind: Sendable {
    public let name: String
    /// One line: what the scene shows (the README's and `--help`'s scene table).
    public let caption: String
    public let options: [SceneOption]
    /// The option that sets how many items it holds (benchmarks scale it), if any.
    public let itemCount: String?
    /// Its content in the window.
    public let window: SceneSetup
    public let make: @Sendable (Size, Feel, SceneSetup) -> any ScrollScene
    public let golden: [GoldenShot]
    public let tour: [TourStroke]

    public init(
        name: String, caption: String, options: [SceneOption] = [], itemCount: String? = nil,
        window: SceneSetup? = nil, make: @escaping @Sendable (Size, Feel, SceneSetup) -> any ScrollScene,
        golden: [GoldenShot] = [], tour: [TourStroke] = []
    ) {
        self.name = name
        self.caption = caption
        self.options = options
        self.itemCount = itemCount
        self.window = window ?? SceneSetup(name: name)
        self.make = make
        self.golden = golden
        self.tour = tour
    }

    /// Its window setup with `count` items (itself when it has no item count).
    public func setup(items count: Int) -> SceneSetup {
        guard let itemCount else { return window }
        return window.setting(itemCount, to: Double(count))
    }
}
