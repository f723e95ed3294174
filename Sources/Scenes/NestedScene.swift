#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Drawing
import ScrollPhysics

/// A restaurant page with nested scrolling (the Eleme mobile team's “Eleme restaurant page interaction”): a header that
/// collapses, a segment bar
/// that pins, and three horizontally paged tabs; the first holds a category column and a food
/// list. One pointer drives everything, as the seed's single pan recogniser does:
///
/// - The gesture's axis is locked once it moves `slop` points: within `lockAngle` degrees of
///   horizontal it turns the tabs, otherwise it scrolls vertically (a diagonal flick never
///   turns the tabs).
/// - Pushing up moves the container until it pins, then the list scrolls, in one gesture; pulling
///   down reverses it. Past the ends the rubber band applies (container at the top, list at the bottom).
/// - A fling that reaches the pin hands its leftover velocity to the list at the exact crossing
///   time; a list fling that reaches its top hands the rest to the container, which may bounce.
/// - A tap on the status-bar strip scrolls the container and the visible list to the top, even
///   mid-motion; other taps during motion only stop it.
public final class NestedScene: ScrollScene {
    public let name = "nested"
    public let viewport: Size
    public let orientation = Orientation.vertical
    public var container: ScrollAxis
    public var tabs: ScrollAxis
    /// The vertical list of each tab (the third tab's is empty).
    public var lists: [ScrollAxis]
    public private(set) var selectedIndex: Int?
    /// Degrees from horizontal within which a gesture turns the tabs.
    public var lockAngle = 30.0
    public let slop = 8.0

    static let statusBar = 44.0
    static let headerHeight = 200.0
    static let segmentHeight = 44.0
    static let columnWidth = 92.0
    static let rowHeight = 92.0
    static let categoryHeight = 34.0
    static let categories = [
        "Hot deals", "Noodles", "Rice bowls", "Dumplings", "Soups", "Grill", "Greens", "Desserts", "Drinks"
    ]
    /// The restaurant the page shows.
    static let houseName = "Noodle House"
    static let itemsPerCategory = 6

    /// One dish: its name, price, monthly sales and the seed of its picture. A dish shown in two
    /// sections (a hot deal is also in its own section) is the same record in both.
    struct MenuItem: Sendable {
        let name: String, price: String, sales: String, seed: Int
        /// "Monthly sales 1.2k", made once with the record (drawing allocates nothing).
        let salesLabel: String

        init(name: String, price: String, sales: String, seed: Int) {
            self.name = name
            self.price = price
            self.sales = sales
            self.seed = seed
            salesLabel = "Monthly sales " + sales
        }
    }

