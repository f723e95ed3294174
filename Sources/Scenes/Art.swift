#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Drawing

/// Procedural pictures: gradients and shapes from a seed, so nothing is downloaded and every
/// item looks different but stays the same between runs.
public enum Art {
    /// Twelve gradient pairs in the spirit of iOS wallpapers.
    static let palettes: [(Color, Color)] = [
        (Color(hex: 0xFF9A8B), Color(hex: 0xFF6A88)), (Color(hex: 0x8EC5FC), Color(hex: 0xE0C3FC)),
        (Color(hex: 0x43E97B), Color(hex: 0x38F9D7)), (Color(hex: 0xFA709A), Color(hex: 0xFEE140)),
        (Color(hex: 0x30CFD0), Color(hex: 0x330867)), (Color(hex: 0xA18CD1), Color(hex: 0xFBC2EB)),
        (Color(hex: 0xF6D365), Color(hex: 0xFDA085)), (Color(hex: 0x667EEA), Color(hex: 0x764BA2)),
        (Color(hex: 0x89F7FE), Color(hex: 0x66A6FF)), (Color(hex: 0xFDDB92), Color(hex: 0xD1FDFF)),
        (Color(hex: 0x0BA360), Color(hex: 0x3CBA92)), (Color(hex: 0xFF5858), Color(hex: 0xF09819))
    ]

    /// A stable pseudo-random number in [0, 1) for (seed, salt).
    public static func noise(_ seed: Int, _ salt: Int) -> Double {
        var x = UInt64(truncatingIfNeeded: seed &* 0x9E37_79B9 &+ salt &* 0x85EB_CA6B)
        x ^= x >> 33; x = x &* 0xFF51_AFD7_ED55_8CCD; x ^= x >> 33; x = x &* 0xC4CE_B9FE_1A85_EC53; x ^= x >> 33
        return Double(x >> 11) / Double(1 << 53)
    }

    public static func palette(_ seed: Int) -> (Color, Color) {
        palettes[Int(noise(seed, 1) * Double(palettes.count)) % palettes.count]
    }

    /// What a picture shows, chosen from the words of its title.
    public enum Subject: String, CaseIterable, Sendable {
        case sea, city, fields, mountains, desert, food, market, train, road
    }

    /// Words that pick a subject, checked in this order (the first match wins).
    static let keywords: [(Subject, [String])] = [
        (.road, ["way home", "drive", "highway"]),
        (
            .food,
            [
                "coffee", "food", "noodle", "dumpling", "tea", "kitchen", "home", "restaurant", "house", "rice", "soup",
                "tofu", "pancake", "chicken", "greens", "pudding", "bowl", "wonton"
            ]
        ),
        (.market, ["market", "lantern", "festival"]),
        (.train, ["train", "rail"]),
        (.desert, ["desert", "salt", "dune"]),
        (.fields, ["field", "lavender", "orchard", "park", "meadow", "autumn"]),
        (.mountains, ["mountain", "hill", "pass", "snow", "north", "valley", "lake"]),
        (.sea, ["sea", "bay", "tide", "harbour", "harbor", "ocean", "beach", "fog", "blue hour", "coast", "wave"]),
        (
            .city,
            ["city", "street", "town", "kyoto", "bridge", "glass", "steel", "rooftop", "stairs", "take", "timelapse"]
        )
    ]

    /// The subject a title names by one of its words, or nil.
    public static func namedSubject(of title: String) -> Subject? { reading(of: title).subject }

    /// The subject a title names, else one picked by `seed` among the landscapes.
    public static func subject(of title: String, seed: Int = 0) -> Subject {
        reading(of: title).subject ?? seededSubject(seed)
    }

    static func seededSubject(_ seed: Int) -> Subject {
        switch Int(noise(seed, 17) * 4) % 4 {
        case 0: return .sea
        case 1: return .city
        case 2: return .fields
        default: return .mountains
        }
    }

    /// The light of a title: night, dusk or day.
    enum Light { case day, dusk, night }
    static func light(of title: String, seed: Int) -> Light { reading(of: title).light ?? seededLight(seed) }
    static func seededLight(_ seed: Int) -> Light { noise(seed, 18) < 0.2 ? .dusk : .day }

    /// What a title's words say about its picture: subject, light and details.
    struct Reading: Sendable {
        var subject: Subject?
        var light: Light?
        var foggy = false, snow = false, lake = false, salt = false
        /// Fields: 0 lavender, 1 orchard, 2 autumn park, 3 meadow.
        var fieldKind = 3
        var dish = Dish.noodles

        init(_ title: String) {
            let lower = title.lowercased()
            func has(_ words: String...) -> Bool { words.contains { lower.contains($0) } }
            subject = keywords.first { $0.1.contains(where: { lower.contains($0) }) }?.0
            light =
                has("night", "lights", "blue hour", "neon")
                ? .night : (has("dusk", "dawn", "sunset", "evening", "morning", "autumn") ? .dusk : nil)
            foggy = has("fog")
            snow = has("snow", "north", "pass")
            lake = has("lake")
            salt = has("salt")
            fieldKind = has("lavender") ? 0 : (has("orchard") ? 1 : (has("autumn", "park") ? 2 : 3))
            dish = Dish(lower)
        }
    }

