import Platform
import Scenes
import Formats
import ScrollPhysics

/// The committed reference frames under Assets/golden: one scene, gesture and time each.
/// `make test` re-renders them and compares; `make golden` (or `scrollab golden --only SCENE`)
/// rewrites them on purpose.
public struct GoldenFrame: Sendable {
    public let name: String
    public let setup: SceneSetup
    /// A file under Assets/gestures, or nil for the scene at rest.
    public let gesture: String?
    public let time: Double
    /// Pixels per point: 1, or 3 for an iPhone's @3x screen (text, corners and art at full detail).
    public var scale = 1.0

    /// Every scene's golden shots (`SceneKind.golden` in the scene registry), at 1× and, where
    /// the shot asks, at 3× (`NAME@3x`).
    public static let all: [GoldenFrame] = {
        let shots = SceneSetup.registry.flatMap(\.golden)
        let single = shots.map { GoldenFrame(name: $0.name, setup: $0.setup, gesture: $0.gesture, time: $0.time) }
        let retina = shots.filter(\.retina).map {
            GoldenFrame(name: $0.name + "@3x", setup: $0.setup, gesture: $0.gesture, time: $0.time, scale: 3)
        }
        return single + retina
    }()

    /// The frames of scene `name` (all of them for nil).
    public static func of(scene name: String?) -> [GoldenFrame] {
        guard let name else { return all }
        return all.filter { $0.setup.name == name }
    }

    /// Per-channel difference allowed before a pixel counts as changed, and the share of pixels
    /// that may change (anti-aliasing and font hinting across library builds).
    public static let threshold = 8
    public static let allowedFraction = 0.002

    public func render(assets: String, snapshot: SceneSnapshot) throws -> Image {
        let events = try GestureFile.load(gesture.map { assets + "/gestures/" + $0 })
        let scene = setup.makeScene(viewport: .phone, feel: .standard)
        return try snapshot.image(of: scene, events: events, at: time, scale: scale)
    }

    public func path(assets: String) -> String { assets + "/golden/" + name + ".png" }
}