    /// Six dishes per category, in the order of `categories`; "Hot deals" repeats dishes of the
    /// other sections.
    static let menu: [[MenuItem]] = {
        var seed = 0
        func items(_ entries: [(String, String, String)]) -> [MenuItem] {
            entries.map { entry in
                defer { seed += 1 }
                return MenuItem(name: entry.0, price: entry.1, sales: entry.2, seed: seed)
            }
        }
        let noodles = items([
            ("Spicy beef noodles", "¥18", "312"), ("Dan dan noodles", "¥16", "880"),
            ("Scallion oil noodles", "¥12", "455"),
            ("Zhajiang noodles", "¥17", "390"), ("Cold sesame noodles", "¥14", "260"),
            ("Beef brisket noodles", "¥24", "610")
        ])
        let dumplings = items([
            ("Pork dumplings ×12", "¥26", "1.2k"), ("Shrimp dumplings ×8", "¥32", "720"),
            ("Chive dumplings ×12", "¥22", "340"),
            ("Soup dumplings ×6", "¥24", "950"), ("Pan-fried dumplings", "¥20", "410"),
            ("Chili oil wontons", "¥18", "530")
        ])
        let rice = items([
            ("Char siu rice", "¥24", "640"), ("Mapo tofu rice", "¥22", "86"), ("Braised pork rice", "¥26", "470"),
            ("Egg fried rice", "¥15", "1.1k"), ("Curry chicken rice", "¥25", "380"),
            ("Mushroom rice bowl", "¥19", "150")
        ])
        let soups = items([
            ("Wonton soup", "¥15", "540"), ("Hot and sour soup", "¥16", "290"), ("Tomato egg soup", "¥13", "330"),
            ("Sweet corn soup", "¥12", "120"), ("Seaweed egg soup", "¥11", "95"), ("Lamb bone soup", "¥28", "210")
        ])
        let grill = items([
            ("Kung pao chicken", "¥28", "2.3k"), ("Grilled chicken thighs", "¥26", "430"),
            ("Chicken skewers ×4", "¥20", "760"),
            ("Char siu, house style", "¥34", "520"), ("Black pepper chicken", "¥27", "310"),
            ("Honey chicken wings", "¥23", "680")
        ])
        let greens = items([
            ("Scallion pancake", "¥9", "97"), ("Garlic greens", "¥12", "45"), ("Stir-fried greens", "¥12", "220"),
            ("Greens in oyster sauce", "¥14", "180"), ("Spicy cabbage greens", "¥13", "140"),
            ("Leek pancake", "¥10", "260")
        ])
        let desserts = items([
            ("Mango pudding", "¥14", "680"), ("Red bean pudding", "¥12", "240"), ("Sesame pudding", "¥12", "170"),
            ("Coconut pudding", "¥13", "310"), ("Egg custard pudding", "¥11", "450"), ("Milk pudding", "¥10", "290")
        ])
        let drinks = items([
            ("Milk tea", "¥11", "312"), ("Jasmine tea", "¥8", "260"), ("Iced lemon tea", "¥10", "590"),
            ("Oolong tea", "¥9", "180"), ("Chrysanthemum tea", "¥9", "120"), ("Soy milk tea", "¥10", "230")
        ])
        let hot = [noodles[0], dumplings[0], rice[1], soups[0], greens[0], grill[0]]
        return [hot, noodles, rice, dumplings, soups, grill, greens, desserts, drinks]
    }()

    /// Every row's dish, by row order: index = category × `itemsPerCategory` + position.
    static let menuRows: [MenuItem] = menu.flatMap { $0 }
    /// The dishes' names (each once).
    static let dishes: [String] = {
        var seen = Set<String>()
        return menuRows.map(\.name).filter { seen.insert($0).inserted }
    }()
    static let tabTitles = ["Menu", "Reviews", "Info"]
    static let infoLines = [
        ("Address", "12 Harbour Road"), ("Hours", "10:00 – 22:00"), ("Phone", "+86 21 5555 0199"),
        ("Delivery", "By the restaurant, 30 min")
    ]
    static let reviewHeight = 118.0

    /// Food list rows: (top in content, category index, dish index or nil for a header).
    private let rows: [(top: Double, category: Int, dish: Int?)]
    private let categoryTops: [Double]

    private enum Lock { case undecided, vertical, horizontal }
    private var lock = Lock.undecided
    private var pressStart: Point?
    private var lastPoint = Point(x: 0, y: 0)
    private var pressCaughtMotion = false
    private var tracker = VelocityTracker()
    /// Container and the shown list, joined at the pin: velocity passes on unchanged.
    private let chain = AxisChain()
    private var time = 0.0

    public init(viewport: Size = .phone, feel: Feel = .standard) {
        self.viewport = viewport
        var rows: [(Double, Int, Int?)] = [], categoryTops: [Double] = []
        var y = 0.0
        for category in Self.categories.indices {
            categoryTops.append(y)
            rows.append((y, category, nil)); y += Self.categoryHeight
            for item in 0..<Self.itemsPerCategory {
                rows.append((y, category, category * Self.itemsPerCategory + item)); y += Self.rowHeight
            }
        }
        self.rows = rows
        self.categoryTops = categoryTops
        let listViewport = viewport.height - Self.statusBar - Self.segmentHeight
        container = ScrollAxis(viewportLength: viewport.height, bounds: 0...Self.headerHeight, feel: feel)
        tabs = ScrollAxis(
            viewportLength: viewport.width, bounds: 0...(2 * viewport.width),
            snapTargets: .evenlySpaced(count: 3, spacing: viewport.width), feel: feel)
        let menu = ScrollAxis(viewportLength: listViewport, bounds: 0...max(0, y + 40 - listViewport), feel: feel)
        let reviews = ScrollAxis(
            viewportLength: listViewport, bounds: 0...max(0, 40 * Self.reviewHeight + 16 - listViewport),
            feel: feel)
        let info = ScrollAxis(viewportLength: listViewport, bounds: 0...0, feel: feel)
        lists = [menu, reviews, info]
        for i in lists.indices { AxisChain.join(&container, &lists[i]) }
    }

