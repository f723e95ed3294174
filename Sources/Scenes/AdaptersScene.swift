import Drawing
import ScrollPhysics

/// Two sibling lists joined by an adapter (Li's library): momentum that reaches the end
/// of the left list continues in the right one, and the right list's momentum at its start
/// comes back into the left, like a billiard collision inside the adapter.
///
/// With masses m1 (the list arriving) and m2 (the list struck) and arriving speed v:
/// - cue stick: the arriving list stops, the struck list takes the momentum, `v2 = v·m1/m2`;
/// - elastic collision: `v1' = v·(m1 − m2)/(m1 + m2)` (it rebounds when lighter),
///   `v2 = v·2·m1/(m1 + m2)`.
public final class AdaptersScene: ScrollScene {
    public let name = "adapters"
    public let viewport: Size
    public let orientation = Orientation.vertical
    /// The left and right lists (two properties, so that the chain can move both at once).
    public var left: ScrollAxis
    public var right: ScrollAxis
    /// The left (0) and right (1) lists, for reading and tests (allocates: not for the frame path).
    public var lists: [ScrollAxis] {
        get { [left, right] }
        set { left = newValue[0]; right = newValue[1] }
    }
    public var masses = [1.0, 1.0]
    public var elastic = false
    public private(set) var selectedIndex: Int?
    /// Time of the last transfer through the adapter (the adapter glows after it).
    public private(set) var lastTransfer = -Double.infinity
    private var held: Int?
    private var time = 0.0

    static let top = 118.0
    static let gutter = 12.0
    static let cardHeight = 86.0
    static let cardCount = 24

    public init(viewport: Size = .phone, feel: Feel = .standard) {
        self.viewport = viewport
        let length = viewport.height - Self.top
        let content = Double(Self.cardCount) * (Self.cardHeight + 10) + 10
        left = ScrollAxis(viewportLength: length, bounds: 0...max(0, content - length), feel: feel)
        right = left
        AxisChain.join(&left, &right)
    }

    public var mainAxis: ScrollAxis { left }

    /// Momentum passes from one list to the other: Live follows the two lists' sum.
    public func liveReading(at t: Double) -> LiveReading {
        LiveReading(joining: [left, right], named: "left + right", at: t)
    }

    private func axis(_ i: Int) -> ScrollAxis { i == 0 ? left : right }
    public var caption: String { "Fling the left list to its end: the adapter passes the momentum on" }

    /// Velocities after a collision in the adapter: (arriving list, struck list), pt/s.
    public static func collide(velocity v: Double, arriving m1: Double, struck m2: Double, elastic: Bool) -> (
        Double, Double
    ) {
        AxisChain.collide(velocity: v, arriving: m1, struck: m2, elastic: elastic)
    }

    /// The joint between the lists, with the masses and collision chosen on the panel.
    private var chain: AxisChain { AxisChain(firstMass: masses[0], secondMass: masses[1], elastic: elastic) }

    /// The two lists advance as one chain; transfers happen at their exact crossing times.
    public func advance(to t: Double) {
        guard t.isFinite else { return }
        let report = chain.advance(&left, &right, to: t)
        if let transfer = report.lastTransfer { lastTransfer = transfer.time }
        time = max(time, t)
    }

    private func column(at x: Double) -> Int { x < viewport.width / 2 ? 0 : 1 }

    public func handle(_ input: TimedInput) {
        advance(to: input.time)
        let t = input.time
        switch input.event {
        case .down(let p):
            guard p.y >= Self.top else { return }
            let i = column(at: p.x)
            held = i
            if i == 0 { left.beginDrag(at: t, pointer: p.y) } else { right.beginDrag(at: t, pointer: p.y) }
        case .move(let p):
            if held == 0 {
                left.dragMoved(at: t, pointer: p.y)
            } else if held == 1 {
                right.dragMoved(at: t, pointer: p.y)
            }
        case .up(let p):
            if let i = held {
                // A release right at the joint hands off at once.
                let released = i == 0 ? left.endDrag(at: t, pointer: p.y) : right.endDrag(at: t, pointer: p.y)
                let report = chain.deliver(released, from: i, &left, &right)
                if let transfer = report.lastTransfer { lastTransfer = transfer.time }
            }
            held = nil
        case .wheel, .wheelBegin, .wheelEnd:
            break
        }
    }

    public func tap(at point: Point, time: Double) {
        guard point.y >= Self.top else { return }
        let i = column(at: point.x)
        let y = point.y - Self.top + axis(i).offset(at: time) - 10
        let index = Int(y / (Self.cardHeight + 10))
        guard index >= 0, index < Self.cardCount else { return }
        let id = i * 1000 + index
        selectedIndex = id == selectedIndex ? nil : id
    }

    public func scroll(_ step: ScrollStep, at t: Double) {
        let target: Double
        switch step {
        case .home: target = 0
        case .end: target = left.bounds.upperBound
        case .lines(let n): target = left.restingOffset + Double(n) * 60
        case .pages(let n): target = left.restingOffset + Double(n) * 0.9 * left.viewportLength
        case .notches(let n): target = left.restingOffset + n * 100
        }
        left.scroll(to: target, at: t)
    }

