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
        (Color(hex: 0x0BA360), Color(hex: 0x3CBA92)), (Color(hex: 0xFF5858), Color(hex: 0xF09819)),
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

    /// A landscape-like picture: a gradient sky, a sun, two rounded hills and the ground, in `frame`.
    public static func picture(into list: inout DrawList, frame: Rect, seed: Int, cornerRadius: Double, restoreClip: Rect?) {
        let (top, bottom) = palette(seed)
        list.append(.rect(frame, fill: .diagonalGradient(top, bottom), cornerRadius: cornerRadius))
        let ground = max(cornerRadius, frame.height * 0.08)
        // Sun and hills stay above the ground band, whose rounded bottom matches the picture's corners.
        list.append(.clip(Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height - ground)))
        let sunRadius = min(frame.width, frame.height) * (0.12 + 0.08 * noise(seed, 2))
        list.append(.circle(centerX: frame.x + frame.width * (0.2 + 0.6 * noise(seed, 3)),
                            centerY: frame.y + frame.height * (0.28 + 0.12 * noise(seed, 4)),
                            radius: sunRadius, color: Color(hex: 0xFFFFFF, alpha: 0.75)))
        let hill = Color(hex: 0xFFFFFF, alpha: 0.28)
        let horizon = frame.maxY - ground
        list.append(.circle(centerX: frame.x + frame.width * 0.25, centerY: horizon + frame.height * (0.2 + 0.1 * noise(seed, 5)),
                            radius: frame.height * 0.45, color: hill))
        list.append(.circle(centerX: frame.x + frame.width * 0.8, centerY: horizon + frame.height * (0.25 + 0.1 * noise(seed, 6)),
                            radius: frame.height * 0.5, color: hill))
        // The ground: a rounded rectangle reaching above the horizon, clipped at it, so only its
        // bottom corners (the picture's own) stay rounded.
        list.append(.clip(Rect(x: frame.x, y: horizon, width: frame.width, height: ground)))
        list.append(.rect(Rect(x: frame.x, y: horizon - cornerRadius, width: frame.width, height: ground + cornerRadius),
                          fill: .solid(Color(hex: 0xFFFFFF, alpha: 0.42)), cornerRadius: cornerRadius))
        list.append(.clip(restoreClip))
    }

    static let titles = [
        "Morning light over the bay", "A quiet street in Kyoto", "Desert roads at dusk", "Notes from the north",
        "The coffee atlas", "Weekend in the hills", "Tide pools and rocks", "City of bridges",
        "Night market colours", "Slow trains", "Fog on the harbour", "Lavender fields", "Glass and steel",
        "Autumn in the park", "The long way home", "Orchard rows", "Snow on the pass", "Blue hour",
        "Mountain lake", "Old town stairs", "Rooftop gardens", "Harbour lights", "Salt flats",
    ]
    static let subtitles = [
        "12 min read · Travel", "Photo essay · 24 images", "5 min read · Food", "Video · 3:42",
        "8 min read · Design", "Podcast · 41 min", "Guide · 9 stops", "Interview · 6 min read",
        "Gallery · 18 images", "Story · 4 min read", "Map · 14 places",
    ]
    static let creators = ["@lena.films", "@kai_travels", "@studio.mori", "@noor.makes", "@tomas", "@ava.draws", "@rio.sound"]
    static let captions = [
        "First snow in the valley", "Try this at home", "Sunset timelapse, 40 minutes in 20 s",
        "Street food tour, part 3", "How we built this table", "Ocean sounds for focus", "One take, no cuts",
    ]

    public static func title(_ index: Int) -> String { titles[abs(index) % titles.count] }
    public static func subtitle(_ index: Int) -> String { subtitles[abs(index &* 7) % subtitles.count] }
    public static func creator(_ index: Int) -> String { creators[abs(index) % creators.count] }
    public static func pageCaption(_ index: Int) -> String { captions[abs(index &* 3) % captions.count] }
}
