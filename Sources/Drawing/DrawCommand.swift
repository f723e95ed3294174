/// How a shape is filled.
public enum Fill: Equatable, Sendable {
    case solid(Color)
    /// Top colour to bottom colour.
    case verticalGradient(Color, Color)
    /// Top-left colour to bottom-right colour.
    case diagonalGradient(Color, Color)
}

/// The text styles a scene may use; the renderer maps each to a font face and size.
public enum TextStyle: Int, CaseIterable, Sendable {
    /// 34 pt bold: a large navigation title.
    case largeTitle
    /// 20 pt bold.
    case title
    /// 17 pt semibold: card titles.
    case headline
    /// 15 pt regular.
    case body
    /// 13 pt regular: secondary lines.
    case caption

    /// Point size.
    public var size: Double {
        switch self {
        case .largeTitle: return 34
        case .title: return 20
        case .headline: return 17
        case .body: return 15
        case .caption: return 13
        }
    }

    public var isBold: Bool { self == .largeTitle || self == .title || self == .headline }

    /// Approximate line height, for layout without measuring (pt).
    public var lineHeight: Double { (size * 1.25).rounded() }
}

/// One thing to draw, in viewport points. Scenes emit these; the renderer draws them in order.
public enum DrawCommand: Equatable, Sendable {
    /// A rectangle with rounded corners (radius 0 = square).
    case rect(Rect, fill: Fill, cornerRadius: Double)
    /// A soft shadow under a rounded rectangle: the shape's silhouette blurred by `blur` points.
    case shadow(Rect, cornerRadius: Double, blur: Double, color: Color)
    case circle(centerX: Double, centerY: Double, radius: Double, color: Color)
    /// Text with its top-left corner at (x, y), one line.
    case text(String, x: Double, y: Double, style: TextStyle, color: Color)
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
}
