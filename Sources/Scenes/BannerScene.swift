import Drawing
import ScrollPhysics

/// A parallax rolling banner with custom paging (yuan's “UIScrollView parallax rolling banner (2)”).
///
/// Three recycling slots, the middle one resting at offset = width; a completed page recycles
/// the slots and puts the offset back in the middle without a visible jump — exactly when the
/// motion ends (the rest time the axis reports), so no late scroll callback can undo it. Paging always
/// uses the threshold policy: complete at `pageDistanceThreshold` of a width, or at
/// `pageFlickDistanceThreshold` with a flick; a cancelled swipe springs back from rest at the
/// page spring's pace instead of flinging at the start. Pictures move at `parallax` of the scroll.
/// An optional timer advances every `interval` seconds of rest; touching pauses it.
public final class BannerScene: SingleAxisScene {
    public let itemCount: Int
    /// The real index of the item in the middle slot.
    public private(set) var current = 0
    /// Fraction of the scroll the picture inside a card moves (0 = fixed to the card, 1 = fixed to the screen).
    public var parallax = 0.4
    public var autoAdvance = false
    public var interval = 3.0
    /// When the banner last came to rest or was let go (for the timer).
    private var restingSince = 0.0

    static let height = 230.0
    static let top = 124.0

    public init(viewport: Size = .phone, itemCount: Int = 5, feel: Feel = .standard) {
        self.itemCount = max(1, itemCount)
        let w = viewport.width
        super.init(
            name: "banner", viewport: viewport, orientation: .horizontal, bounds: 0...(2 * w),
            snapTargets: .evenlySpaced(count: 3, spacing: w), feel: feel)
        axis.setFeel(forced(feel), at: 0)
        axis.setOffset(w, at: 0)
    }

    public override var forcedPagePolicy: PagePolicy? { .threshold }
    public override var caption: String { "Swipe the banner: 30 % completes, 10 % with a flick; pictures drift slower" }
    /// Its pages or cells and the background between them fill the viewport (`CoverageTests`).
    public override var coversViewport: Bool { true }

    /// The real item shown in slot 0, 1 or 2.
    public func item(inSlot slot: Int) -> Int { ((current + slot - 1) % itemCount + itemCount) % itemCount }

    /// The item nearest the middle of the viewport.
    public func visibleItem(at time: Double) -> Int {
        item(inSlot: Int((axis.offset(at: time) / viewport.width).rounded()).clamped(0, 2))
    }

    // MARK: Recycling

    /// Moves `current` by the slot the axis rests nearest and puts the offset back in the middle.
    private func recycle(at time: Double) {
        let w = viewport.width
        let slot = Int((axis.offset(at: time) / w).rounded()).clamped(0, 2)
        guard slot != 1 else { return }
        current = item(inSlot: slot)
        axis.shiftContent(by: Double(1 - slot) * w, at: time)
        axis.setBounds(0...(2 * w), snapTargets: .evenlySpaced(count: 3, spacing: w), at: time)
    }

    /// Every rest (a release, a fling, an animated step, a halt) recycles at its exact time:
    /// nothing moves between the rest and now, so this is exact.
    override func axisDidReport(_ report: AxisReport) {
        guard let rest = report.rest else { return }
        recycle(at: rest.time)
        restingSince = rest.time
    }

    override func willPress(at time: Double) {
        note(axis.halt(at: time))
        recycle(at: time)  // a grab mid-motion starts from the middle slot, with room both ways
    }

    override func didRelease(at time: Double) { restingSince = time }

    override func didAdvance(to time: Double) {
        guard autoAdvance, !isPressed, !axis.isMoving, itemCount > 1 else { return }
        if time - restingSince >= interval {
            restingSince = time
            note(axis.scroll(to: 2 * viewport.width, at: restingSince))
        }
    }

    /// The auto-advance's next turn: an interval after the banner last rested or was let go.
    public override func nextTimer(after time: Double) -> Double? {
        guard autoAdvance, !isPressed, !axis.isMoving, itemCount > 1 else { return nil }
        return restingSince + interval
    }

    // MARK: Controls

    public override var controls: [SceneControl] {
        [
            .slider(
                id: "parallax", label: "Parallax", range: 0...1, format: "%.2f",
                help:
                    "Fraction of the scroll a picture lags behind its card (yuan's “UIScrollView parallax rolling "
                    + "banner (2)”)."
            ),
            .toggle(
                id: "autoAdvance", label: "Auto-advance",
                help: "Turn the page every interval of rest; a touch pauses it."),
            .slider(
                id: "interval", label: "Interval", range: 1...8, format: "%.1f s",
                help: "Seconds of rest before the banner turns by itself.")
        ]
    }

