import Platform
import Scenes
import Formats
import ScrollPhysics

/// The committed reference frames under Assets/golden: one scene, gesture and time each.
/// `make test` re-renders them and compares; `make golden` rewrites them on purpose.
public struct GoldenFrame: Sendable {
    public let name: String
    public let setup: SceneSetup
    /// A file under Assets/gestures, or nil for the scene at rest.
    public let gesture: String?
    public let time: Double
    /// Pixels per point: 1, or 3 for an iPhone's @3x screen (text, corners and art at full detail).
    public var scale = 1.0

    public static let all: [GoldenFrame] = [
        GoldenFrame(name: "list-rest", setup: .cards(count: 200), gesture: nil, time: 0),
        GoldenFrame(name: "list-fling", setup: .cards(count: 200), gesture: "fling-up.json", time: 0.4),
        GoldenFrame(name: "list-pulled", setup: .cards(count: 200), gesture: "pull-past-top.json", time: 0.7),
        GoldenFrame(name: "pager-turning", setup: .pager(pages: 8), gesture: "flick-next-page.json", time: 0.18),
        GoldenFrame(
            name: "carousel-swipe", setup: .carousel(cellWidth: 300, spacing: 12, cells: 10),
            gesture: "swipe-left.json", time: 0.25),
        GoldenFrame(name: "banner-parallax", setup: .banner(items: 5), gesture: "banner-swipe.json", time: 0.1),
        GoldenFrame(name: "loop-wrap", setup: .loop(items: 3), gesture: "flick-next-page.json", time: 0.15),
        GoldenFrame(name: "nested-pinned", setup: .nested, gesture: "push-up-nested.json", time: 0.8),
        GoldenFrame(name: "adapters-transfer", setup: .adapters, gesture: "fling-left-list.json", time: 0.6),
        GoldenFrame(name: "lab-pull", setup: .lab, gesture: "lab-pull.json", time: 1.3),
        GoldenFrame(name: "list-fling@3x", setup: .cards(count: 200), gesture: "fling-up.json", time: 0.4, scale: 3),
        GoldenFrame(
            name: "pager-turning@3x", setup: .pager(pages: 8), gesture: "flick-next-page.json", time: 0.18, scale: 3),
        GoldenFrame(
            name: "carousel-swipe@3x", setup: .carousel(cellWidth: 300, spacing: 12, cells: 10),
            gesture: "swipe-left.json", time: 0.25, scale: 3),
        GoldenFrame(
            name: "banner-parallax@3x", setup: .banner(items: 5), gesture: "banner-swipe.json", time: 0.1, scale: 3),
        GoldenFrame(
            name: "loop-wrap@3x", setup: .loop(items: 3), gesture: "flick-next-page.json", time: 0.15, scale: 3),
        GoldenFrame(name: "nested-pinned@3x", setup: .nested, gesture: "push-up-nested.json", time: 0.8, scale: 3),
        GoldenFrame(
            name: "adapters-transfer@3x", setup: .adapters, gesture: "fling-left-list.json", time: 0.6, scale: 3),
        GoldenFrame(name: "lab-pull@3x", setup: .lab, gesture: "lab-pull.json", time: 1.3, scale: 3)
    ]

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
