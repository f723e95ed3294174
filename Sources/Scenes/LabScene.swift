import Drawing
import ScrollPhysics

/// Li's measurement: pull the list past its top and watch the conversion rate
/// g = view offset ÷ finger offset plotted against the view offset. The points fall on a line
/// `g = k·f + b`, fitted live by least squares; the seed measured b = 0.55 and k = −0.55/d on
/// iOS. "Fit for heights" repeats the fit on this model for d = 200…1000 and sets the result
/// beside the seed's published table.
public final class LabScene: SingleAxisScene {
    /// (view offset f, conversion rate g) pairs from pulls past the top.
    public private(set) var points: [(f: Double, g: Double)] = []
    public private(set) var table: [(height: Double, k: Double, b: Double)] = []
    private var gestureStart: (pointer: Double, offset: Double)?
    private var pointer = 0.0

    /// The plot's card: under the header, 16 pt from both sides of the viewport.
    static func plot(width: Double) -> Rect { Rect(x: 16, y: 122, width: max(0, width - 32), height: 238) }
    static let listTop = 372.0
    static let maximumPoints = 4000
    /// Li's measured k for view lengths 1000…200 (b = 0.55 for all).
    public static let seedTable: [(height: Double, k: Double)] = [
        (1000, -0.00055), (800, -0.00069), (600, -0.00091), (400, -0.00133), (200, -0.00270)
    ]

    public init(viewport: Size = .phone, feel: Feel = .standard) {
        let length = viewport.height - Self.listTop
        super.init(
            name: "lab", viewport: Size(width: viewport.width, height: viewport.height), orientation: .vertical,
            bounds: 0...max(0, 3000 - length), snapTargets: SnapTargets([]), feel: feel)
        axis.setViewportLength(length, at: 0)
        points.reserveCapacity(Self.maximumPoints)
    }

    public override var caption: String { "Pull the list down past its top and hold: the fit gives Li's k and b" }
    /// Its pages or cells and the background between them fill the viewport (`CoverageTests`).
    public override var coversViewport: Bool { true }

    /// The list's length along the axis (d of the rubber band), in points.
    public var listLength: Double { axis.viewportLength }

    // MARK: Measuring

    override func willPress(at time: Double) {
        gestureStart = nil
    }

    override func didAdvance(to time: Double) {
        guard isPressed else { gestureStart = nil; return }
        let offset = axis.offset(at: time)
        guard let pull = axis.dragPull else { return }
        // The finger position that asked for this pull (pull = origin − (pointer − pointerOrigin)).
        if gestureStart == nil { gestureStart = (pull, offset) }
        guard let start = gestureStart else { return }
        let finger = start.pointer - pull  // finger travel down since the press, pt
        let view = start.offset - offset  // content travel down, pt
        guard offset < 0, start.offset >= -0.5, finger > 1, points.count < Self.maximumPoints else { return }
        points.append((f: -offset, g: view / finger))
    }

    /// Least-squares line g = k·f + b through the points; nil with fewer than two distinct f.
    public static func fit(_ points: [(f: Double, g: Double)]) -> (k: Double, b: Double)? {
        guard points.count >= 2 else { return nil }
        let n = Double(points.count)
        let meanF = points.reduce(0) { $0 + $1.f } / n, meanG = points.reduce(0) { $0 + $1.g } / n
        var covariance = 0.0, variance = 0.0
        for p in points { covariance += (p.f - meanF) * (p.g - meanG); variance += (p.f - meanF) * (p.f - meanF) }
        guard variance > 1e-12 else { return nil }
        let k = covariance / variance
        return (k, meanG - k * meanF)
    }

    /// The feel's own pull curve past the top of a view `length` points long, fitted as Li fitted
    /// iOS: g = f/x against f for pulls x of 1 to 2000 pt (f: the offset shown past the edge).
    func modelLine(length: Double) -> (k: Double, b: Double) {
        let extent = ModelExtent(maxOffset: 1000, viewport: length)
        let samples = stride(from: 1.0, through: 2000, by: 5).map { x -> (f: Double, g: Double) in
            let f = -axis.feel.dragged(shown: 0, fingerFrom: 0, fingerTo: -x, extent: extent)
            return (f, f / x)
        }
        return Self.fit(samples) ?? (0, 0)
    }