    /// The readings of every title the scenes show, made once: a frame reads a table instead of
    /// lower-casing and searching the title again (which allocated on every frame).
    static let readings: [String: Reading] = Dictionary(
        (titles + captions + NestedScene.dishes + [NestedScene.houseName, ""]).map { ($0, Reading($0)) },
        uniquingKeysWith: { first, _ in first })

    static func reading(of title: String) -> Reading { readings[title] ?? Reading(title) }

    /// Sky gradients (top, bottom) for each light.
    static func sky(_ light: Light, seed: Int) -> (Color, Color) {
        switch light {
        case .day:
            return noise(seed, 19) < 0.5
                ? (Color(hex: 0x5AA9F0), Color(hex: 0xCFE8FA)) : (Color(hex: 0x7DB8F2), Color(hex: 0xE6F1FA))
        case .dusk:
            return noise(seed, 19) < 0.5
                ? (Color(hex: 0x6A5ACD), Color(hex: 0xFFB38A)) : (Color(hex: 0x3E4A89), Color(hex: 0xF7A072))
        case .night: return (Color(hex: 0x0B1433), Color(hex: 0x2B3A6B))
        }
    }

    /// An illustration of what `title` names (sea, city, fields, mountains, desert, food, market,
    /// train, road), drawn in `frame` from rectangles, circles and triangles; `seed` varies the
    /// details, as one cached group (the same drawing on every frame). Content is clipped to
    /// `frame`; with a corner radius, the corners are rounded off by painting them `surround`
    /// (the colour around the picture). Sets `restoreClip` first and leaves it set. `layer: false`
    /// draws it in place, clipped to `frame`, for a picture inside a layer of its own (a tile).
    public static func picture(
        into list: inout DrawList, frame: Rect, title: String, seed: Int, cornerRadius: Double,
        surround: Color, restoreClip: Rect?, layer: Bool = true
    ) {
        guard frame.width > 0, frame.height > 0 else { return }
        list.append(.clip(restoreClip))
        guard layer else {
            // Where its own layer would be copied: its corner on the pixel grid.
            let frame = Rect(
                x: list.onPixelGrid(frame.x), y: list.onPixelGrid(frame.y), width: frame.width, height: frame.height)
            list.append(.clip(restoreClip.map { frame.intersection($0) } ?? frame))
            drawSubject(into: &list, frame: frame, title: title, seed: seed)
            if cornerRadius > 0 { list.append(.cornerMask(frame, cornerRadius: cornerRadius, color: surround)) }
            list.append(.clip(restoreClip))
            return
        }
        // The picture is the same on every frame: drawn once into a texture and copied after.
        var key = Hasher()
        key.combine("Art.picture")
        key.combine(title)
        key.combine(seed)
        key.combine(cornerRadius)
        key.combine(surround.r); key.combine(surround.g); key.combine(surround.b); key.combine(surround.a)
        list.append(.beginCached(key: key.finalize(), frame: frame))
        drawSubject(into: &list, frame: frame, title: title, seed: seed)
        if cornerRadius > 0 { list.append(.cornerMask(frame, cornerRadius: cornerRadius, color: surround)) }
        list.append(.endCached)
    }

    /// What `title` names, drawn in `frame`.
    private static func drawSubject(into list: inout DrawList, frame: Rect, title: String, seed: Int) {
        let words = reading(of: title)
        let light = words.light ?? seededLight(seed)
        switch words.subject ?? seededSubject(seed) {
        case .sea: sea(&list, frame, light, seed, foggy: words.foggy)
        case .city: city(&list, frame, light, seed)
        case .fields: fields(&list, frame, light, seed, kind: words.fieldKind)
        case .mountains: mountains(&list, frame, light, seed, snow: words.snow, lake: words.lake)
        case .desert: desert(&list, frame, light, seed, salt: words.salt)
        case .food: food(&list, frame, seed, dish: words.dish)
        case .market: market(&list, frame, seed)
        case .train: train(&list, frame, light, seed)
        case .road: road(&list, frame, light, seed)
        }
    }

    /// A picture without a title: a landscape picked by `seed`, its corners rounded off in the
    /// card's white (the form used before pictures followed their titles).
    public static func picture(
        into list: inout DrawList, frame: Rect, seed: Int, cornerRadius: Double, restoreClip: Rect?
    ) {
        picture(
            into: &list, frame: frame, title: "", seed: seed, cornerRadius: cornerRadius, surround: Theme.card,
            restoreClip: restoreClip)
    }

    // MARK: The subjects (frame-relative: u across, v down, both 0…1)

    private static func at(_ f: Rect, _ u: Double, _ v: Double) -> (Double, Double) {
        (f.x + f.width * u, f.y + f.height * v)
    }

    private static func band(_ list: inout DrawList, _ f: Rect, from v0: Double, to v1: Double, _ fill: Fill) {
        list.append(
            .rect(
                Rect(x: f.x, y: f.y + f.height * v0, width: f.width, height: f.height * (v1 - v0)), fill: fill,
                cornerRadius: 0))
    }