    public var mainAxis: ScrollAxis { container }

    /// The container and the list of the current tab move as one gesture: Live follows their sum.
    public func liveReading(at t: Double) -> LiveReading {
        let list = min(2, max(0, tabs.pageIndex(at: t) ?? 0))
        return LiveReading(
            joining: [container, lists[list]], named: "container + " + Self.tabTitles[list].lowercased(), at: t)
    }
    public var caption: String { "Push up: the header collapses, then the menu scrolls; swipe sideways for tabs" }

    /// The tab shown (nearest page).
    public func tabIndex(at time: Double) -> Int { tabs.pageIndex(at: time) ?? 0 }
    private var currentList: Int { min(2, max(0, tabs.pageIndex(at: time) ?? 0)) }

    // MARK: Hand-off

    /// The container and the shown list advance as one chain (hand-offs at the exact crossing
    /// time, both ways); the tabs and the hidden lists on their own (a hidden list reaching its
    /// top simply stops there).
    public func advance(to t: Double) {
        guard t.isFinite else { return }
        let shown = currentList
        chain.advance(&container, &lists[shown], to: t)
        tabs.advance(to: t)
        for i in lists.indices where i != shown { lists[i].advance(to: t) }
        time = max(time, t)
    }

    // MARK: Input

    public func handle(_ input: TimedInput) {
        advance(to: input.time)
        let t = input.time
        switch input.event {
        case .down(let point):
            pressCaughtMotion = container.isMoving || tabs.isMoving || lists.contains { $0.isMoving }
            pressStart = point
            lastPoint = point
            lock = .undecided
            tracker.reset()
            tracker.add(time: t, position: point.y)
            // One pan for the whole page (its own slop and lock below): the axes follow it at once.
            container.beginDrag(at: t, pointer: point.y, input: .routed)
            for i in lists.indices { lists[i].beginDrag(at: t, pointer: point.y, input: .routed) }
            tabs.beginDrag(at: t, pointer: point.x, input: .routed)
        case .move(let point):
            guard let start = pressStart else { return }
            tracker.add(time: t, position: point.y)
            if lock == .undecided {
                let dx = point.x - start.x, dy = point.y - start.y
                guard dx * dx + dy * dy > slop * slop else { return }
                let angle = atan2(abs(dy), abs(dx)) * 180 / Double.pi
                lock = angle <= lockAngle ? .horizontal : .vertical
                if lock == .horizontal {
                    container.endDrag(at: t, releaseVelocity: 0)
                    for i in lists.indices { lists[i].endDrag(at: t, releaseVelocity: 0) }
                } else {
                    tabs.endDrag(at: t, releaseVelocity: 0)
                }
                lastPoint = start
            }
            if lock == .horizontal {
                tabs.dragMoved(at: t, pointer: point.x)
            } else {
                distribute(-(point.y - lastPoint.y), at: t)
            }
            lastPoint = point
        case .up(let point):
            guard pressStart != nil else { return }
            handle(TimedInput(time: t, event: .move(point)))
            release(at: t, point: point)
        case .wheel, .wheelBegin, .wheelEnd:
            break
        }
    }

    /// Splits a vertical drag delta (content points, + = up) between container and list:
    /// up moves the container until it pins, then the list; down moves the list until its top,
    /// then the container (with the rubber band past either end).
    private func distribute(_ delta: Double, at t: Double) {
        let list = currentList
        guard let containerPull = container.dragPull, let listPull = lists[list].dragPull else { return }
        var rest = delta
        if delta > 0 {
            let room = max(0, Self.headerHeight - containerPull)
            let toContainer = containerPull < Self.headerHeight ? min(rest, room) : 0
            if toContainer > 0 { container.dragScrolled(at: t, by: toContainer) }
            rest -= toContainer
            if rest > 0 { lists[list].dragScrolled(at: t, by: rest) }
        } else if delta < 0 {
            let room = max(0, listPull)
            let toList = listPull > 0 ? max(rest, -room) : 0
            if toList < 0 { lists[list].dragScrolled(at: t, by: toList) }
            rest -= toList
            if rest < 0 { container.dragScrolled(at: t, by: rest) }
        }
    }

