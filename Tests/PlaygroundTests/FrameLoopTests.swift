import Testing
import Scenes
import ScrollPhysics
@testable import Playground

/// The window's loop on a virtual clock: `wait` jumps the clock to the next scripted event or by
/// the timeout, `frame` advances the session and the clock by one 60 Hz frame. Nothing waits in
/// real time.
final class VirtualWindow {
    var now: Double
    var frames: [Double] = []
    var waits: [Double] = []
    /// Events still to come, in time order: when each arrives and what it does to the session.
    var pending: [(time: Double, deliver: (TestSession) -> Void)] = []
    let session: TestSession
    var pacer: FramePacer

    init(session: TestSession, at start: Double) {
        self.session = session
        now = start
        pacer = FramePacer(at: start)
    }

    /// Delivers events whose time has come; returns whether there were any.
    private func deliverDue() -> Bool {
        var any = false
        while let next = pending.first, next.time <= now {
            pending.removeFirst()
            next.deliver(session)
            any = true
        }
        return any
    }

    func run(until end: Double) {
        while now < end {
            FrameLoop.turn(
                &pacer, subject: session.session, now: now,
                wait: { seconds in
                    self.waits.append(seconds)
                    if let next = self.pending.first, next.time <= self.now + seconds {
                        self.now = max(self.now, next.time)
                        return true
                    }
                    self.now += seconds
                    return false
                },
                frame: { t in
                    let handled = self.deliverDue()
                    self.session.frame(at: t)
                    self.frames.append(t)
                    self.now += 1.0 / 60
                    return handled
                })
        }
    }

    func frames(in range: Range<Double>) -> [Double] { frames.filter { range.contains($0) } }

    /// A 240 pt upward drag in 48 ms starting at `start` (a fling).
    func fling(at start: Double) {
        pending.append((start, { $0.pointerDown(at: Point(x: 200, y: 600), time: start) }))
        for i in 1...6 {
            let t = start + 0.008 * Double(i)
            pending.append((t, { $0.pointerMoved(to: Point(x: 200, y: 600 - 40 * Double(i)), time: t) }))
        }
        pending.append((start + 0.048, { $0.pointerUp(at: Point(x: 200, y: 360), time: start + 0.048) }))
    }
}

@Suite struct FrameLoopTests {
    func session(_ setups: [SceneSetup] = [.cards(count: 50)]) throws -> TestSession {
        try TestSession(
            setups: setups, initial: 0, viewport: .phone, feel: Feel(ScrollParameters()), tracePath: nil, realTime: 10)
    }

    @Test func atRestTheLoopDrawsNothingForASecondAndDrawsAgainOnInput() throws {
        let window = VirtualWindow(session: try session(), at: 10)
        window.run(until: 13)
        // Frames for the first `linger` second after start, then none for the two seconds after.
        #expect(window.frames(in: 10..<11).count >= 59)
        #expect(window.frames(in: 11.02..<13).isEmpty, "drawn at rest: \(window.frames(in: 11.02..<13).prefix(5))")
        #expect(window.waits.count >= 2 && window.waits.allSatisfy { $0 > 0 && $0 <= 1 })

        // A fling at 13.5: frames from the press on, all through the glide, then a linger, then none.
        window.fling(at: 13.5)
        window.run(until: 25)
        let axis = window.session.scene.mainAxis
        let drawn = window.frames(in: 13..<25)
        let first = try #require(drawn.first)
        #expect(first >= 13.5 && first < 13.5 + 1e-9, "the press woke the loop at once: \(first)")
        #expect(axis.offset(at: window.session.sceneTime(at: 25)) > 300, "the list glided")
        let last = try #require(drawn.last)
        // The glide lasts a few seconds; frames stop one linger after it, and stay stopped.
        #expect(last > 15 && last < 22, "\(last)")
        #expect(window.frames(in: (last + 0.01)..<25).isEmpty)
        // No gap longer than a frame while the list moved.
        let moving = drawn.filter { $0 < last - 1 }
        #expect(zip(moving, moving.dropFirst()).allSatisfy { $1 - $0 < 1.0 / 60 + 1e-9 })
    }

    @Test func aSceneTimerWakesTheLoopWhenItIsDue() throws {
        let s = try session([.banner(items: 5)])
        let banner = try #require(s.scene as? BannerScene)
        banner.setControl("autoAdvance", to: 1, at: 0)
        banner.setControl("interval", to: 3, at: 0)
        let window = VirtualWindow(session: s, at: 10)
        window.run(until: 12.5)
        #expect(window.frames(in: 11.02..<12.5).isEmpty, "at rest before the timer")
        #expect(window.waits.contains { abs($0 - 1) < 1e-9 })
        window.run(until: 16)
        // Due at scene time 3 = real 13: the loop wakes then (not a second late) and the banner turns.
        let woke = try #require(window.frames(in: 12.5..<16).first)
        #expect(woke >= 13 - 1e-9 && woke < 13.002, "\(woke)")
        #expect(banner.current == 1)
    }

    @Test func slowMotionStretchesTheWaitForATimer() throws {
        let s = try session([.banner(items: 5)])
        let banner = try #require(s.scene as? BannerScene)
        banner.setControl("autoAdvance", to: 1, at: 0)
        banner.setControl("interval", to: 3, at: 0)
        s.send([.toggleSlowMotion], at: 10)  // 0.1×: scene time 3 comes at real 10 + 30
        let pacer = FramePacer(at: 10)
        #expect(abs(pacer.waitTime(s.session, at: 12) - 1) < 1e-9)  // capped by the longest wait
        var capped = pacer
        capped.longestWait = 100
        #expect(abs(capped.waitTime(s.session, at: 12) - 28) < 1e-9)
    }
}

@Suite struct LongFrameTests {
    /// A frame that handled a request and ran long (a clip being encoded) still gets frames
    /// after it ends, so the message it left is drawn.
    @Test func aLongFrameThatHandledSomethingIsFollowedByFrames() throws {
        let session = try TestSession(
            setups: [.cards(count: 50)], initial: 0, viewport: .phone,
            feel: Feel(ScrollParameters()), tracePath: nil, realTime: 10)
        var pacer = FramePacer(at: 10)
        // At rest long after start: the loop would wait.
        #expect(!FrameLoop.turn(&pacer, subject: session.session, now: 20, wait: { _ in true }, frame: { _ in true }))
        // That wait delivered an event: the next turn draws a frame which ran for 5 s.
        #expect(
            FrameLoop.turn(
                &pacer, subject: session.session, now: 20.001, wait: { _ in false }, frame: { _ in true }, ended: { 25 }
            ))
        #expect(
            FrameLoop.turn(&pacer, subject: session.session, now: 25.01, wait: { _ in false }, frame: { _ in false }),
            "a frame follows the long one")
    }
}
