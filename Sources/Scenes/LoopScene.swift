import Drawing
import ScrollPhysics

/// A vertical full-screen feed that wraps around (the article “An infinite-loop scroll view design”), built by padding
/// the data with a
/// copy of the last item in front and of the first behind: `E A B C D E A`.
///
/// When motion rests on a copy, the offset jumps silently to the real item (same picture, so
/// nothing visible happens) — only after motion stops, at its exact end time. Appending items
/// during a swipe keeps the item nearest the centre exactly where it is on screen; deleting the
/// item on screen moves on to the next valid item in the direction of travel, wrapping round.
/// With one item, looping and swiping are off.
public final class LoopScene: SingleAxisScene {
    /// Item identities (they select the picture), in feed order.
    public private(set) var items: [Int]
    private var nextIdentity: Int
    /// Direction of the last drag or motion: +1 forward (down the feed), −1 back.
    private var direction = 1
    public var showsRealIndex = false

    public init(viewport: Size = .phone, itemCount: Int = 5, feel: Feel = .standard) {
        items = Array(0..<max(0, itemCount))
        nextIdentity = max(0, itemCount)
        let layout = Self.layout(count: max(0, itemCount), page: viewport.height)
        super.init(
            name: "loop", viewport: viewport, orientation: .vertical, bounds: layout.bounds,
            snapTargets: layout.targets, feel: feel)
        axis.setOffset(layout.start, at: 0)
    }

    public override var caption: String { "Swipe past the last video: it wraps to the first without a jump" }
    /// Its pages or cells and the background between them fill the viewport (`CoverageTests`).
    public override var coversViewport: Bool { true }

    /// Whether the feed loops (more than one item).
    public var loops: Bool { items.count > 1 }

    static func layout(count: Int, page: Double) -> (bounds: ClosedRange<Double>, targets: SnapTargets, start: Double) {
        let pages = count > 1 ? count + 2 : count
        return (0...max(0, Double(pages - 1) * page), .evenlySpaced(count: pages, spacing: page), count > 1 ? page : 0)
    }

    /// The real item index shown on page `page` of the padded layout.
    public func itemIndex(onPage page: Int) -> Int? {
        guard !items.isEmpty else { return nil }
        guard loops else { return 0 }
        if page <= 0 { return items.count - 1 }
        if page >= items.count + 1 { return 0 }
        return page - 1
    }

    /// The page nearest the viewport's centre at `time`.
    public func centrePage(at time: Double) -> Int {
        Int((axis.offset(at: time) / viewport.height).rounded())
    }

    /// The real index of the item nearest the centre.
    public func visibleItem(at time: Double) -> Int? { itemIndex(onPage: centrePage(at: time)) }

    override var acceptsDrags: Bool { loops }

    // MARK: Re-centring

    /// A release sets the direction of travel; a rest on a copy page re-centres at its exact time.
    override func axisDidReport(_ report: AxisReport) {
        if let release = report.release, release.velocity != 0 { direction = release.velocity > 0 ? 1 : -1 }
        if let rest = report.rest { recentre(at: rest.time) }
    }

    /// On a copy page, jump to the real page of the same item: the same picture, so invisible.
    private func recentre(at time: Double) {
        guard loops, !axis.isMoving, !axis.isDragging else { return }
        let page = centrePage(at: time)
        let real = page <= 0 ? items.count : (page >= items.count + 1 ? 1 : page)
        if real != page { axis.setOffset(Double(real) * viewport.height, at: time) }
    }

    // MARK: Editing

    /// Rebuilds the padded layout after `items` changed, keeping item `anchor` (a real index in
    /// the new list) at the screen position its page `anchorPage` had.
    private func relayout(anchor: Int?, anchorPage: Int, at time: Double) {
        let layout = Self.layout(count: items.count, page: viewport.height)
        guard let anchor, loops else {
            axis.setBounds(layout.bounds, snapTargets: layout.targets, at: time)
            axis.setOffset(layout.start, at: time)
            return
        }
        let shift = Double(anchor + 1 - anchorPage) * viewport.height
        var report = axis.shiftContent(by: shift, at: time)
        report.absorb(axis.setBounds(layout.bounds, snapTargets: layout.targets, at: time))
        note(report)
    }

    /// The first and last real items (the copies at both ends only pad the loop).
    override var homeOffset: Double {
        let targets = axis.snapTargets
        return targets.count > 2 ? targets[1] : axis.bounds.lowerBound
    }

    override var endOffset: Double {
        let targets = axis.snapTargets
        return targets.count > 2 ? targets[targets.count - 2] : axis.bounds.upperBound
    }

    /// Appends `count` new items at the end of the feed; what is on screen does not move.
    public func append(_ count: Int, at time: Double) {
        advance(to: time)
        let page = centrePage(at: time)
        let anchor = itemIndex(onPage: page)
        let wasLooping = loops
        for _ in 0..<max(0, count) { items.append(nextIdentity); nextIdentity += 1 }
        if !wasLooping {
            let layout = Self.layout(count: items.count, page: viewport.height)
            axis.setBounds(layout.bounds, snapTargets: layout.targets, at: time)
            axis.setOffset(loops ? viewport.height : 0, at: time)
            return
        }
        relayout(anchor: anchor, anchorPage: page, at: time)
    }