    private func release(at t: Double, point: Point) {
        let list = currentList
        let v = -tracker.velocity(at: t)
        defer { pressStart = nil }
        if lock == .horizontal {
            tabs.endDrag(at: t)
            return
        }
        if lock == .undecided {
            tabs.endDrag(at: t, releaseVelocity: 0)
            container.endDrag(at: t, releaseVelocity: 0)
            for i in lists.indices { lists[i].endDrag(at: t, releaseVelocity: 0) }
            tap(at: point, time: t)
            return
        }
        let containerPull = container.dragPull ?? 0, listPull = lists[list].dragPull ?? 0
        let listEnd = lists[list].bounds.upperBound
        // Who carries the fling: whoever is past an end, else by direction and position.
        let containerFlings: Bool
        if containerPull < 0 {
            containerFlings = true
        } else if listPull > listEnd {
            containerFlings = false
        } else if v > 0 {
            containerFlings = containerPull < Self.headerHeight
        } else {
            containerFlings = listPull <= 0
        }
        let released = container.endDrag(at: t, releaseVelocity: containerFlings ? v : 0)
        chain.deliver(released, from: 0, &container, &lists[list])
        for i in lists.indices {
            let listReleased = lists[i].endDrag(at: t, releaseVelocity: !containerFlings && i == list ? v : 0)
            if i == list { chain.deliver(listReleased, from: 1, &container, &lists[list]) }
        }
    }

    public func tap(at point: Point, time t: Double) {
        if point.y < Self.statusBar {
            // Scroll to top reaches the visible list and the container, even while moving.
            lists[currentList].scroll(to: 0, at: t)
            container.scroll(to: 0, at: t)
            return
        }
        guard !pressCaughtMotion else { return }  // a tap during motion only stops it
        let segmentTop = Self.statusBar + Self.headerHeight - container.offset(at: t)
        if point.y >= segmentTop, point.y < segmentTop + Self.segmentHeight {
            let tab = min(2, max(0, Int(point.x / (viewport.width / 3))))
            tabs.scroll(to: Double(tab) * viewport.width, at: t)
            return
        }
        guard point.y >= segmentTop + Self.segmentHeight, currentList == 0 else { return }
        let listTop = segmentTop + Self.segmentHeight
        if point.x < Self.columnWidth {
            let index = Int((point.y - listTop - 8) / 52)
            guard index >= 0, index < categoryTops.count else { return }
            if container.offset(at: t) < Self.headerHeight { container.scroll(to: Self.headerHeight, at: t) }
            lists[0].scroll(to: categoryTops[index], at: t)
            return
        }
        let y = point.y - listTop + lists[0].offset(at: t)
        if let row = rows.last(where: { $0.top <= y }), let dish = row.dish {
            selectedIndex = dish == selectedIndex ? nil : dish
        }
    }

    public func scroll(_ step: ScrollStep, at t: Double) {
        let list = currentList
        let pinned = container.restingOffset >= Self.headerHeight - 0.5
        func move(by delta: Double) {
            if delta > 0 {
                if !pinned {
                    container.scroll(to: min(Self.headerHeight, container.restingOffset + delta), at: t)
                } else {
                    lists[list].scroll(to: lists[list].restingOffset + delta, at: t)
                }
            } else {
                if lists[list].restingOffset > 0 {
                    lists[list].scroll(to: lists[list].restingOffset + delta, at: t)
                } else {
                    container.scroll(to: container.restingOffset + delta, at: t)
                }
            }
        }
        switch step {
        case .home: lists[list].scroll(to: 0, at: t); container.scroll(to: 0, at: t)
        case .end:
            container.scroll(to: Self.headerHeight, at: t); lists[list].scroll(to: lists[list].bounds.upperBound, at: t)
        case .lines(let n): move(by: Double(n) * 60)
        case .pages(let n): move(by: Double(n) * viewport.height * 0.8)
        case .notches(let n): move(by: n * 100)
        }
    }

    public func setFeel(_ feel: Feel, at t: Double) {
        container.setFeel(feel, at: t)
        tabs.setFeel(feel, at: t)
        for i in lists.indices { lists[i].setFeel(feel, at: t) }
    }

    public func isAtRest(at t: Double) -> Bool {
        pressStart == nil && !container.isMoving && !tabs.isMoving && !lists.contains { $0.isMoving }
    }