    public func setFeel(_ feel: Feel, at t: Double) {
        left.setFeel(feel, at: t)
        right.setFeel(feel, at: t)
    }

    public func isAtRest(at t: Double) -> Bool { held == nil && !left.isMoving && !right.isMoving }

    public var controls: [SceneControl] {
        [
            .toggle(
                id: "elastic", label: "Elastic collision",
                help:
                    "Off: cue stick — the arriving list stops and the other takes its momentum. On: elastic — a "
                    + "lighter list rebounds."
            ),
            .slider(
                id: "massLeft", label: "Mass, left list", range: 0.2...5, format: "%.2f",
                help: "m1 when the left list strikes (m2 when it is struck)."),
            .slider(
                id: "massRight", label: "Mass, right list", range: 0.2...5, format: "%.2f",
                help: "m1 when the right list strikes back (m2 when it is struck).")
        ]
    }

    public func controlValue(_ id: String) -> Double {
        switch id {
        case "elastic": return elastic ? 1 : 0
        case "massLeft": return masses[0]
        case "massRight": return masses[1]
        default: return 0
        }
    }

    public func setControl(_ id: String, to value: Double, at time: Double) {
        guard value.isFinite else { return }
        switch id {
        case "elastic": elastic = value != 0
        case "massLeft": masses[0] = min(max(value, 0.05), 100)
        case "massRight": masses[1] = min(max(value, 0.05), 100)
        default: break
        }
    }

    public var extraTraceColumns: [String] { ["right_offset", "right_velocity", "right_phase"] }
    public func extraTraceValues(at t: Double) -> [TraceValue] { TraceValue.fields(right, at: t) }

    public var coversViewport: Bool { false }

    public func draw(into list: inout DrawList, at t: Double) {
        let w = viewport.width, h = viewport.height
        let screen = Rect(x: 0, y: 0, width: w, height: h)
        list.append(.clip(screen))
        list.append(.rect(screen, fill: .solid(Theme.background), cornerRadius: 0))
        Chrome.largeTitleHeader(
            into: &list, width: w, title: "Adapters", subtitle: elastic ? "Elastic collision" : "Cue stick")
        let columnWidth = (w - 3 * Self.gutter) / 2
        for i in 0..<2 {
            let x = Self.gutter + Double(i) * (columnWidth + Self.gutter)
            let area = Rect(x: x, y: Self.top, width: columnWidth, height: h - Self.top)
            list.append(.clip(area))
            let offset = list.onPixelGrid(axis(i).offset(at: t))
            let first = max(0, Int((offset - 10) / (Self.cardHeight + 10)))
            let last = min(Self.cardCount - 1, Int((offset + area.height) / (Self.cardHeight + 10)))
            if first <= last {
                for index in first...last {
                    let y = Self.top + 10 + Double(index) * (Self.cardHeight + 10) - offset
                    let frame = Rect(x: x, y: y, width: columnWidth, height: Self.cardHeight)
                    list.append(.rect(frame, fill: .solid(Theme.card), cornerRadius: 12))
                    list.append(
                        .rect(
                            Rect(x: x + 10, y: y + 10, width: 40, height: 40),
                            fill: .diagonalGradient(Art.palette(index + i * 7).0, Art.palette(index + i * 7).1),
                            cornerRadius: 8))
                    list.append(
                        .text(
                            Self.numbers[index], x: x + 60, y: y + 12, style: .headline, color: Theme.label,
                            maxWidth: columnWidth - 70))
                    list.append(
                        .text(
                            i == 0 ? "left list" : "right list", x: x + 60, y: y + 36, style: .footnote,
                            color: Theme.secondaryLabel,
                            maxWidth: columnWidth - 70))
                    if selectedIndex == i * 1000 + index {
                        list.append(.rect(frame, fill: .solid(Theme.selection), cornerRadius: 12))
                    }
                }
            }
            list.append(.clip(screen))
        }
        // The adapter: a slim joint in the gutter, grey at rest (a round dot read as a stray
        // touch), that lights up orange for a moment after each transfer.
        let glow = max(0, 1 - (t - lastTransfer) / 0.4)
        let cx = w / 2, cy = Self.top + (h - Self.top) / 2
        if glow > 0 {
            list.append(
                .rect(
                    Rect(x: cx - 5 - 3 * glow, y: cy - 24 - 6 * glow, width: 10 + 6 * glow, height: 48 + 12 * glow),
                    fill: .solid(Color(hex: 0xFF9500, alpha: 0.55 * glow)), cornerRadius: 5 + 3 * glow))
        }
        list.append(
            .rect(
                Rect(x: cx - 2, y: cy - 20, width: 4, height: 40),
                fill: .solid(glow > 0 ? Color(hex: 0xFF9500) : Color(hex: 0xAEAEB2)), cornerRadius: 2))
        Chrome.draw(into: &list, size: viewport, style: .darkContent)
        list.append(.clip(nil))
    }

    static let numbers: [String] = (1...AdaptersScene.cardCount).map { "Item \($0)" }
}