    /// Fits this feel's rubber band for each of the seed's view lengths.
    public func fitHeights() {
        table = Self.seedTable.map { row in
            let line = modelLine(length: row.height)
            return (row.height, line.k, line.b)
        }
    }

    public override var controls: [SceneControl] {
        [
            .button(id: "clear", label: "Clear points", help: "Start a new measurement."),
            .button(
                id: "heights", label: "Fit for heights 200–1000",
                help: "Fit the model at the seed's five view lengths and compare with its table.")
        ]
    }

    public override func pressControl(_ id: String, at time: Double) {
        switch id {
        case "clear": points.removeAll(keepingCapacity: true)
        case "heights": fitHeights()
        default: break
        }
    }

    public override var readout: [String] {
        var lines: [String] = []
        if let line = Self.fit(points) {
            lines.append(
                "fit over \(points.count) points: k = \(Self.format(line.k, 6)), b = \(Self.format(line.b, 4))")
        } else {
            lines.append("pull past the top to measure (\(points.count) points)")
        }
        let model = modelLine(length: listLength)
        lines.append(
            "model: k = \(Self.format(model.k, 6)), b = \(Self.format(model.b, 4)), d = \(Self.format(listLength, 0)) "
                + "pt"
        )
        if !table.isEmpty {
            lines.append("d       k (model)    k (seed)    b (model)")
            for (row, seed) in zip(table, Self.seedTable) {
                lines.append(
                    "\(Self.format(row.height, 0))    \(Self.format(row.k, 6))    \(Self.format(seed.k, 5))    "
                        + "\(Self.format(row.b, 4))"
                )
            }
        }
        return lines
    }

    static func format(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale + 0  // + 0: −0 reads as 0
        return decimals == 0 ? String(Int(rounded)) : String(rounded)
    }

    /// The fit as text, remade only when the point count changes.
    private var fitText = (count: -1, text: "")
    private func fitLabel(_ line: (k: Double, b: Double)) -> String {
        if fitText.count != points.count {
            fitText = (
                points.count, "k = \(Self.format(line.k, 6))   b = \(Self.format(line.b, 4))   (\(points.count) points)"
            )
        }
        return fitText.text
    }

    public override var extraTraceColumns: [String] { ["points"] }
    public override func extraTraceValues(at time: Double) -> [TraceValue] {
        [.number(Double(points.count), decimals: 0)]
    }

    // MARK: Drawing

    override var contentLength: Double { 3000 }

    static let gTicks = ["0", "0.2", "0.4", "0.6"]
    /// The f axis's labels (0, d/2, d), remade only when d changes.
    private var fTickCache = (d: -1.0, labels: ["", "", ""])
    private func fTickLabels(_ d: Double) -> [String] {
        if fTickCache.d != d { fTickCache = (d, [0, d / 2, d].map { Self.format($0, 0) }) }
        return fTickCache.labels
    }

    /// The pulled list: its indicator runs beside it, above the home indicator.
    override var indicatorFrame: Rect {
        Rect(
            x: 0, y: Self.listTop, width: viewport.width,
            height: max(0, viewport.height - Self.listTop - Chrome.homeIndicatorInset))
    }