    public override func controlValue(_ id: String) -> Double {
        switch id {
        case "parallax": return parallax
        case "autoAdvance": return autoAdvance ? 1 : 0
        case "interval": return interval
        default: return 0
        }
    }

    public override func setControl(_ id: String, to value: Double, at time: Double) {
        guard value.isFinite else { return }
        switch id {
        case "parallax": parallax = min(max(value, 0), 1)
        case "autoAdvance": autoAdvance = value != 0; restingSince = time
        case "interval": interval = min(max(value, 0.5), 60)
        default: break
        }
    }

    public override var extraTraceColumns: [String] { ["item"] }
    public override func extraTraceValues(at time: Double) -> [TraceValue] {
        [.number(Double(visibleItem(at: time)), decimals: 0)]
    }

    // MARK: Drawing

    override var contentLength: Double { 3 * viewport.width }

    /// The banner's own strip: its indicator runs along the bottom of the cards.
    override var indicatorFrame: Rect { Rect(x: 16, y: Self.top, width: viewport.width - 32, height: Self.height) }

    override func itemIndex(at point: Point, offset: Double) -> Int? {
        guard point.y >= Self.top, point.y < Self.top + Self.height else { return nil }
        return item(inSlot: Int(((point.x + offset) / viewport.width).rounded(.down)).clamped(0, 2))
    }

    override func drawContent(into list: inout DrawList, offset: Double) {
        let w = viewport.width, h = viewport.height
        let screen = Rect(x: 0, y: 0, width: w, height: h)
        list.append(.rect(screen, fill: .solid(Theme.background), cornerRadius: 0))
        Chrome.largeTitleHeader(into: &list, width: w, title: "Today", subtitle: "Banner · three recycling slots")
        for slot in 0..<3 {
            let pageX = Double(slot) * w - offset
            guard pageX < w, pageX + w > 0 else { continue }
            let card = Rect(x: pageX + 16, y: Self.top, width: w - 32, height: Self.height)
            let item = item(inSlot: slot)
            list.append(
                .shadow(
                    card.offsetBy(dx: 0, dy: 4), cornerRadius: 18, blur: 12, color: Color(hex: 0x000000, alpha: 0.18)))
            // The picture is wider than the card and lags behind it by `parallax` of the scroll.
            let lag = -pageX * parallax
            let picture = Rect(
                x: card.x + lag - w * parallax, y: card.y, width: card.width + 2 * w * parallax, height: card.height)
            list.append(.beginRoundedClip(card, cornerRadius: 18))  // the picture stays inside the card's rounded shape
            Art.picture(
                into: &list, frame: picture, title: Art.title(item + 11), seed: item * 13 + 7, cornerRadius: 0,
                surround: Theme.background,
                restoreClip: card.intersection(screen))
            list.append(
                .rect(
                    Rect(x: card.x, y: card.maxY - 70, width: card.width, height: 70),
                    fill: .verticalGradient(.clear, Color(hex: 0x000000, alpha: 0.35)), cornerRadius: 0))
            list.append(
                .text(
                    Art.title(item + 11), x: card.x + 16, y: card.maxY - 44, style: .title2, color: .white,
                    maxWidth: card.width - 32))
            list.append(.endRoundedClip)
            if item == selectedIndex {
                list.append(.rect(card, fill: .solid(Theme.selection), cornerRadius: 18))
            }
        }
        PageDots.draw(
            into: &list, count: itemCount, current: visibleItemAt(offset: offset), centerX: w / 2,
            y: Self.top + Self.height + 20, active: Theme.label, inactive: Theme.secondaryLabel.fading(0.35))
        // Static rows below, so the banner sits in a page like an app's.
        for row in 0..<5 {
            let frame = Rect(x: 16, y: Self.top + Self.height + 48 + Double(row) * 84, width: w - 32, height: 72)
            list.card(frame, fill: .solid(Theme.card), cornerRadius: 14)
            list.append(
                .circle(centerX: frame.x + 36, centerY: frame.y + 36, radius: 22, color: Art.palette(row + 20).0))
            list.append(
                .text(
                    Art.title(row + 3), x: frame.x + 70, y: frame.y + 13, style: .headline, color: Theme.label,
                    maxWidth: frame.width - 86))
            list.append(
                .text(
                    Art.subtitle(row + 4), x: frame.x + 70, y: frame.y + 38, style: .subheadline,
                    color: Theme.secondaryLabel,
                    maxWidth: frame.width - 86))
        }
    }

    private func visibleItemAt(offset: Double) -> Int {
        item(inSlot: Int((offset / viewport.width).rounded()).clamped(0, 2))
    }
}

extension Int {
    func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), high) }
}
