import Foundation
import Testing
import Drawing
import Platform
import Playground
import Scenes

/// The real window under Xvfb, driven with xdotool, checked through its trace and its own screenshots.
@Suite(.serialized, .enabled(if: XSession.available, "Xvfb or xdotool missing or Xvfb cannot start (make test installs both)"))
struct WindowTests {
    let layout = WindowLayout(windowWidth: 1280, windowHeight: 800, viewport: .phone, sides: 1)

    func window(_ p: Point) -> Point { layout.windowPoint(p) }

    /// Press at the first viewport point, move through the others `interval` s apart, pause
    /// `hold` s, release.
    func stroke(_ points: [Point], interval: Double, hold: Double = 0, app: PlaygroundProcess) -> [String] {
        let start = window(points[0])
        var commands = app.moveArguments(start.x, start.y) + ["mousedown", "1"]
        for point in points.dropFirst() {
            let p = window(point)
            commands += ["sleep", String(interval)] + app.moveArguments(p.x, p.y)
        }
        if hold > 0 { commands += ["sleep", String(hold)] }
        return commands + ["mouseup", "1"]
    }

    /// `steps` points from a to b (a excluded).
    func line(_ a: Point, _ b: Point, steps: Int) -> [Point] {
        (1...steps).map { i in
            let f = Double(i) / Double(steps)
            return Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
        }
    }

    func drag(from a: Point, to b: Point, steps: Int, interval: Double, app: PlaygroundProcess, hold: Double = 0) -> [String] {
        stroke([a] + line(a, b, steps: steps), interval: interval, hold: hold, app: app)
    }

    @Test func flingScrollsAndSettlesAndAClickSelectsButADragDoesNot() throws {
        let x = try XSession()
        defer { x.stop() }
        let app = try PlaygroundProcess(session: x, arguments: ["--scene", "list"])
        let list = ListScene(cardCount: 200)
        let card = list.cardFrame(0)
        let inside = Point(x: card.x + card.width / 2, y: card.y + card.height / 2)
        let badge = Point(x: card.maxX - 22, y: card.maxY - 22)

        // 1. A click without motion selects the card: its badge appears (screenshot 1).
        let click = window(inside)
        try app.perform(app.moveArguments(click.x, click.y) + ["click", "1", "sleep", "0.3", "key", "s", "sleep", "0.3"])
        // 2. A drag that starts on the card and comes back to where it began is not a click:
        //    the card stays selected (screenshot 2).
        let above = Point(x: inside.x, y: inside.y - 60)
        let there = line(inside, above, steps: 6), back = line(above, inside, steps: 6)
        try app.perform(stroke([inside] + there + back, interval: 0.03, hold: 0.3, app: app) + ["sleep", "1.2", "key", "s", "sleep", "0.3"])
        // 3. A fling scrolls and settles.
        try app.perform(drag(from: Point(x: 195, y: 700), to: Point(x: 195, y: 400), steps: 6, interval: 0.012, app: app) + ["sleep", "5"])
        let status = try app.quit()
        #expect(status == 0)

        let shots = app.screenshots
        try #require(shots.count == 2, "the app saved \(shots.count) screenshots")
        let scale = 2.0   // S saves the viewport at 2 pixels per point, whatever the window size
        func isBadgeBlue(_ url: URL) throws -> Bool {
            let image = try Image.loadPNG(url.path)
            let (r, g, b, _) = image.pixel(x: Int(badge.x * scale), y: Int(badge.y * scale))
            return r < 60 && g > 90 && g < 160 && b > 220
        }
        #expect(try isBadgeBlue(shots[0]), "a click without motion selects the card")
        #expect(try isBadgeBlue(shots[1]), "a drag that came back is not a click")

        let rows = app.trace
        #expect(rows.contains { $0[3] == "decelerating" })
        let last = try #require(rows.last)
        #expect(last[3] == "idle")
        let offset = try #require(Double(last[1]))
        #expect(offset > 300, "the fling scrolled: \(offset)")
        // At rest the window stops drawing (and tracing) a second after motion ends, so the rows
        // after the last moving one are checked, however many the frame rate gave.
        let tail = rows.reversed().prefix { $0[3] == "idle" }
        #expect(tail.count >= 2 && tail.allSatisfy { $0[1] == last[1] }, "and settled")
    }

    @Test func pagerFlickLandsOnTheNextPage() throws {
        let x = try XSession()
        defer { x.stop() }
        let app = try PlaygroundProcess(session: x, arguments: ["--scene", "pager"])
        try app.perform(drag(from: Point(x: 195, y: 600), to: Point(x: 195, y: 480), steps: 5, interval: 0.012, app: app) + ["sleep", "1.5"])
        #expect(try app.quit() == 0)
        let last = try #require(app.trace.last)
        #expect(last[1] == "844.0000" && last[3] == "idle" && last[4] == "1", "\(last)")
    }

    @Test func wheelNotchScrollsAFixedStep() throws {
        let x = try XSession()
        defer { x.stop() }
        let app = try PlaygroundProcess(session: x, arguments: ["--scene", "list"])
        let p = window(Point(x: 195, y: 400))
        try app.perform(app.moveArguments(p.x, p.y) + ["click", "5", "sleep", "1.5"])
        #expect(try app.quit() == 0)
        let rows = app.trace
        #expect(rows.contains { $0[3] == "settling" })
        #expect(rows.last?[1] == "100.0000", "\(rows.last ?? [])")
    }

    @Test func resizeAndSceneSwitchMidMotionKeepItRunning() throws {
        let x = try XSession()
        defer { x.stop() }
        let app = try PlaygroundProcess(session: x, arguments: ["--scene", "list"])
        // Fling, resize the window while it glides, then switch to the pager mid-motion and flick it.
        try app.perform(drag(from: Point(x: 195, y: 700), to: Point(x: 195, y: 400), steps: 6, interval: 0.012, app: app)
                        + ["sleep", "0.3", "windowsize", app.window, "1000", "700", "sleep", "0.5", "key", "2", "sleep", "0.5"])
        let small = WindowLayout(windowWidth: 1000, windowHeight: 700, viewport: .phone, sides: 1)
        let a = small.windowPoint(Point(x: 195, y: 600)), b = small.windowPoint(Point(x: 195, y: 480))
        var flick = app.moveArguments(a.x, a.y) + ["mousedown", "1"]
        for i in 1...5 {
            let y = a.y + (b.y - a.y) * Double(i) / 5
            flick += ["sleep", "0.012"] + app.moveArguments(b.x, y)
        }
        try app.perform(flick + ["mouseup", "1", "sleep", "1.5"])
        #expect(try app.quit() == 0)
        let rows = app.trace
        #expect(rows.contains { $0[3] == "decelerating" && $0[4].isEmpty }, "the list glided")
        let last = try #require(rows.last)
        #expect(last[4] == "1" && last[1] == "844.0000" && last[3] == "idle", "then the pager, after the resize, turned a page: \(last)")
    }
}
