/// How a shape is filled.
public enum Fill: Equatable, Sendable {
    case solid(Color)
    /// Top colour to bottom colour.
    case verticalGradient(Color, Color)
    /// Top-left colour to bottom-right colour.
    case diagonalGradient(Color, Color)
}

/// The iOS text styles (Apple's Human Interface Guidelines, "Typography", default Large size),
/// which the renderer maps to a face (Inter, else DejaVu Sans) at the style's size and weight.
public enum TextStyle: Int, CaseIterable, Sendable {
    /// 34 pt bold, 41 pt leading: a navigation bar's large title.
    case largeTitle
    /// 22 pt regular (Title 2); drawn bold here, as iOS apps do for card titles over pictures.
    case title2
    /// 17 pt semibold: row and card titles.
    case headline
    /// 17 pt regular: running text.
    case body
    /// 15 pt regular: secondary lines under a headline.
    case subheadline
    /// 13 pt regular: small print, section notes.
    case footnote
    /// 12 pt regular (Caption 1): labels on pictures and plots.
    case caption

    /// The old name of Title 2.
    public static var title: TextStyle { .title2 }

    /// Point size.
    public var size: Double {
        switch self {
        case .largeTitle: return 34
        case .title2: return 22
        case .headline, .body: return 17
        case .subheadline: return 15
        case .footnote: return 13
        case .caption: return 12
        }
    }

    /// Line height (leading) of the style in points, from the same table.
    public var lineHeight: Double {
        switch self {
        case .largeTitle: return 41
        case .title2: return 28
        case .headline, .body: return 22
        case .subheadline: return 20
        case .footnote: return 18
        case .caption: return 16
        }
    }

    public var weight: FontWeight {
        switch self {
        case .largeTitle, .title2: return .bold
        case .headline: return .semibold
        default: return .regular
        }
    }
}

/// The three weights the scenes use.
public enum FontWeight: Int, CaseIterable, Sendable {
    case regular, semibold, bold
}

/// Where a line of text sits in its box.
public enum TextAlignment: Sendable {
    case leading, center, trailing
}

/// One thing to draw, in viewport points. Scenes emit these; the renderer draws them in order.
public enum DrawCommand: Equatable, Sendable {
    /// A rectangle with rounded corners (radius 0 = square).
    case rect(Rect, fill: Fill, cornerRadius: Double)
    /// A soft shadow under a rounded rectangle: the shape's silhouette blurred by `blur` points.
    case shadow(Rect, cornerRadius: Double, blur: Double, color: Color)
    case circle(centerX: Double, centerY: Double, radius: Double, color: Color)
    /// One line of text in a box `maxWidth` points wide whose top-left corner is (x, y), aligned
    /// in it; text wider than the box ends in "…" (iOS's tail truncation). An infinite width
    /// means no box: the text starts at x.
    case text(
        String, x: Double, y: Double, style: TextStyle, color: Color, maxWidth: Double = .infinity,
        alignment: TextAlignment = .leading)
    /// A filled triangle (anti-aliased edges), corners in points.
    case triangle(x0: Double, y0: Double, x1: Double, y1: Double, x2: Double, y2: Double, color: Color)
    /// Restricts later commands to `rect` (nil: no restriction).
    case clip(Rect?)
    /// Paints the four corner regions outside a rounded rectangle: rounds off what was drawn
    /// inside `rect` (a phone screen's corners) with the colour around it.
    case cornerMask(Rect, cornerRadius: Double, color: Color)
    /// What is drawn from here to `endRoundedClip` shows only inside `rect` with its corners
    /// rounded by `cornerRadius`, anti-aliased (a card's picture). Does not nest: an inner one
    /// clips to its rectangle only.
    case beginRoundedClip(Rect, cornerRadius: Double)
    case endRoundedClip
    /// What is drawn from here to `endCached` is clipped to `frame`, covers it opaquely and
    /// depends only on `key` and the frame's size: a renderer may draw it once into a texture
    /// and copy that on later frames (a card's picture). `key` names the content (equal keys,
    /// equal drawings). Does not nest.
    case beginCached(key: Int, frame: Rect)
    case endCached
}