    public var controls: [SceneControl] {
        [
            .slider(
                id: "lockAngle", label: "Axis lock angle", range: 5...85, format: "%.0f°",
                help:
                    "A gesture within this angle of horizontal turns the tabs; steeper ones scroll vertically (the "
                    + "Eleme mobile team's “Eleme restaurant page interaction”, problem 2)."
            )
        ]
    }
    public func controlValue(_ id: String) -> Double { id == "lockAngle" ? lockAngle : 0 }
    public func setControl(_ id: String, to value: Double, at time: Double) {
        if id == "lockAngle", value.isFinite { lockAngle = min(max(value, 1), 89) }
    }

    public var extraTraceColumns: [String] {
        ["list_offset", "list_velocity", "list_phase", "tabs_offset", "tabs_page"]
    }
    public func extraTraceValues(at t: Double) -> [TraceValue] {
        TraceValue.fields(lists[currentList], at: t)
            + [.number(tabs.offset(at: t), decimals: 4), .number(Double(tabs.pageIndex(at: t) ?? 0), decimals: 0)]
    }

    // MARK: Drawing

    public var coversViewport: Bool { false }

    public func draw(into list: inout DrawList, at t: Double) {
        let w = viewport.width, h = viewport.height
        let screen = Rect(x: 0, y: 0, width: w, height: h)
        let c = list.onPixelGrid(container.offset(at: t))
        list.append(.clip(screen))
        list.append(.rect(screen, fill: .solid(.white), cornerRadius: 0))
        // Header (scrolls with the container; stretches its picture when pulled down).
        let headerTop = Self.statusBar - c
        let pictureHeight = 124 + max(0, -c)
        Art.picture(
            into: &list, frame: Rect(x: 0, y: min(headerTop, Self.statusBar), width: w, height: pictureHeight),
            title: Self.houseName, seed: 77, cornerRadius: 0, surround: .white, restoreClip: screen)
        list.append(.circle(centerX: 52, centerY: headerTop + 124, radius: 34, color: .white))
        list.append(.circle(centerX: 52, centerY: headerTop + 124, radius: 30, color: Color(hex: 0xFF9500)))
        // The house's logo: a white bowl with steam over it.
        list.append(
            .rect(Rect(x: 36, y: headerTop + 124, width: 32, height: 14), fill: .solid(.white), cornerRadius: 7))
        list.append(.rect(Rect(x: 33, y: headerTop + 121, width: 38, height: 4), fill: .solid(.white), cornerRadius: 2))
        for i in 0..<3 {
            list.append(
                .rect(
                    Rect(x: 43 + Double(i) * 7, y: headerTop + 106, width: 3, height: 11),
                    fill: .solid(Color(hex: 0xFFFFFF, alpha: 0.8)), cornerRadius: 1.5))
        }
        list.append(
            .text(Self.houseName, x: 98, y: headerTop + 130, style: .title2, color: Theme.label, maxWidth: w - 114))
        list.append(
            .text(
                "★ 4.8 · 30 min · ¥5 delivery", x: 98, y: headerTop + 160, style: .subheadline,
                color: Theme.secondaryLabel, maxWidth: w - 114))
        // Segment bar.
        let segmentTop = Self.statusBar + Self.headerHeight - c
        list.append(
            .rect(
                Rect(x: 0, y: segmentTop, width: w, height: Self.segmentHeight), fill: .solid(.white), cornerRadius: 0))
        let tabOffset = list.onPixelGrid(tabs.offset(at: t))
        for (i, title) in Self.tabTitles.enumerated() {
            let active = abs(tabOffset - Double(i) * w) < w / 2
            list.append(
                .text(
                    title, x: Double(i) * w / 3, y: segmentTop + 11, style: .headline,
                    color: active ? Theme.label : Theme.secondaryLabel, maxWidth: w / 3, alignment: .center))
        }
        list.append(
            .rect(
                Rect(x: tabOffset / 3 + (w / 3 - 36) / 2, y: segmentTop + Self.segmentHeight - 4, width: 36, height: 3),
                fill: .solid(Color(hex: 0xFF9500)), cornerRadius: 1.5))
        list.append(
            .rect(
                Rect(x: 0, y: segmentTop + Self.segmentHeight - 0.5, width: w, height: 0.5),
                fill: .solid(Color(hex: 0xD1D1D6)), cornerRadius: 0))
        // Tab pages.
        let areaTop = segmentTop + Self.segmentHeight
        let area = Rect(x: 0, y: areaTop, width: w, height: max(0, h - areaTop)).intersection(screen)
        for page in 0..<3 {
            let x = Double(page) * w - tabOffset
            guard x < w, x + w > 0 else { continue }
            list.append(.clip(area))
            switch page {
            case 0: drawMenu(into: &list, x: x, top: areaTop, at: t)
            case 1: drawReviews(into: &list, x: x, top: areaTop, at: t)
            default: drawInfo(into: &list, x: x, top: areaTop)
            }
        }
        list.append(.clip(screen))
        // Status bar strip: tap it to scroll to the top.
        list.append(.rect(Rect(x: 0, y: 0, width: w, height: Self.statusBar), fill: .solid(.white), cornerRadius: 0))
        Chrome.statusBar(into: &list, width: w, style: .darkContent, height: Self.statusBar)
        Chrome.homeIndicator(into: &list, size: viewport, style: .darkContent)
        list.append(.clip(nil))
    }

