import BlindTest
import Drawing

/// What a blind test shows around its phones, as a draw list in window points: progress dots,
/// the question (or practice feedback, or the end), each phone's role (A, B, X, or Left, Right)
/// and the answer buttons. While a trial runs it names no feel and shows no digit, and it is the
/// same for every assignment, so nothing outside the phones' screens tells the feels apart.
public struct BlindView {
    public let layout: WindowLayout
    /// The answer buttons, window points (answer nil: Continue).
    public private(set) var buttons: [(rect: Rect, title: String, answer: BlindAnswer?)] = []
    public private(set) var chrome = DrawList(capacity: 64)

    /// Room under the phones for the buttons.
    public static let reserve = 84.0
    /// Room above the phones' usual place for the progress and the question.
    public static let header = 56.0
    static let text = Color(hex: 0xE5E5EA)
    static let dim = Color(hex: 0x8E8E93)
    static let accent = Color(hex: 0x0A84FF)

    public init(windowWidth: Double, windowHeight: Double, stage: BlindStage, summary: [String] = []) {
        // The phones below the header (dots, question, roles), the buttons below them.
        var layout = WindowLayout(
            windowWidth: windowWidth, windowHeight: windowHeight - Self.header, viewport: stage.viewport,
            sides: stage.run.setup.mode.phoneCount, panel: false, reserve: Self.reserve)
        layout.phones = layout.phones.map { $0.offsetBy(dx: 0, dy: Self.header) }
        self.layout = layout
        let w = windowWidth
        // Progress: a dot per counted trial (filled when done); a staircase's unknown total shows
        // only the done ones.
        let (done, total) = stage.run.progress
        let dots = total ?? done
        let pitch = min(14.0, (w - 80) / Double(max(1, dots)))
        let startX = (w - pitch * Double(dots)) / 2
        for i in 0..<dots {
            let filled = i < done
            chrome.append(
                .rect(
                    Rect(x: startX + Double(i) * pitch + 2, y: 14, width: pitch - 4, height: pitch - 4),
                    fill: .solid(filled ? Self.dim : Color(hex: 0x3A3A3C)), cornerRadius: (pitch - 4) / 2))
        }
        let headline = stage.headline
        chrome.append(
            .text(headline, x: 24, y: 34, style: .headline, color: Self.text, maxWidth: w - 48, alignment: .center))
        if stage.isFinished {
            for (i, line) in summary.enumerated() {
                chrome.append(
                    .text(
                        line, x: 24, y: 70 + Double(i) * 24, style: .body, color: Self.text, maxWidth: w - 48,
                        alignment: .center))
            }
            return
        }
        let labels = stage.run.setup.mode.phoneLabels
        for (index, phone) in layout.phones.enumerated() {
            PhoneChrome.bezel(around: phone, scale: layout.scale, into: &chrome)
            let bezel = WindowLayout.bezelWidth(scale: layout.scale)
            chrome.append(
                .text(
                    labels[index], x: phone.x - bezel, y: phone.y - bezel - 28, style: .headline,
                    color: index == 2 ? Self.accent : Self.text, maxWidth: phone.width + 2 * bezel, alignment: .center))
        }
        let offered = stage.buttons
        let width = 260.0, height = 52.0, gap = 24.0
        let rowWidth = Double(offered.count) * width + Double(max(0, offered.count - 1)) * gap
        let y = windowHeight - Self.reserve + (Self.reserve - height) / 2 - 4
        for (i, button) in offered.enumerated() {
            let rect = Rect(x: (w - rowWidth) / 2 + Double(i) * (width + gap), y: y, width: width, height: height)
            buttons.append((rect, button.title, button.answer))
            chrome.append(.rect(rect, fill: .solid(Color(hex: 0x3A3A3C)), cornerRadius: 12))
            chrome.append(
                .text(
                    button.title, x: rect.x, y: rect.y + 7, style: .headline, color: Self.text, maxWidth: rect.width,
                    alignment: .center))
            chrome.append(
                .text(
                    button.keys, x: rect.x, y: rect.y + 29, style: .caption, color: Self.dim, maxWidth: rect.width,
                    alignment: .center))
        }
    }

    /// Every text the view draws (tests check that none names a feel or shows a digit).
    public var texts: [String] {
        chrome.commands.compactMap {
            if case .text(let text, _, _, _, _, _, _) = $0 { return text } else { return nil }
        }
    }
}