    private static func sun(_ list: inout DrawList, _ f: Rect, _ light: Light, _ seed: Int, horizon: Double) {
        let r = min(f.width, f.height) * (0.09 + 0.04 * noise(seed, 2))
        let (x, _) = at(f, 0.2 + 0.6 * noise(seed, 3), 0)
        let y = f.y + f.height * (light == .day ? horizon * 0.4 : horizon * 0.8)
        switch light {
        case .day: list.append(.circle(centerX: x, centerY: y, radius: r, color: Color(hex: 0xFFF6D5)))
        case .dusk:
            list.append(.circle(centerX: x, centerY: y, radius: r * 1.6, color: Color(hex: 0xFFD3A0, alpha: 0.35)))
            list.append(.circle(centerX: x, centerY: y, radius: r, color: Color(hex: 0xFFE3B0)))
        case .night:
            list.append(.circle(centerX: x, centerY: y - f.height * 0.15, radius: r * 0.7, color: Color(hex: 0xF4F1E1)))
            for i in 0..<14 {
                let (sx, sy) = at(f, noise(seed, 40 + i), noise(seed, 60 + i) * horizon * 0.9)
                list.append(
                    .circle(
                        centerX: sx, centerY: sy, radius: 0.6 + noise(seed, 80 + i),
                        color: Color(hex: 0xFFFFFF, alpha: 0.8)))
            }
        }
    }

    private static func sea(_ list: inout DrawList, _ f: Rect, _ light: Light, _ seed: Int, foggy: Bool) {
        let horizon = 0.55
        var (top, bottom) = sky(light, seed: seed)
        if foggy { (top, bottom) = (Color(hex: 0xA9B4BE), Color(hex: 0xDDE2E6)) }
        band(&list, f, from: 0, to: horizon, .verticalGradient(top, bottom))
        if !foggy { sun(&list, f, light, seed, horizon: horizon) }
        let water =
            light == .night
            ? (Color(hex: 0x1B2A55), Color(hex: 0x0A1128))
            : (foggy ? (Color(hex: 0x8C9AA6), Color(hex: 0x5D6D7A)) : (Color(hex: 0x2E86C1), Color(hex: 0x123F6B)))
        band(&list, f, from: horizon, to: 1, .verticalGradient(water.0, water.1))
        // Waves: short bright strokes, longer and lower toward the viewer.
        for i in 0..<9 {
            let v = horizon + 0.06 + 0.42 * Double(i) / 9
            let (x, y) = at(f, noise(seed, 100 + i) * 0.8, v)
            list.append(
                .rect(
                    Rect(x: x, y: y, width: f.width * (0.08 + 0.12 * Double(i) / 9), height: max(1, f.height * 0.008)),
                    fill: .solid(Color(hex: 0xFFFFFF, alpha: light == .night ? 0.25 : 0.45)), cornerRadius: 1))
        }
        if light == .night {
            // Harbour lights along the far shore, each with its reflection.
            for i in 0..<10 {
                let (x, y) = at(f, 0.05 + 0.9 * Double(i) / 9, horizon - 0.015)
                let warm = Color(hex: 0xFFD36E)
                list.append(.circle(centerX: x, centerY: y, radius: max(1.2, f.height * 0.01), color: warm))
                list.append(
                    .rect(
                        Rect(x: x - 0.8, y: y + f.height * 0.03, width: 1.6, height: f.height * 0.12),
                        fill: .verticalGradient(warm.fading(0.7), warm.fading(0)), cornerRadius: 0))
            }
        } else {
            // A sailing boat.
            let (bx, by) = at(f, 0.25 + 0.5 * noise(seed, 120), horizon + 0.1)
            let s = f.height * 0.16
            list.append(
                .triangle(
                    x0: bx, y0: by - s, x1: bx, y1: by - s * 0.1, x2: bx + s * 0.6, y2: by - s * 0.1,
                    color: Color(hex: 0xFFFFFF, alpha: 0.95)))
            list.append(
                .triangle(
                    x0: bx - 1, y0: by - s * 0.8, x1: bx - 1, y1: by - s * 0.1, x2: bx - s * 0.35, y2: by - s * 0.1,
                    color: Color(hex: 0xF2F2F2, alpha: 0.9)))
            list.append(
                .rect(
                    Rect(x: bx - s * 0.4, y: by - s * 0.06, width: s * 1.1, height: s * 0.12),
                    fill: .solid(Color(hex: 0x3B2F2F)), cornerRadius: s * 0.05))
        }
        if foggy {
            band(
                &list, f, from: horizon - 0.12, to: horizon + 0.1,
                .verticalGradient(Color(hex: 0xFFFFFF, alpha: 0), Color(hex: 0xFFFFFF, alpha: 0.55)))
        }
    }