    /// Deletes the item on screen (a banned room); the view moves on to the next valid item in
    /// the direction of travel, wrapping round the ends.
    public func deleteVisible(at time: Double) {
        advance(to: time)
        guard let shown = visibleItem(at: time) else { return }
        let page = centrePage(at: time)
        items.remove(at: shown)
        guard !items.isEmpty else { relayout(anchor: nil, anchorPage: 0, at: time); return }
        guard loops else { relayout(anchor: nil, anchorPage: 0, at: time); return }
        let next = direction > 0 ? shown % items.count : (shown - 1 + items.count) % items.count
        // Keep the next item where the deleted one stood, then settle on it from there.
        relayout(anchor: next, anchorPage: page, at: time)
        if axis.isDragging { return }
        note(axis.scroll(to: Double(next + 1) * viewport.height, at: time))
    }

    public override var controls: [SceneControl] {
        [
            .button(
                id: "append", label: "Append 3 items",
                help: "New items arrive while you swipe (paging in more data): what is on screen stays put."),
            .button(
                id: "delete", label: "Delete this item",
                help:
                    "The item on screen is removed (a banned room): the feed moves on in the direction of travel, "
                    + "wrapping."
            ),
            .toggle(
                id: "debug", label: "Show real index",
                help: "Overlay the item's real index and the padded page it sits on.")
        ]
    }

    public override func controlValue(_ id: String) -> Double { id == "debug" && showsRealIndex ? 1 : 0 }

    public override func setControl(_ id: String, to value: Double, at time: Double) {
        if id == "debug" { showsRealIndex = value != 0 }
    }

    public override func pressControl(_ id: String, at time: Double) {
        switch id {
        case "append": append(3, at: time)
        case "delete": deleteVisible(at: time)
        default: break
        }
    }

    /// The feed's length and the item on screen (the panel shows it after Append and Delete).
    public override var readout: [String] {
        let shown = visibleItem(at: time).map { "showing item \($0 + 1)" } ?? "nothing to show"
        return ["\(items.count) item\(items.count == 1 ? "" : "s") in the feed, \(shown)"]
    }

    public override var extraTraceColumns: [String] { ["item", "items"] }
    public override func extraTraceValues(at time: Double) -> [TraceValue] {
        [
            visibleItem(at: time).map { .number(Double($0), decimals: 0) } ?? .text(""),
            .number(Double(items.count), decimals: 0)
        ]
    }

    // MARK: Drawing

    override func itemIndex(at point: Point, offset: Double) -> Int? {
        itemIndex(onPage: Int(((point.y + offset) / viewport.height).rounded(.down)))
    }

    override func drawContent(into list: inout DrawList, offset: Double) {
        let h = viewport.height, w = viewport.width
        list.append(.rect(Rect(x: 0, y: 0, width: w, height: h), fill: .solid(.black), cornerRadius: 0))
        guard !items.isEmpty, h > 0 else {
            list.append(
                .text(
                    "No videos", x: 0, y: h / 2 - 14, style: .title2, color: Color(hex: 0xFFFFFF, alpha: 0.7),
                    maxWidth: w, alignment: .center))
            return
        }
        let pages = loops ? items.count + 2 : 1
        let first = max(0, Int((offset / h).rounded(.down))),
            last = min(pages - 1, Int(((offset + h) / h).rounded(.down)))
        guard first <= last else { return }
        for page in first...last {
            guard let index = itemIndex(onPage: page) else { continue }
            let identity = items[index]
            let top = Double(page) * h - offset
            let frame = Rect(x: 0, y: top, width: w, height: h)
            let screen = Rect(x: 0, y: 0, width: w, height: h)
            VideoPage.draw(into: &list, frame: frame, screen: screen, identity: identity + 40, liked: false)
            list.append(.clip(frame.intersection(screen)))
            // The live room's badge, under the status bar.
            list.append(
                .rect(
                    Rect(x: 16, y: top + Chrome.statusBarHeight + 10, width: 42, height: 20),
                    fill: .solid(Color(hex: 0xFF2D55)), cornerRadius: 5))
            list.append(
                .text(
                    "LIVE", x: 16, y: top + Chrome.statusBarHeight + 12, style: .caption, color: .white, maxWidth: 42,
                    alignment: .center))
            if showsRealIndex {
                // A debug overlay: formatting here is fine, it is off unless asked for.
                // Counted from 1 as the panel says it ("showing item 2"); the index (from 0, as
                // in the trace) under it.
                let label = "item \(index + 1) of \(items.count)"
                list.append(
                    .rect(
                        Rect(x: w - 150, y: top + 100, width: 134, height: 54),
                        fill: .solid(Color(hex: 0x000000, alpha: 0.55)), cornerRadius: 10))
                list.append(
                    .text(label, x: w - 138, y: top + 106, style: .headline, color: Color(hex: 0xFFD60A), maxWidth: 118)
                )
                list.append(
                    .text(
                        "index \(index) · " + (page == index + 1 ? "real" : "copy"), x: w - 138, y: top + 130,
                        style: .footnote,
                        color: .white, maxWidth: 118))
            }
            list.append(.clip(Rect(x: 0, y: 0, width: w, height: h)))
        }
    }

    override var chromeStyle: Chrome.Style { .lightContent }
}