    private func drawMenu(into list: inout DrawList, x: Double, top: Double, at t: Double) {
        let w = viewport.width, h = viewport.height
        let offset = list.onPixelGrid(lists[0].offset(at: t))
        // Category column: highlights the category at the list's top.
        list.append(
            .rect(
                Rect(x: x, y: top, width: Self.columnWidth, height: h - top), fill: .solid(Color(hex: 0xF4F4F6)),
                cornerRadius: 0))
        let current = max(0, (categoryTops.lastIndex { $0 <= offset + 1 } ?? 0))
        for (i, name) in Self.categories.enumerated() {
            let y = top + 8 + Double(i) * 52
            if i == current {
                list.append(
                    .rect(Rect(x: x, y: y, width: Self.columnWidth, height: 48), fill: .solid(.white), cornerRadius: 0))
                list.append(
                    .rect(
                        Rect(x: x, y: y + 12, width: 3, height: 24), fill: .solid(Color(hex: 0xFF9500)),
                        cornerRadius: 1.5))
            }
            list.append(
                .text(
                    name, x: x + 10, y: y + 15, style: .footnote,
                    color: i == current ? Theme.label : Theme.secondaryLabel,
                    maxWidth: Self.columnWidth - 14))
        }
        // Food list, culled to the visible rows.
        let listX = x + Self.columnWidth
        let listClip = Rect(x: max(0, listX), y: top, width: w - Self.columnWidth, height: h - top).intersection(
            Rect(x: 0, y: top, width: w, height: h - top))
        list.append(.clip(listClip))
        var low = 0, high = rows.count
        while low < high {
            let mid = (low + high) / 2;
            if rows[mid].top + Self.rowHeight <= offset { low = mid + 1 } else { high = mid }
        }
        var index = low
        while index < rows.count, rows[index].top - offset < h - top {
            let row = rows[index]
            let y = top + row.top - offset
            if let dish = row.dish {
                let item = Self.menuRows[dish % Self.menuRows.count], name = item.name
                Art.picture(
                    into: &list, frame: Rect(x: listX + 12, y: y + 10, width: 72, height: 72), title: name,
                    seed: item.seed, cornerRadius: 10,
                    surround: .white, restoreClip: listClip)
                let textWidth = w - Self.columnWidth - 96 - 12
                list.append(
                    .text(name, x: listX + 96, y: y + 12, style: .headline, color: Theme.label, maxWidth: textWidth))
                list.append(
                    .text(
                        item.salesLabel, x: listX + 96, y: y + 37, style: .footnote,
                        color: Theme.secondaryLabel, maxWidth: textWidth))
                list.append(
                    .text(
                        item.price, x: listX + 96, y: y + 59, style: .headline, color: Color(hex: 0xFF3B30),
                        maxWidth: textWidth - 40))
                list.append(
                    .circle(
                        centerX: listX + w - Self.columnWidth - 26, centerY: y + 68, radius: 12,
                        color: Color(hex: 0xFFC300)))
                let plusX = listX + w - Self.columnWidth - 26
                list.append(
                    .rect(
                        Rect(x: plusX - 5.5, y: y + 67, width: 11, height: 2), fill: .solid(Theme.label),
                        cornerRadius: 1))
                list.append(
                    .rect(
                        Rect(x: plusX - 1, y: y + 62.5, width: 2, height: 11), fill: .solid(Theme.label),
                        cornerRadius: 1))
                if dish == selectedIndex {
                    list.append(
                        .rect(
                            Rect(x: listX, y: y, width: w - Self.columnWidth, height: Self.rowHeight),
                            fill: .solid(Theme.selection), cornerRadius: 0))
                }
            } else {
                list.append(
                    .rect(
                        Rect(x: listX, y: y, width: w - Self.columnWidth, height: Self.categoryHeight),
                        fill: .solid(.white), cornerRadius: 0))
                list.append(
                    .text(
                        Self.categories[row.category], x: listX + 12, y: y + 9, style: .footnote,
                        color: Theme.secondaryLabel,
                        maxWidth: w - Self.columnWidth - 24))
            }
            index += 1
        }
        // iOS pins the current section's header at the list's top; the next header pushes it up,
        // so no row is cut off directly under the segment bar.
        if offset > 0, let section = categoryTops.lastIndex(where: { $0 <= offset }) {
            let next = section + 1 < categoryTops.count ? categoryTops[section + 1] - offset : .infinity
            let y = top + min(0, next - Self.categoryHeight)
            list.append(
                .rect(
                    Rect(x: listX, y: y, width: w - Self.columnWidth, height: Self.categoryHeight),
                    fill: .solid(.white), cornerRadius: 0))
            list.append(
                .text(
                    Self.categories[rows.isEmpty ? 0 : section % Self.categories.count], x: listX + 12, y: y + 9,
                    style: .footnote,
                    color: Theme.secondaryLabel, maxWidth: w - Self.columnWidth - 24))
            list.append(
                .rect(
                    Rect(x: listX, y: y + Self.categoryHeight - 0.5, width: w - Self.columnWidth, height: 0.5),
                    fill: .solid(Theme.separator.fading(0.5)), cornerRadius: 0))
        }
    }