    private static func city(_ list: inout DrawList, _ f: Rect, _ light: Light, _ seed: Int) {
        let (top, bottom) = sky(light, seed: seed)
        band(&list, f, from: 0, to: 1, .verticalGradient(top, bottom))
        sun(&list, f, light, seed, horizon: 0.7)
        // Two rows of buildings: far ones pale, near ones dark with lit windows.
        for row in 0..<2 {
            var u = -0.02
            var i = 0
            let shade =
                row == 0
                ? (light == .night ? Color(hex: 0x2A3560) : Color(hex: 0x8FA3BF))
                : (light == .night ? Color(hex: 0x141B36) : Color(hex: 0x4A5A78))
            while u < 1 {
                let width = 0.07 + 0.1 * noise(seed, 200 + row * 50 + i)
                let height = (row == 0 ? 0.35 : 0.2) + 0.35 * noise(seed, 300 + row * 50 + i)
                let (x, y) = at(f, u, 1 - height)
                let rect = Rect(x: x, y: y, width: f.width * width - 2, height: f.height * height)
                list.append(.rect(rect, fill: .solid(shade), cornerRadius: 0))
                if row == 1 {
                    let lit = light == .day ? Color(hex: 0xBFD7F2, alpha: 0.7) : Color(hex: 0xFFD36E)
                    let cell = max(4, f.height * 0.045)
                    var wy = rect.y + cell * 0.6
                    var count = 0, floor = 0
                    while wy + cell * 0.5 < rect.maxY, count < 12 {
                        var wx = rect.x + cell * 0.5
                        var column = 0
                        // Which windows are lit follows the building and the window's place in
                        // it, not where the picture is on screen (it stays the same while it scrolls).
                        while wx + cell * 0.5 < rect.maxX, count < 12 {
                            defer { column += 1 }
                            if noise(seed &+ 1_000 &* i &+ 31 &* column, 400 + floor) < 0.45 {
                                list.append(
                                    .rect(
                                        Rect(x: wx, y: wy, width: cell * 0.45, height: cell * 0.55), fill: .solid(lit),
                                        cornerRadius: 0))
                                count += 1
                            }
                            wx += cell
                        }
                        wy += cell
                        floor += 1
                    }
                }
                u += width
                i += 1
            }
        }
    }

    private static func fields(_ list: inout DrawList, _ f: Rect, _ light: Light, _ seed: Int, kind: Int) {
        let horizon = 0.5
        let (top, bottom) = sky(light == .night ? .dusk : light, seed: seed)
        band(&list, f, from: 0, to: horizon, .verticalGradient(top, bottom))
        sun(&list, f, light == .night ? .dusk : light, seed, horizon: horizon)
        // Distant hills.
        let far = kind == 2 ? Color(hex: 0xC98A4B) : Color(hex: 0x7FA36B)
        // A distant treeline closes the gap between the sky and the field, however wide the frame.
        band(&list, f, from: horizon - 0.01, to: horizon + 0.05, .solid(far.mixed(with: bottom, 0.3)))
        list.append(
            .circle(
                centerX: f.x + f.width * 0.2, centerY: f.y + f.height * (horizon + 0.55), radius: f.height * 0.6,
                color: far.mixed(with: bottom, 0.15)))
        list.append(
            .circle(
                centerX: f.x + f.width * 0.85, centerY: f.y + f.height * (horizon + 0.6), radius: f.height * 0.62,
                color: far.mixed(with: bottom, 0.08)))
        // The field: rows converging on a point above the horizon.
        let ground: Color, row: Color
        switch kind {
        case 0: (ground, row) = (Color(hex: 0x6E8B3D), Color(hex: 0x9B7BD4))  // lavender: purple rows on green
        case 1: (ground, row) = (Color(hex: 0x5E8C3A), Color(hex: 0x46702B))  // orchard rows
        case 2: (ground, row) = (Color(hex: 0xB5763A), Color(hex: 0xD9A441))  // autumn
        default: (ground, row) = (Color(hex: 0x8DB255), Color(hex: 0xC7D96B))  // meadow
        }
        band(&list, f, from: horizon + 0.04, to: 1, .solid(ground))
        let (vx, vy) = at(f, 0.5, horizon - 0.1)
        let rows = 12
        let cut = f.y + f.height * (horizon + 0.04)
        for i in 0..<rows {
            let u0 = -0.6 + 2.2 * Double(i) / Double(rows), u1 = u0 + 0.1
            let (x0, y0) = at(f, u0, 1), (x1, _) = at(f, u1, 1)
            // A wedge from the bottom edge toward the vanishing point, cut where the field begins.
            let t = (cut - y0) / (vy - y0)
            let a = x0 + (vx - x0) * t, b = x1 + (vx - x1) * t
            list.append(.triangle(x0: x0, y0: y0, x1: x1, y1: y0, x2: b, y2: cut, color: row))
            list.append(.triangle(x0: x0, y0: y0, x1: b, y1: cut, x2: a, y2: cut, color: row))
        }
        if kind == 1 || kind == 2 {
            // Trees along the rows.
            for i in 0..<7 {
                let u = 0.08 + 0.84 * Double(i) / 6, v = horizon + 0.12 + 0.05 * noise(seed, 400 + i)
                let (x, y) = at(f, u, v)
                let r = f.height * 0.07
                list.append(
                    .rect(
                        Rect(x: x - r * 0.12, y: y, width: r * 0.24, height: r * 1.1),
                        fill: .solid(Color(hex: 0x5B3A21)), cornerRadius: 0))
                list.append(
                    .circle(
                        centerX: x, centerY: y, radius: r,
                        color: kind == 2 ? Color(hex: 0xE0802A) : Color(hex: 0x3F7A2E)))
                if kind == 1 {
                    list.append(
                        .circle(
                            centerX: x + r * 0.3, centerY: y - r * 0.2, radius: r * 0.18, color: Color(hex: 0xE84A3A)))
                }
            }
        }
    }

