import Testing
import Drawing
import ScrollPhysics
@testable import Scenes

/// The scenes look like iPhone screens: chrome on every one, text in boxes, indicators on their
/// own scroll view, pictures that show what their titles say.
@Suite struct LooksTests {
    static func drawn(_ scene: any ScrollScene, at t: Double) -> [DrawCommand] {
        var list = DrawList()
        scene.draw(into: &list, at: t)
        return list.commands
    }

    static func texts(_ commands: [DrawCommand]) -> [(
        text: String, x: Double, y: Double, style: TextStyle, color: Color, maxWidth: Double, alignment: TextAlignment
    )] {
        commands.compactMap {
            if case let .text(text, x, y, style, color, maxWidth, alignment) = $0 {
                return (text, x, y, style, color, maxWidth, alignment)
            }
            return nil
        }
    }

    @Test(arguments: SceneSetup.playground)
    func everySceneHasAStatusBarAndAHomeIndicator(setup: SceneSetup) {
        let scene = setup.makeScene(viewport: .phone, feel: Feel(ScrollParameters()))
        let commands = Self.drawn(scene, at: 0)
        let dark = setup.name == "pager" || setup.name == "loop"
        let ink = dark ? Color.white : Color.black
        let clock = Self.texts(commands).filter { $0.text == "9:41" }
        #expect(clock.count == 1, "\(setup.name): one clock")
        #expect(clock.first.map { $0.y >= 0 && $0.y + $0.style.lineHeight <= 47 && $0.color == ink } == true)
        // The home indicator: 134 × 5 pt, centred, 8 pt above the bottom, drawn after the content.
        let indicator = commands.lastIndex {
            if case let .rect(r, .solid(c), radius) = $0 {
                return r.width == 134 && r.height == 5 && radius == 2.5 && c == ink
            }
            return false
        }
        let home = indicator
        #expect(home != nil)
        if let home, case let .rect(r, _, _) = commands[home] {
            #expect(abs(r.x - (390 - 134) / 2) < 1e-9 && r.maxY == 844 - 8)
            #expect(home > commands.count - 30, "\(setup.name): the home indicator is drawn over the content")
            // Over video, a dark rim 1 pt around the white bar keeps it visible on white frames.
            let rim = home > 0 ? commands[home - 1] : nil
            #expect(
                (rim == .rect(r.insetBy(-1), fill: .solid(Color(hex: 0x000000, alpha: 0.22)), cornerRadius: 3.5))
                    == dark)
        }
    }

    @Test func sidewaysThereIsNoStatusBar() {
        let wide = ListScene(viewport: Size(width: 844, height: 390), cardCount: 20)
        let commands = Self.drawn(wide, at: 0)
        #expect(!Self.texts(commands).contains { $0.text == "9:41" })
        #expect(
            commands.contains {
                if case let .rect(r, _, _) = $0 { return r.width == 134 && r.maxY == 390 - 8 } else { return false }
            })
    }

    @Test(arguments: SceneSetup.playground)
    func everyLineOfTextHasABoxInsideTheScreen(setup: SceneSetup) {
        let scene = setup.makeScene(viewport: .phone, feel: Feel(ScrollParameters()))
        scene.tap(at: Point(x: 200, y: 500), time: 0)
        for t in [0.0, 0.5] {
            for line in Self.texts(Self.drawn(scene, at: t)) {
                #expect(line.maxWidth.isFinite && line.maxWidth > 0, "\(setup.name): \"\(line.text)\" has no box")
                // The carousel's neighbours peek in from the sides: their lines stay inside their own cards.
                var container = Rect(x: 0, y: 0, width: 390, height: 844)
                if let carousel = scene as? CarouselScene {
                    let offset = carousel.axis.offset(at: t)
                    container =
                        (0..<carousel.cellCount).map { carousel.cellFrame($0, offset: offset) }
                        .first { $0.x <= line.x && line.x < $0.maxX } ?? container
                }
                #expect(
                    line.x >= container.x - 1e-9 && line.x + line.maxWidth <= container.maxX + 1e-9,
                    "\(setup.name): \"\(line.text)\"'s box leaves its container")
            }
        }
    }

    @Test func theTextStylesAreIOSs() {
        let expected: [(TextStyle, Double, Double, FontWeight)] = [
            (.largeTitle, 34, 41, .bold), (.title2, 22, 28, .bold), (.headline, 17, 22, .semibold),
            (.body, 17, 22, .regular),
            (.subheadline, 15, 20, .regular), (.footnote, 13, 18, .regular), (.caption, 12, 16, .regular)
        ]
        for (style, size, leading, weight) in expected {
            #expect(style.size == size && style.lineHeight == leading && style.weight == weight)
        }
    }

    @Test func thePagersTabsStayPutWhileThePagesMove() {
        let pager = PagerScene(pageCount: 5)
        func forYou(_ offset: Double) -> Double? {
            pager.axis.setOffset(offset, at: 0)
            return Self.texts(Self.drawn(pager, at: 0)).first { $0.text == "For You" }?.y
        }
        let atRest = forYou(0)
        #expect(atRest != nil)
        #expect(forYou(300) == atRest && forYou(844 * 2.5) == atRest)
        #expect(Self.texts(Self.drawn(pager, at: 0)).filter { $0.text == "Following" }.count == 1)
    }

    @Test func theListsLargeTitleCollapsesIntoTheBar() {
        let list = ListScene(cardCount: 50)
        func inline(_ offset: Double) -> Color? {
            list.axis.setOffset(offset, at: 0)
            return Self.texts(Self.drawn(list, at: 0)).first { $0.text == "Discover" && $0.alignment == .center }?.color
        }
        #expect(inline(0) == nil)  // large title showing, no bar
        #expect(inline(-80) == nil)  // pulled down: still large
        #expect(inline(200)?.a == 255)  // scrolled: the title sits in the bar
        let half = inline(ListScene.collapse(offset: 0) == 0 ? 38 : 0)
        #expect(half.map { $0.a > 0 && $0.a < 255 } == true)
        #expect(ListScene.collapse(offset: 32) == 0 && ListScene.collapse(offset: 44) == 1)
        // The large title moves with the content.
        list.axis.setOffset(20, at: 0)
        let large = Self.texts(Self.drawn(list, at: 0)).first { $0.text == "Discover" && $0.style == .largeTitle }
        let expectedTop: Double = 47 + 44 + 3 - 20
        #expect(large.map { abs($0.y - expectedTop) < 1e-9 } == true, "\(String(describing: large?.y))")
    }

    /// The indicator's rect while the scene moves: thin, rounded 1.5.
    static func indicator(_ commands: [DrawCommand]) -> Rect? {
        for command in commands.reversed() {
            if case let .rect(r, _, radius) = command, radius == 1.5, r.height == 3 || r.width == 3, r.width != r.height
            {
                return r
            }
        }
        return nil
    }

    @Test func horizontalIndicatorsRunUnderTheirOwnScrollView() {
        let banner = BannerScene()
        let y = BannerScene.top + 100
        banner.handle(TimedInput(time: 0, event: .down(Point(x: 300, y: y))))
        banner.handle(TimedInput(time: 0.05, event: .move(Point(x: 200, y: y))))
        let bar = Self.indicator(Self.drawn(banner, at: 0.05))
        #expect(bar != nil)
        #expect(
            bar.map { $0.maxY == BannerScene.top + BannerScene.height - 3 && $0.x >= 16 && $0.maxX <= 390 - 16 } == true
        )

        let carousel = CarouselScene()
        carousel.handle(TimedInput(time: 0, event: .down(Point(x: 300, y: 400))))
        carousel.handle(TimedInput(time: 0.05, event: .move(Point(x: 200, y: 400))))
        let cells = Self.indicator(Self.drawn(carousel, at: 0.05))
        #expect(cells != nil)
        let cardBottom = carousel.cellFrame(0, offset: 0).maxY
        #expect(
            cells.map { $0.y > cardBottom && $0.y < cardBottom + 20 } == true,
            "under the cards, not at the phone's bottom")
    }

    @Test func theListsIndicatorStaysBetweenTheBars() {
        let list = ListScene(cardCount: 100)
        list.handle(TimedInput(time: 0, event: .down(Point(x: 100, y: 600))))
        list.handle(TimedInput(time: 0.05, event: .move(Point(x: 100, y: 500))))
        let bar = Self.indicator(Self.drawn(list, at: 0.05))
        #expect(bar != nil)
        #expect(bar.map { $0.y >= 47 + 44 && $0.maxY <= 844 - 34 && $0.x == 390 - 6 } == true)
    }

    @Test func theLabsPlotHasLabelledAxes() {
        let lab = LabScene()
        let lines = Self.texts(Self.drawn(lab, at: 0))
        let d = 844 - LabScene.listTop
        for label in [
            "0", "0.2", "0.4", "0.6", "g", "view offset f (pt)", LabScene.format(d / 2, 0), LabScene.format(d, 0)
        ] {
            #expect(lines.contains { $0.text == label }, "axis label \(label)")
        }
        // Tick labels sit inside the plot's card, the g ticks in the left margin, the f ticks under the axis.
        for line in lines where ["0.2", "0.4", "0.6"].contains(line.text) {
            let plot = LabScene.plot(width: 390)
            #expect(line.x >= plot.x && line.x + line.maxWidth <= plot.x + 44 && line.y >= plot.y + 20)
        }
        #expect(lines.first { $0.text == "Measurement lab" }?.style == .largeTitle)
        // On a narrower phone the plot narrows with it.
        let small = LabScene(viewport: Size(width: 320, height: 568))
        let card = Self.drawn(small, at: 0).compactMap {
            if case let .rect(r, _, 12) = $0 { return r } else { return nil }
        }.first
        #expect(card.map { $0.x == 16 && $0.maxX == 320 - 16 } == true)
    }

    @Test func picturesShowWhatTheirTitlesSay() {
        #expect(Art.subject(of: "Lavender fields") == .fields)
        #expect(Art.subject(of: "Harbour lights") == .sea && Art.subject(of: "Tide pools and rocks") == .sea)
        #expect(Art.subject(of: "The coffee atlas") == .food && Art.subject(of: "Noodle House") == .food)
        #expect(Art.subject(of: "City of bridges") == .city && Art.subject(of: "A quiet street in Kyoto") == .city)
        #expect(Art.subject(of: "Snow on the pass") == .mountains && Art.subject(of: "Salt flats") == .desert)
        #expect(Art.subject(of: "Night market colours") == .market && Art.subject(of: "Slow trains") == .train)
        #expect(Art.subject(of: "The long way home") == .road && Art.subject(of: "Try this at home") == .food)
        #expect(Art.subject(of: "Desert roads at dusk") == .desert && Art.subject(of: "Rooftop gardens") == .city)
        // Every title and video caption the scenes show names its subject.
        for title in Art.titles + Art.captions + NestedScene.dishes {
            #expect(Art.namedSubject(of: title) != nil, "\"\(title)\" names no subject")
        }
        #expect(NestedScene.dishes.allSatisfy { Art.subject(of: $0) == .food })
        // Lavender fields are purple rows on green under a sky, not a blue sky alone.
        var list = DrawList()
        Art.picture(
            into: &list, frame: Rect(x: 0, y: 0, width: 300, height: 200), title: "Lavender fields", seed: 1,
            cornerRadius: 12,
            surround: .white, restoreClip: nil)
        let lavender = list.commands.filter {
            if case let .triangle(_, _, _, _, _, _, c) = $0 { return c == Color(hex: 0x9B7BD4) } else { return false }
        }
        #expect(lavender.count >= 10)
        #expect(
            Array(list.commands.suffix(2)) == [
                .cornerMask(Rect(x: 0, y: 0, width: 300, height: 200), cornerRadius: 12, color: .white), .endCached
            ])
        // Untitled, a landscape chosen by the seed, rounded off in the card's colour.
        var untitled = DrawList()
        Art.picture(
            into: &untitled, frame: Rect(x: 0, y: 0, width: 300, height: 200), seed: 4, cornerRadius: 12,
            restoreClip: nil)
        #expect(untitled.commands.count > 5)
        #expect(
            Array(untitled.commands.suffix(2)) == [
                .cornerMask(Rect(x: 0, y: 0, width: 300, height: 200), cornerRadius: 12, color: Theme.card), .endCached
            ])
    }

    @Test func picturesStayInsideTheirFrameWhateverItsSize() {
        for size in [(0.5, 0.5), (1.0, 300.0), (300.0, 1.0), (390.0, 844.0), (2000.0, 90.0)] {
            let frame = Rect(x: 10, y: 20, width: size.0, height: size.1)
            for title in Art.titles + Art.captions {
                var list = DrawList()
                Art.picture(
                    into: &list, frame: frame, title: title, seed: 3, cornerRadius: 0, surround: .white,
                    restoreClip: nil)
                // One cached group on the frame (the canvas clips it to the frame), nothing outside it.
                guard case let .beginCached(_, groupFrame) = list.commands[1] else {
                    Issue.record("\(title): no cached group"); continue
                }
                #expect(
                    groupFrame == frame && list.commands.last == .endCached, "\(title): drawn as one group on its frame"
                )
                for command in list.commands {
                    switch command {
                    case let .rect(r, _, _):
                        #expect(r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite)
                    case let .circle(x, y, r, _): #expect(x.isFinite && y.isFinite && r.isFinite)
                    case let .triangle(a, b, c, d, e, f, _): #expect([a, b, c, d, e, f].allSatisfy { $0.isFinite })
                    default: break
                    }
                }
            }
        }
    }

    /// A picture is drawn once into a texture and copied wherever its card is: what it draws,
    /// relative to its frame, must not depend on where the frame is. (The city's lit windows
    /// were picked by their position on screen and changed as the list scrolled.)
    @Test func aPictureIsTheSameWhereverItsFrameIs() {
        func relative(_ x: Double, _ y: Double, to frame: Rect) -> [Double] { [x - frame.x, y - frame.y] }
        func shape(_ command: DrawCommand, in frame: Rect) -> [Double]? {
            switch command {
            case let .rect(r, _, radius): return relative(r.x, r.y, to: frame) + [r.width, r.height, radius]
            case let .circle(x, y, r, _): return relative(x, y, to: frame) + [r]
            case let .triangle(a, b, c, d, e, f, _):
                return relative(a, b, to: frame) + relative(c, d, to: frame) + relative(e, f, to: frame)
            default: return nil
            }
        }
        for title in Art.titles + Art.captions {
            let here = Rect(x: 0, y: 0, width: 358, height: 200),
                there = Rect(x: 16.3, y: 2_811.7, width: 358, height: 200)
            var a = DrawList(), b = DrawList()
            Art.picture(
                into: &a, frame: here, title: title, seed: 5, cornerRadius: 11, surround: .white, restoreClip: nil)
            Art.picture(
                into: &b, frame: there, title: title, seed: 5, cornerRadius: 11, surround: .white, restoreClip: nil)
            #expect(a.count == b.count, "\(title): \(a.count) and \(b.count) commands")
            for (p, q) in zip(a.commands, b.commands) {
                guard let s = shape(p, in: here), let t = shape(q, in: there) else { continue }
                #expect(zip(s, t).allSatisfy { abs($0 - $1) < 1e-6 }, "\(title): \(p) against \(q)")
            }
        }
    }
}