    static let reviewers = ["Mei", "Jun", "Alex", "Sana", "Leo", "Ivy", "Omar"]
    static let reviews = [
        "Noodles arrived hot, broth was rich.", "Dumplings were perfect, will order again.",
        "Fast delivery, a little too spicy for me.", "Best mapo tofu in the area.", "Generous portions, fair price."
    ]

    private func drawReviews(into list: inout DrawList, x: Double, top: Double, at t: Double) {
        let offset = list.onPixelGrid(lists[1].offset(at: t))
        let first = max(0, Int(offset / Self.reviewHeight)),
            last = min(39, Int((offset + viewport.height) / Self.reviewHeight))
        guard first <= last else { return }
        for i in first...last {
            let y = top + 8 + Double(i) * Self.reviewHeight - offset
            let frame = Rect(x: x + 12, y: y, width: viewport.width - 24, height: Self.reviewHeight - 10)
            list.card(frame, fill: .solid(.white), cornerRadius: 12, shadow: Color(hex: 0x000000, alpha: 0.08))
            list.append(.circle(centerX: frame.x + 26, centerY: frame.y + 28, radius: 16, color: Art.palette(i + 30).0))
            list.append(
                .text(
                    Self.reviewers[i % Self.reviewers.count], x: frame.x + 52, y: frame.y + 12, style: .headline,
                    color: Theme.label,
                    maxWidth: frame.width - 68))
            list.append(
                .text(
                    "★★★★★", x: frame.x + 52, y: frame.y + 34, style: .caption, color: Color(hex: 0xFF9500),
                    maxWidth: frame.width - 68))
            list.append(
                .text(
                    Self.reviews[i % Self.reviews.count], x: frame.x + 16, y: frame.y + 64, style: .body,
                    color: Theme.label,
                    maxWidth: frame.width - 32))
        }
    }

    private func drawInfo(into list: inout DrawList, x: Double, top: Double) {
        for (i, line) in Self.infoLines.enumerated() {
            let y = top + 16 + Double(i) * 64
            list.append(
                .text(
                    line.0, x: x + 16, y: y, style: .footnote, color: Theme.secondaryLabel,
                    maxWidth: viewport.width - 32))
            list.append(
                .text(line.1, x: x + 16, y: y + 20, style: .headline, color: Theme.label, maxWidth: viewport.width - 32)
            )
        }
    }
}