    private static func mountains(
        _ list: inout DrawList, _ f: Rect, _ light: Light, _ seed: Int, snow: Bool, lake: Bool
    ) {
        let (top, bottom) = sky(light, seed: seed)
        band(&list, f, from: 0, to: 1, .verticalGradient(top, bottom))
        sun(&list, f, light, seed, horizon: 0.6)
        let base = lake ? 0.7 : 0.92
        // Three peaks (a fixed-size loop, no array: the layout allocates nothing).
        for index in 0..<3 {
            let peak: (u: Double, v: Double, w: Double, color: Color) =
                switch index {
                case 0: (0.25 + 0.1 * noise(seed, 500), 0.18, 0.5, Color(hex: 0x6C7FA3))
                case 1: (0.7 + 0.1 * noise(seed, 501), 0.26, 0.45, Color(hex: 0x7F90B0))
                default: (0.5, 0.38, 0.55, Color(hex: 0x44557A))
                }
            let (px, py) = at(f, peak.u, peak.v)
            let (lx, ly) = at(f, peak.u - peak.w, base), (rx, _) = at(f, peak.u + peak.w, base)
            let shade = light == .night ? peak.color.mixed(with: .black, 0.5) : peak.color
            list.append(.triangle(x0: px, y0: py, x1: lx, y1: ly, x2: rx, y2: ly, color: shade))
            if snow || peak.v < 0.3 {
                let k = 0.28
                list.append(
                    .triangle(
                        x0: px, y0: py, x1: px + (lx - px) * k, y1: py + (ly - py) * k, x2: px + (rx - px) * k,
                        y2: py + (ly - py) * k,
                        color: Color(hex: 0xFFFFFF, alpha: 0.92)))
            }
        }
        if lake {
            band(&list, f, from: base, to: 1, .verticalGradient(Color(hex: 0x3D6E9E), Color(hex: 0x1E3F66)))
            for i in 0..<5 {
                let (x, y) = at(f, 0.1 + 0.7 * noise(seed, 520 + i), base + 0.05 + 0.05 * Double(i))
                list.append(
                    .rect(
                        Rect(x: x, y: y, width: f.width * 0.15, height: max(1, f.height * 0.006)),
                        fill: .solid(Color(hex: 0xFFFFFF, alpha: 0.35)), cornerRadius: 0.5))
            }
        } else {
            band(&list, f, from: base, to: 1, .solid(snow ? Color(hex: 0xE8EEF5) : Color(hex: 0x5C7A45)))
            // Pines at the foot.
            for i in 0..<9 {
                let (x, y) = at(f, 0.05 + 0.9 * noise(seed, 540 + i), base + 0.01)
                let s = f.height * (0.08 + 0.05 * noise(seed, 560 + i))
                list.append(
                    .triangle(
                        x0: x, y0: y - s, x1: x - s * 0.35, y1: y, x2: x + s * 0.35, y2: y, color: Color(hex: 0x24452E))
                )
            }
        }
    }

    private static func desert(_ list: inout DrawList, _ f: Rect, _ light: Light, _ seed: Int, salt: Bool) {
        let horizon = 0.62
        let (top, bottom) = salt ? sky(.day, seed: seed) : (Color(hex: 0x4B3F72), Color(hex: 0xFF9966))
        band(&list, f, from: 0, to: horizon, .verticalGradient(top, bottom))
        sun(&list, f, salt ? .day : .dusk, seed, horizon: horizon)
        if salt {
            // The flat white ground mirrors the sky.
            band(&list, f, from: horizon, to: 1, .verticalGradient(Color(hex: 0xE9EEF2), Color(hex: 0xBFD2E4)))
            for i in 0..<6 {
                let (x, y) = at(f, noise(seed, 600 + i) * 0.8, horizon + 0.08 + 0.05 * Double(i))
                list.append(
                    .rect(
                        Rect(x: x, y: y, width: f.width * 0.2, height: 1),
                        fill: .solid(Color(hex: 0xFFFFFF, alpha: 0.8)), cornerRadius: 0))
            }
        } else {
            // The far sand from the horizon down: the dunes do not reach every column of a wide frame.
            band(&list, f, from: horizon, to: 0.9, .solid(Color(hex: 0xB8652F)))
            list.append(
                .circle(
                    centerX: f.x + f.width * 0.3, centerY: f.y + f.height * 1.2, radius: f.height * 0.62,
                    color: Color(hex: 0xD9894A)))
            list.append(
                .circle(
                    centerX: f.x + f.width * 0.85, centerY: f.y + f.height * 1.25, radius: f.height * 0.6,
                    color: Color(hex: 0xC7743C)))
            band(&list, f, from: 0.9, to: 1, .solid(Color(hex: 0xB8652F)))
            roadStripe(&list, f, horizon: horizon + 0.02, color: Color(hex: 0x3B3B3B))
        }
    }

