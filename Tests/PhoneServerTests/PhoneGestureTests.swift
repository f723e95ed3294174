import Formats
import Scenes
import ScrollPhysics
import Testing

@testable import PhoneServer
@testable import Playground

/// A gesture made on the page: parsed from its message, it becomes the window's recorded gesture,
/// replays as the same samples given by hand do, and saves as the gesture file `replay` reads.
@Suite struct PhoneGestureTests {
    /// A flick up the list: touch-down at 700 pt, 12 moves 8 ms apart easing in to 400 pt, lift;
    /// on the page's clock (seconds since it loaded).
    static func flick(start: Double = 12.345) -> [PhoneGesture.Sample] {
        var samples = [PhoneGesture.Sample(t: start, kind: .down, x: 195, y: 700)]
        for i in 1...12 {
            let f = Double(i) / 12
            samples.append(.init(t: start + 0.008 * Double(i), kind: .move, x: 195, y: 700 - 300 * f * f))
        }
        samples.append(.init(t: start + 0.1, kind: .up, x: 195, y: 400))
        return samples
    }

    static func json(_ samples: [PhoneGesture.Sample], rate: Double = 120) -> [UInt8] {
        let list = samples.map { #"{"t": \#($0.t), "type": "\#($0.kind.rawValue)", "x": \#($0.x), "y": \#($0.y)}"# }
        return Array(
            #"{"gesture": {"samples": [\#(list.joined(separator: ", "))], "refreshRate": \#(rate), "width": 390, "#
                .utf8) + Array(#""height": 844}}"#.utf8)
    }

    @Test func aGestureMessageIsParsedWhole() throws {
        let message = try #require(PhoneMessage(json: Self.json(Self.flick())))
        guard case .gesture(let gesture) = message else {
            Issue.record("not a gesture: \(message)")
            return
        }
        #expect(gesture.samples == Self.flick())
        #expect(gesture.refreshRate == 120)
        #expect(gesture.width == 390 && gesture.height == 844)
    }

    @Test func aGestureThatIsNotOneIsRefused() {
        var backwards = Self.flick()
        backwards[3].t = backwards[2].t - 0.001
        var noLift = Self.flick()
        noLift.removeLast()
        for samples in [backwards, noLift, Array(Self.flick().prefix(1)), []] {
            #expect(PhoneMessage(json: Self.json(samples)) == nil)
        }
        #expect(PhoneMessage(json: Self.json(Self.flick(), rate: 0)) == nil)
        #expect(PhoneMessage(json: Self.json(Self.flick(), rate: .infinity)) == nil)
    }

    func session() -> PlaygroundSession {
        PlaygroundSession(
            setups: [.cards(count: 200)], initial: 0, viewport: .phone, feel: Feel(ScrollParameters()), realTime: 10)
    }

    /// The samples as the window gets them: times from the touch-down.
    static func events(_ samples: [PhoneGesture.Sample]) -> [TimedInput] {
        samples.map { sample in
            let point = Point(x: sample.x, y: sample.y)
            let event: InputEvent =
                sample.kind == .down ? .down(point) : sample.kind == .move ? .move(point) : .up(point)
            return TimedInput(time: sample.t - samples[0].t, event: event)
        }
    }

    @Test(arguments: [0.998, 0.99])
    func theGestureReplaysInTheWindowAsTheSamplesByHandDo(_ rate: Double) throws {
        let events = Self.events(Self.flick())
        // By hand: the samples as pointer input at 20 s + their times, then frames to rest.
        let byHand = session()
        _ = byHand.apply([.setValue(key: "decelerationRate", value: .number(rate))], at: 19)
        for event in events { _ = byHand.apply([.pointer(event.event)], at: 20 + event.time) }
        _ = byHand.apply([.frame], at: 40)
        let expected = byHand.scene.mainAxis.offset(at: byHand.sceneTime(at: 40))
        // From the phone: served, the gesture arrives at 20 s and replays from then on, frame by frame.
        let s = session()
        _ = s.apply([.setValue(key: "decelerationRate", value: .number(rate))], at: 19)
        _ = s.apply([.phone(.serve(true)), .phone(.serving(url: "http://127.0.0.1:9/t/", qr: nil))], at: 19)
        _ = s.apply([.phone(.gesture(events: events, refreshRate: 60, screen: .phone))], at: 20)
        #expect(s.recorded == events)
        #expect(s.isReplaying)
        #expect(s.phone?.gestures == 1)
        #expect(
            s.message?.text.hasPrefix("A gesture from the phone (14 samples, 60 Hz, 390×844 pt) replays on A") == true)
        var t = 20.0
        while t < 40 {
            t += 1.0 / 60
            _ = s.apply([.frame], at: t)
        }
        let rest = s.scene.mainAxis.offset(at: s.sceneTime(at: 40))
        // Once the replay is over the message still says the gesture came from the phone.
        #expect(s.message?.text.hasPrefix("A gesture from the phone") == true, "\(s.message?.text ?? "")")
        #expect(expected > 300)
        #expect(abs(rest - expected) < 0.01, "replayed \(rest), by hand \(expected)")
        // It is the recorded gesture: Save recording writes the gesture file `replay` reads.
        let effects = s.apply([.saveRecording(path: "phone.json")], at: 41)
        guard case .write(let files, as: .recording)? = effects.first else {
            Issue.record("no write: \(effects)")
            return
        }
        #expect(try GestureFile.decode(files[0].text, file: "phone.json") == events)
    }

    @Test func aGestureWithoutAServedPageIsIgnored() {
        let s = session()
        _ = s.apply([.phone(.gesture(events: Self.events(Self.flick()), refreshRate: 60, screen: .phone))], at: 20)
        #expect(s.recorded.isEmpty)
        #expect(!s.isReplaying)
    }
}
