import Foundation
import Testing
import Drawing
import Platform
import Playground
import Scenes

/// The real window under Xvfb, driven with xdotool, checked through its trace and its own screenshots.
@Suite(
    .serialized, .tags(.window), .skipped(whenSkipping: .window),
    .enabled(if: XSession.available, "Xvfb or xdotool missing or Xvfb cannot start (make test installs both)"))
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

    func drag(from a: Point, to b: Point, steps: Int, interval: Double, app: PlaygroundProcess, hold: Double = 0)
        -> [String]
    {
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
        try app.perform(app.moveArguments(click.x, click.y) + ["click", "1", "key", "s"])
        _ = try app.waitFor("screenshot 1") { $0.screenshots.count == 1 ? true : nil }
        // 2. A drag that starts on the card and comes back to where it began is not a click:
        //    the card stays selected (screenshot 2).
        let above = Point(x: inside.x, y: inside.y - 60)
        let there = line(inside, above, steps: 6), back = line(above, inside, steps: 6)
        let pressed = app.traceRows.count
        try app.perform(stroke([inside] + there + back, interval: 0.03, hold: 0.3, app: app))
        try app.waitForRest(after: pressed)
        try app.perform(["key", "s"])
        _ = try app.waitFor("screenshot 2") { $0.screenshots.count == 2 ? true : nil }
        // 3. A fling scrolls and settles.
        let before = app.traceRows.count
        try app.perform(
            drag(from: Point(x: 195, y: 700), to: Point(x: 195, y: 380), steps: 8, interval: 0.015, app: app))
        try app.waitForRest(after: before)
        let status = try app.quit()
        #expect(status == 0)

        let shots = app.screenshots
        try #require(shots.count == 2, "the app saved \(shots.count) screenshots")
        let scale = 2.0  // S saves the viewport at 2 pixels per point, whatever the window size
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

    /// Apply a preset, Swap, Copy and Reset, clicked where the app says its buttons are; each
    /// checked on the next fling of both phones, read from the trace: every glide's speed decays
    /// at its own deceleration rate, v(t) = v₀·e^(−μt) with μ = −1000·ln rate, so between two rows
    /// of the glide μ = ln(v₁/v₂)/(t₂ − t₁), however few frames a busy machine drew (read from
    /// where it came to rest instead, a short fast glide drawn in few frames was 6.5 % off). The
    /// fling is the recorded
    /// `fling-up.json` replayed from the panel (*Replay on both*), so it is the same finger every
    /// time however busy the machine is, and the rate is read from the glide itself.
    @Test func panelButtonsChangeTheNextFling() throws {
        let x = try XSession()
        defer { x.stop() }
        let gesture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/gestures/fling-up.json")
        let app = try PlaygroundProcess(
            session: x, arguments: ["--scene", "list", "--compare"], files: ["gesture.json": gesture])
        let normal = -1000 * log(0.998), fast = -1000 * log(0.99)

        /// Replays the fling on both phones and returns the rate each side's glide obeyed.
        func fling() throws -> (a: Double, b: Double) {
            let before = app.traceRows.count
            try app.click("Replay on both")
            try app.waitForRest(after: before)
            let rows = Array(app.traceRows[before...])
            func μ(_ prefix: String) throws -> Double {
                func value(_ row: [(column: String, value: String)], _ column: String) -> String? {
                    row.first { $0.column == prefix + column }?.value
                }
                // (time, speed) of the glide's rows, while it is well above the rest tolerance.
                let samples = rows.compactMap { row -> (t: Double, v: Double)? in
                    guard value(row, "phase") == "decelerating",
                        let t = row.first(where: { $0.column == "t" }).flatMap({ Double($0.value) }),
                        let v = value(row, "velocity").flatMap(Double.init), abs(v) > 20
                    else { return nil }
                    return (t, abs(v))
                }
                let first = try #require(samples.first, "\(prefix)side glided")
                let last = try #require(samples.last)
                try #require(last.t - first.t > 0.05, "\(prefix)side: a glide of two rows at least 50 ms apart")
                return log(first.v / last.v) / (last.t - first.t)
            }
            return (try μ(""), try μ("b_"))
        }
        func expect(_ got: (a: Double, b: Double), _ a: Double, _ b: Double, _ step: String) {
            // Within 1 % (the trace's four decimals; fast and normal differ fivefold).
            #expect(abs(got.a / a - 1) < 0.01, "\(step): A decelerated with μ = \(got.a) /s, expected \(a)")
            #expect(abs(got.b / b - 1) < 0.01, "\(step): B decelerated with μ = \(got.b) /s, expected \(b)")
        }

        // Room for the sections used: fold Live, open A/B and Record & replay, load the gesture.
        try app.click("Live")
        _ = try app.waitFor("Live folded") { $0.widgets["Plot → PNG"] == nil ? true : nil }
        try app.click("A/B comparison")
        _ = try app.waitFor("the A/B buttons") { $0.widgets["Swap"] }
        try app.click("Record & replay")
        try app.click("Load##gesture", until: "Loaded 12 events from gesture.json.")
        // Apply "UIKit fast" to A (the edited side).
        try app.click("##preset")
        try app.click("##preset/UIKit fast")
        _ = try app.waitFor("the preset list to close") { $0.widgets["##preset/UIKit fast"] == nil ? true : nil }
        try app.click("Apply", until: "Preset \"UIKit fast\" on A")
        expect(try fling(), fast, normal, "after Apply")
        try app.click("Swap", until: "Swapped A and B.")
        expect(try fling(), normal, fast, "after Swap")
        try app.click("Copy B → A", until: "Copied B's parameters to A.")
        expect(try fling(), fast, fast, "after Copy B → A")
        try app.click("Reset to default", until: "Reset A to defaults")
        expect(try fling(), normal, fast, "after Reset")
        try app.click("Copy A → B", until: "Copied A's parameters to B.")
        expect(try fling(), normal, normal, "after Copy A → B")
        #expect(try app.quit() == 0)
    }

    /// Esc with a dropdown open closes the dropdown; the app keeps running, and the next Esc quits.
    @Test func escapeClosesAnOpenDropdownInsteadOfQuitting() throws {
        let x = try XSession()
        defer { x.stop() }
        let app = try PlaygroundProcess(session: x, arguments: ["--scene", "list"])
        try app.click("##preset")
        _ = try app.waitFor("the preset list to open") {
            $0.widgets.keys.contains { $0.hasPrefix("##preset/") } ? true : nil
        }
        try app.perform(["key", "Escape"])
        _ = try app.waitFor("the preset list to close") {
            $0.widgets.keys.contains { $0.hasPrefix("##preset/") } ? nil : true
        }
        // Still here a good while later (it used to quit about 1.5 s after such an Esc).
        let later = Date().addingTimeInterval(2.5)
        while Date() < later { usleep(100_000) }
        #expect(app.process.isRunning, "the app quit on an Esc that closed a dropdown")
        #expect(try app.quit() == 0)
    }

    @Test func pagerFlickLandsOnTheNextPage() throws {
        let x = try XSession()
        defer { x.stop() }
        let app = try PlaygroundProcess(session: x, arguments: ["--scene", "pager"])
        // A flick of 460 pt (past half a page) at about 2,000 pt/s: 10 moves, 20 ms apart. Past half a
        // page it lands on the next one at any speed: how fast xdotool's moves arrive depends on the
        // machine's load (a quarter-page flick, turned only by its speed, went back on a busy machine).
        try app.performGesture {
            try app.perform(
                drag(from: Point(x: 195, y: 760), to: Point(x: 195, y: 300), steps: 10, interval: 0.02, app: app))
        }
        #expect(try app.quit() == 0)
        let last = try #require(app.trace.last)
        #expect(last[1] == "844.0000" && last[3] == "idle" && last[4] == "1", "\(last)")
    }

    @Test func wheelNotchScrollsAFixedStep() throws {
        let x = try XSession()
        defer { x.stop() }
        let app = try PlaygroundProcess(session: x, arguments: ["--scene", "list"])
        let p = window(Point(x: 195, y: 400))
        let before = app.traceRows.count
        try app.perform(app.moveArguments(p.x, p.y) + ["click", "5"])
        try app.waitForRest(after: before)
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
        try app.perform(
            drag(from: Point(x: 195, y: 700), to: Point(x: 195, y: 380), steps: 8, interval: 0.015, app: app))
        _ = try app.waitFor("the list to glide") { $0.trace.last.map { $0[3] == "decelerating" } == true ? true : nil }
        try app.perform(["windowsize", app.window, "1000", "700", "key", "2"])
        let small = WindowLayout(windowWidth: 1000, windowHeight: 700, viewport: .phone, sides: 1)
        // Wait for the outcomes: the phone laid out for the new size, and the pager on screen (it has pages).
        _ = try app.waitFor("the resized layout") {
            $0.widgets["phone 0"].map {
                Int($0.x) == Int(small.phones[0].x) && Int($0.width) == Int(small.phones[0].width)
            } == true ? true : nil
        }
        _ = try app.waitFor("the pager") { $0.trace.last.map { $0[4] == "0" } == true ? true : nil }
        let a = small.windowPoint(Point(x: 195, y: 600)), b = small.windowPoint(Point(x: 195, y: 400))
        var flick = app.moveArguments(a.x, a.y) + ["mousedown", "1"]
        for i in 1...10 {
            let y = a.y + (b.y - a.y) * Double(i) / 10
            flick += ["sleep", "0.02"] + app.moveArguments(b.x, y)
        }
        try app.performGesture { try app.perform(flick + ["mouseup", "1"]) }
        #expect(try app.quit() == 0)
        let rows = app.trace
        #expect(rows.contains { $0[3] == "decelerating" && $0[4].isEmpty }, "the list glided")
        let last = try #require(rows.last)
        #expect(
            last[4] == "1" && last[1] == "844.0000" && last[3] == "idle",
            "then the pager, after the resize, turned a page: \(last)")
    }
}