    private static func roadStripe(_ list: inout DrawList, _ f: Rect, horizon: Double, color: Color) {
        let (vx, vy) = at(f, 0.52, horizon)
        let (lx, ly) = at(f, 0.2, 1), (rx, _) = at(f, 0.9, 1)
        list.append(.triangle(x0: vx, y0: vy, x1: lx, y1: ly, x2: rx, y2: ly, color: color))
        for i in 0..<4 {
            let t0 = 0.15 + 0.22 * Double(i), t1 = t0 + 0.1
            let y0 = vy + (ly - vy) * t0, y1 = vy + (ly - vy) * t1
            let x0 = vx + ((lx + rx) / 2 - vx) * t0, x1 = vx + ((lx + rx) / 2 - vx) * t1
            let w0 = max(0.5, f.width * 0.006 * t0), w1 = max(0.5, f.width * 0.006 * t1)
            list.append(
                .triangle(x0: x0 - w0, y0: y0, x1: x0 + w0, y1: y0, x2: x1 + w1, y2: y1, color: Color(hex: 0xF4D35E)))
            list.append(
                .triangle(x0: x0 - w0, y0: y0, x1: x1 + w1, y1: y1, x2: x1 - w1, y2: y1, color: Color(hex: 0xF4D35E)))
        }
    }

    private static func road(_ list: inout DrawList, _ f: Rect, _ light: Light, _ seed: Int) {
        let horizon = 0.5
        let (top, bottom) = sky(light, seed: seed)
        band(&list, f, from: 0, to: horizon, .verticalGradient(top, bottom))
        sun(&list, f, light, seed, horizon: horizon)
        // The far ground from the horizon down: the hills do not reach every column of a wide frame.
        band(&list, f, from: horizon, to: horizon + 0.08, .solid(Color(hex: 0x5D8A45)))
        list.append(
            .circle(
                centerX: f.x + f.width * 0.15, centerY: f.y + f.height * (horizon + 0.5), radius: f.height * 0.55,
                color: Color(hex: 0x6E9A52)))
        list.append(
            .circle(
                centerX: f.x + f.width * 0.9, centerY: f.y + f.height * (horizon + 0.55), radius: f.height * 0.6,
                color: Color(hex: 0x5D8A45)))
        band(&list, f, from: horizon + 0.08, to: 1, .solid(Color(hex: 0x7FAA5E)))
        roadStripe(&list, f, horizon: horizon, color: Color(hex: 0x4A4A4F))
    }

    private static func train(_ list: inout DrawList, _ f: Rect, _ light: Light, _ seed: Int) {
        fields(&list, f, light, seed, kind: 3)
        let (_, trackY) = at(f, 0, 0.78)
        list.append(
            .rect(
                Rect(x: f.x, y: trackY, width: f.width, height: max(1.5, f.height * 0.012)),
                fill: .solid(Color(hex: 0x5A4632)), cornerRadius: 0))
        let carH = f.height * 0.16, carW = f.width * 0.3
        let start = f.x + f.width * (0.05 + 0.15 * noise(seed, 700))
        for car in 0..<3 {
            let x = start + Double(car) * (carW + f.width * 0.015)
            let body = Rect(x: x, y: trackY - carH - 2, width: carW, height: carH)
            list.append(
                .rect(
                    body, fill: .solid(car == 0 ? Color(hex: 0xC8102E) : Color(hex: 0xE04A3F)),
                    cornerRadius: carH * 0.25))
            for w in 0..<4 {
                list.append(
                    .rect(
                        Rect(
                            x: body.x + body.width * (0.08 + 0.23 * Double(w)), y: body.y + carH * 0.2,
                            width: body.width * 0.15, height: carH * 0.35),
                        fill: .solid(Color(hex: 0xFFF3D6)), cornerRadius: carH * 0.06))
            }
        }
    }

    /// What is on the table, from the title's words.
    enum Dish {
        case coffee, noodles, dumplings, rice, soup, greens, dessert
        init(_ title: String) {
            func has(_ words: String...) -> Bool { words.contains { title.contains($0) } }
            if has("coffee", "tea") {
                self = .coffee
            } else if has("dumpling", "wonton") {
                self = .dumplings
            } else if has("rice", "tofu", "chicken", "char siu") {
                self = .rice
            } else if has("soup") {
                self = .soup
            } else if has("greens", "pancake") {
                self = .greens
            } else if has("pudding", "dessert") {
                self = .dessert
            } else {
                self = .noodles
            }
        }
    }