    override func drawContent(into list: inout DrawList, offset: Double) {
        let w = viewport.width, h = viewport.height
        let screen = Rect(x: 0, y: 0, width: w, height: h)
        list.append(.rect(screen, fill: .solid(Theme.background), cornerRadius: 0))
        Chrome.largeTitleHeader(
            into: &list, width: w, title: "Measurement lab",
            subtitle: "Conversion rate g = view ÷ finger against view offset f")
        // Plot: g from 0 to 0.6 up the side, f from 0 to d along the bottom, both axes labelled.
        let plot = Self.plot(width: w)
        list.append(.rect(plot, fill: .solid(.white), cornerRadius: 12))
        let d = max(1, listLength)
        let inner = Rect(x: plot.x + 44, y: plot.y + 38, width: plot.width - 60, height: plot.height - 38 - 40)
        func point(_ f: Double, _ g: Double) -> (Double, Double) {
            (inner.x + inner.width * min(f / d, 1), inner.maxY - inner.height * min(max(g / 0.6, 0), 1))
        }
        let axisColor = Theme.secondaryLabel
        for tick in 0...3 {
            let (_, y) = point(0, Double(tick) * 0.2)
            list.append(
                .rect(
                    Rect(x: inner.x, y: y, width: inner.width, height: 1),
                    fill: .solid(Color(hex: tick == 0 ? 0xC7C7CC : 0xE5E5EA)), cornerRadius: 0))
            list.append(
                .text(
                    Self.gTicks[tick], x: plot.x + 6, y: y - 8, style: .caption, color: axisColor, maxWidth: 32,
                    alignment: .trailing))
        }
        list.append(
            .rect(
                Rect(x: inner.x, y: inner.y, width: 1, height: inner.height), fill: .solid(Color(hex: 0xC7C7CC)),
                cornerRadius: 0))
        let fTicks = fTickLabels(d)
        for tick in 0...2 {
            let (x, _) = point(d * Double(tick) / 2, 0)
            list.append(
                .rect(
                    Rect(x: x - 0.5, y: inner.maxY, width: 1, height: 4), fill: .solid(Color(hex: 0xC7C7CC)),
                    cornerRadius: 0))
            list.append(
                .text(
                    fTicks[tick], x: x - 30, y: inner.maxY + 6, style: .caption, color: axisColor, maxWidth: 60,
                    alignment: .center))
        }
        list.append(
            .text(
                "g", x: plot.x + 6, y: plot.y + 6, style: .footnote, color: Theme.label, maxWidth: 32,
                alignment: .trailing))
        list.append(
            .text(
                "view offset f (pt)", x: inner.x, y: plot.maxY - 18, style: .caption, color: Theme.label,
                maxWidth: inner.width, alignment: .center))
        let stride = max(1, points.count / 300)
        var index = 0
        while index < points.count {
            let (x, y) = point(points[index].f, points[index].g)
            list.append(.circle(centerX: x, centerY: y, radius: 2, color: Theme.tint))
            index += stride
        }
        if let line = Self.fit(points) {
            list.append(
                .text(
                    fitLabel(line), x: inner.x + 8, y: plot.y + 8, style: .caption, color: Color(hex: 0xFF3B30),
                    maxWidth: inner.width - 8))
            for step in 0...40 {
                let f = d * Double(step) / 40
                let (x, y) = point(f, line.k * f + line.b)
                list.append(.circle(centerX: x, centerY: y, radius: 1.2, color: Color(hex: 0xFF3B30)))
            }
        }
        // The list being pulled.
        let area = Rect(x: 0, y: Self.listTop, width: w, height: h - Self.listTop)
        list.append(.clip(area))
        list.append(.rect(area, fill: .solid(Color(hex: 0xE9E9EE)), cornerRadius: 0))
        let rowHeight = 64.0
        // Rows in view, found in Double and clamped to the 47 rows before any integer is made: a
        // pull of any length (10²⁰ pt and more) shows no rows rather than overflowing.
        let top = offset / rowHeight, bottom = (offset + area.height) / rowHeight
        if top.isFinite, bottom.isFinite, bottom >= 0, top < 47 {
            let first = Int(max(0, top)), last = Int(min(46, bottom))
            for row in first...max(first, last) where row <= last {
                let frame = Rect(
                    x: 16, y: Self.listTop + 8 + Double(row) * rowHeight - offset, width: w - 32, height: rowHeight - 10
                )
                list.append(.rect(frame, fill: .solid(.white), cornerRadius: 10))
                list.append(
                    .text(
                        Art.title(row), x: frame.x + 14, y: frame.y + 16, style: .body, color: Theme.label,
                        maxWidth: frame.width - 28))
            }
        }
        list.append(.clip(screen))
    }
}