    private static func food(_ list: inout DrawList, _ f: Rect, _ seed: Int, dish: Dish) {
        let coffee = dish == .coffee
        // Thumbnails (a menu row's 72 pt) keep the plate and what is on it, not the table's
        // grain, shadow, beans and chopsticks: a third of the commands for the same read.
        let detailed = min(f.width, f.height) >= 100
        // A table seen from above: wood, then a plate or a cup on its saucer.
        list.append(.rect(f, fill: .diagonalGradient(Color(hex: 0xC89B6D), Color(hex: 0x8B5E3C)), cornerRadius: 0))
        for i in 0..<(detailed ? 5 : 0) {
            let (_, y) = at(f, 0, Double(i) / 5 + 0.1)
            list.append(
                .rect(
                    Rect(x: f.x, y: y, width: f.width, height: max(1, f.height * 0.006)),
                    fill: .solid(Color(hex: 0x000000, alpha: 0.08)), cornerRadius: 0))
        }
        let (cx, cy) = detailed ? at(f, 0.35 + 0.3 * noise(seed, 800), 0.5) : at(f, 0.5, 0.5)
        let r = min(f.width, f.height) * (detailed ? 0.36 : 0.42)
        if coffee && detailed {
            // Beans scattered on the table, beside the saucer.
            for i in 0..<6 {
                let (bx, by) = at(f, noise(seed, 820 + i), noise(seed, 840 + i))
                guard abs(bx - cx) > r * 1.15 || abs(by - cy) > r * 1.15 else { continue }
                list.append(
                    .rect(
                        Rect(x: bx - r * 0.09, y: by - r * 0.06, width: r * 0.18, height: r * 0.12),
                        fill: .solid(Color(hex: 0x3E2A1E)), cornerRadius: r * 0.06))
            }
        }
        if detailed {
            list.append(
                .circle(
                    centerX: cx + r * 0.06, centerY: cy + r * 0.1, radius: r * 1.02,
                    color: Color(hex: 0x000000, alpha: 0.18)))
        }
        list.append(.circle(centerX: cx, centerY: cy, radius: r, color: Color(hex: 0xFAFAF7)))
        if detailed { list.append(.circle(centerX: cx, centerY: cy, radius: r * 0.78, color: Color(hex: 0xEDEBE4))) }
        if coffee {
            list.append(.circle(centerX: cx, centerY: cy, radius: r * 0.6, color: Color(hex: 0xFFFFFF)))
            list.append(.circle(centerX: cx, centerY: cy, radius: r * 0.5, color: Color(hex: 0x6F4E37)))
            list.append(.circle(centerX: cx, centerY: cy, radius: r * 0.22, color: Color(hex: 0xE9D3B5)))
            list.append(
                .circle(centerX: cx - r * 0.08, centerY: cy - r * 0.06, radius: r * 0.1, color: Color(hex: 0xC8A27E)))
        } else {
            let broth =
                dish == .soup ? Color(hex: 0xC9772E) : (dish == .dessert ? Color(hex: 0xFFC94A) : Color(hex: 0xD9822B))
            list.append(
                .circle(
                    centerX: cx, centerY: cy, radius: r * 0.62,
                    color: dish == .rice || dish == .greens ? Color(hex: 0xFFFFFF) : broth))
            switch dish {
            case .dumplings:
                for k in 0..<3 {
                    let angle = Double(k) * 2 * Double.pi / 3 - Double.pi / 2
                    list.append(
                        .circle(
                            centerX: cx + cos(angle) * r * 0.28, centerY: cy + sin(angle) * r * 0.28, radius: r * 0.24,
                            color: Color(hex: 0xF7F1E3)))
                }
            case .rice:
                list.append(
                    .circle(
                        centerX: cx - r * 0.1, centerY: cy + r * 0.05, radius: r * 0.42, color: Color(hex: 0xC0392B)))
                list.append(
                    .circle(
                        centerX: cx + r * 0.25, centerY: cy - r * 0.25, radius: r * 0.14, color: Color(hex: 0x3F8F3A)))
            case .greens:
                for k in 0..<3 {
                    let angle = Double(k) * 2 * Double.pi / 3 + Double.pi / 6
                    list.append(
                        .circle(
                            centerX: cx + cos(angle) * r * 0.22, centerY: cy + sin(angle) * r * 0.22, radius: r * 0.26,
                            color: Color(hex: 0x3F8F3A)))
                }
            case .dessert:
                list.append(.circle(centerX: cx, centerY: cy, radius: r * 0.4, color: Color(hex: 0xFFB13B)))
                list.append(
                    .circle(
                        centerX: cx + r * 0.1, centerY: cy - r * 0.1, radius: r * 0.12,
                        color: Color(hex: 0xFFFFFF, alpha: 0.7)))
            case .soup:
                for k in 0..<4 {
                    let (x, y) = (
                        cx + (noise(seed, 860 + k) - 0.5) * r * 0.7, cy + (noise(seed, 870 + k) - 0.5) * r * 0.7
                    )
                    list.append(.circle(centerX: x, centerY: y, radius: r * 0.1, color: Color(hex: 0x3F8F3A)))
                }
            default:
                // Noodles, an egg and greens.
                for i in 0..<5 {
                    list.append(
                        .rect(
                            Rect(
                                x: cx - r * 0.45, y: cy - r * 0.3 + Double(i) * r * 0.14, width: r * 0.9,
                                height: r * 0.05), fill: .solid(Color(hex: 0xF6E3A1)), cornerRadius: r * 0.025))
                }
                list.append(
                    .circle(
                        centerX: cx + r * 0.25, centerY: cy - r * 0.2, radius: r * 0.16, color: Color(hex: 0xFFFFFF)))
                list.append(
                    .circle(
                        centerX: cx + r * 0.25, centerY: cy - r * 0.2, radius: r * 0.08, color: Color(hex: 0xF2B134)))
                list.append(
                    .circle(
                        centerX: cx - r * 0.25, centerY: cy + r * 0.25, radius: r * 0.12, color: Color(hex: 0x3F8F3A)))
            }
            // Chopsticks resting below the bowl, clear of anything drawn along the picture's right edge.
            if detailed {
                list.append(
                    .rect(
                        Rect(x: cx - r * 0.9, y: cy + r * 1.12, width: r * 1.8, height: r * 0.08),
                        fill: .solid(Color(hex: 0x3A2A1A)), cornerRadius: r * 0.04))
                list.append(
                    .rect(
                        Rect(x: cx - r * 0.8, y: cy + r * 1.27, width: r * 1.8, height: r * 0.08),
                        fill: .solid(Color(hex: 0x3A2A1A)), cornerRadius: r * 0.04))
            }
        }
    }

    private static func market(_ list: inout DrawList, _ f: Rect, _ seed: Int) {
        band(&list, f, from: 0, to: 1, .verticalGradient(Color(hex: 0x1A1033), Color(hex: 0x44224F)))
        // Stalls with striped awnings.
        for i in 0..<4 {
            let (x, y) = at(f, 0.02 + 0.25 * Double(i), 0.62)
            let w = f.width * 0.22
            list.append(
                .rect(
                    Rect(x: x, y: y, width: w, height: f.height * 0.38), fill: .solid(Color(hex: 0x2B1B3D)),
                    cornerRadius: 0))
            list.append(
                .rect(
                    Rect(x: x, y: y + f.height * 0.12, width: w, height: f.height * 0.1),
                    fill: .solid(Color(hex: 0xFFB347, alpha: 0.85)), cornerRadius: 0))
            for s in 0..<4 {
                list.append(
                    .rect(
                        Rect(x: x + w * Double(s) / 4, y: y, width: w / 4, height: f.height * 0.08),
                        fill: .solid(s % 2 == 0 ? Color(hex: 0xE63946) : Color(hex: 0xF1FAEE)), cornerRadius: 0))
            }
        }
        // Strings of lanterns.
        for row in 0..<2 {
            let v = 0.16 + 0.2 * Double(row)
            list.append(
                .rect(
                    Rect(x: f.x, y: f.y + f.height * v - 1, width: f.width, height: 1),
                    fill: .solid(Color(hex: 0x000000, alpha: 0.5)), cornerRadius: 0))
            for i in 0..<8 {
                let (x, y) = at(f, (Double(i) + 0.5 + 0.3 * Double(row)) / 8, v + 0.04)
                let r = f.height * 0.04
                let hue =
                    switch (i + row + seed) % 3 {
                    case 0: Color(hex: 0xFF3B30)
                    case 1: Color(hex: 0xFF9500)
                    default: Color(hex: 0xFFCC00)
                    }
                list.append(.circle(centerX: x, centerY: y, radius: r * 1.8, color: hue.fading(0.18)))
                list.append(.circle(centerX: x, centerY: y, radius: r, color: hue))
            }
        }
    }

    static let titles = [
        "Morning light over the bay", "A quiet street in Kyoto", "Desert roads at dusk", "Notes from the north",
        "The coffee atlas", "Weekend in the hills", "Tide pools and rocks", "City of bridges",
        "Night market colours", "Slow trains", "Fog on the harbour", "Lavender fields", "Glass and steel",
        "Autumn in the park", "The long way home", "Orchard rows", "Snow on the pass", "Blue hour",
        "Mountain lake", "Old town stairs", "Rooftop gardens", "Harbour lights", "Salt flats"
    ]
    static let subtitles = [
        "12 min read · Travel", "Photo essay · 24 images", "5 min read · Food", "Video · 3:42",
        "8 min read · Design", "Podcast · 41 min", "Guide · 9 stops", "Interview · 6 min read",
        "Gallery · 18 images", "Story · 4 min read", "Map · 14 places"
    ]
    static let creators = [
        "@lena.films", "@kai_travels", "@studio.mori", "@noor.makes", "@tomas", "@ava.draws", "@rio.sound"
    ]
    static let captions = [
        "First snow in the valley", "Try this at home", "Sunset timelapse, 40 minutes in 20 s",
        "Street food tour, part 3", "Paddling the lake at dawn", "Ocean sounds for focus", "One take, no cuts"
    ]

    public static func title(_ index: Int) -> String { titles[abs(index) % titles.count] }
    public static func subtitle(_ index: Int) -> String { subtitles[abs(index &* 7) % subtitles.count] }
    public static func creator(_ index: Int) -> String { creators[abs(index) % creators.count] }
    public static func pageCaption(_ index: Int) -> String { captions[abs(index &* 3) % captions.count] }
}
