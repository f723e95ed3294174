import Scenes
import ScrollPhysics
import Testing

@testable import Playground

/// The session's side of the phone: starting and stopping the server are effects, every change
/// of what the page shows is one numbered update, and what comes back is requests.
@Suite struct PhoneLinkTests {
    func session() -> PlaygroundSession {
        PlaygroundSession(
            setups: [.cards(count: 60), .pager(pages: 4), .loop(items: 5)], initial: 0, viewport: .phone,
            feel: Feel(ScrollParameters()), realTime: 10)
    }

    /// The updates among `effects`.
    func updates(_ effects: [SessionEffect]) -> [PhoneUpdate] {
        effects.compactMap {
            if case .publishToPhone(let update) = $0 { return update }
            return nil
        }
    }

    func serving(_ s: PlaygroundSession) -> [SessionEffect] {
        let start = s.apply([.phone(.serve(true))], at: 10)
        guard case .startPhoneServer(let first)? = start.first else {
            Issue.record("no server started: \(start)")
            return []
        }
        #expect(first.scene == "list")
        #expect(first.sides.count == 1)
        #expect(s.phone?.status == .starting)
        return s.apply([.phone(.serving(url: "http://127.0.0.1:9/t/", qr: nil))], at: 10)
    }

    @Test func everyChangeInTheWindowIsOneNumberedUpdate() throws {
        let s = session()
        // Once it serves, the page is sent what the window shows now.
        var sent = updates(serving(s))
        #expect(sent.map(\.sequence) == [1])
        #expect(try #require(sent.first).sides.map(\.feel) == [Feel(ScrollParameters())])
        // A slider, a preset, A/B on, models, a swap, a copy, an undo, a scene: one update each.
        let steps: [SessionRequest] = [
            .setValue(key: "decelerationRate", value: .number(0.99)), .applyPreset(id: Preset.all[1].id),
            .setComparing(true), .compareModels(a: "android", b: "uikit"), .swapSides, .copy(from: 0, to: 1), .undo,
            .switchScene(1)
        ]
        for (index, step) in steps.enumerated() {
            sent = updates(s.apply([step], at: 11 + Double(index)))
            #expect(sent.map(\.sequence) == [2 + index], "\(step)")
            #expect(sent.first?.sides.map(\.feel) == s.sides.map(\.feel), "\(step)")
        }
        #expect(s.phone?.published?.scene == "pager")
        #expect(s.phone?.published?.sides.count == 2)
        #expect(s.phone?.published?.sides.map(\.feel.name) == ["uikit", "android"])
        // Input, frames and requests that change nothing the page shows send nothing.
        #expect(updates(s.apply([.pointer(.down(Point(x: 100, y: 400))), .frame], at: 30)).isEmpty)
        // Choosing the side to edit is one update (a page that shows one side at a time shows the
        // edited one); the ghost and slow motion change nothing the page shows.
        let edited = updates(s.apply([.edit(side: 1), .setGhost(true), .toggleSlowMotion], at: 31))
        #expect(edited.map(\.editing) == [1])
        #expect(s.phone?.published?.sequence == 10)
    }

    @Test func acknowledgementsAreKeptInOrderAndOnlyForWhatWasSent() {
        let s = session()
        _ = serving(s)
        _ = s.apply([.setValue(key: "decelerationRate", value: .number(0.99))], at: 11)
        #expect(s.phone?.line == "Open the address on a phone (change 2 waiting).")
        _ = s.apply([.phone(.acknowledged(sequence: 2, shown: true, note: nil))], at: 12)
        #expect(s.phone?.line == "Phone up to date.")
        // Stale, unsent and negative numbers change nothing.
        for sequence in [1, 3, 99, -1] {
            _ = s.apply([.phone(.acknowledged(sequence: sequence, shown: false, note: "x"))], at: 13)
            #expect(s.phone?.acknowledged == 2)
        }
        _ = s.apply([.switchScene(2)], at: 14)
        let note = "this page cannot show the loop scene; it keeps the list"
        _ = s.apply([.phone(.acknowledged(sequence: 3, shown: false, note: note))], at: 15)
        // A change the page could not show is not "up to date": the line says where the page is.
        #expect(s.phone?.line == "Phone at change 3 of 3: \(note).")
        // The page closed (its event stream gone): said, with where it was; open again, as before.
        _ = s.apply([.phone(.connected(0))], at: 16)
        #expect(s.phone?.line == "No page open now: the last one was up to date. Open the address again to go on.")
        _ = s.apply([.setValue(key: "decelerationRate", value: .number(0.995))], at: 17)
        #expect(
            s.phone?.line == "No page open now: the last one was at change 3 of 4. Open the address again to go on.")
        _ = s.apply([.phone(.connected(1))], at: 18)
        #expect(s.phone?.line == "Phone at change 3 of 4: \(note).")
    }

    @Test func stoppingAndFailingAreSaid() {
        let s = session()
        #expect(s.apply([.phone(.serve(false))], at: 10).isEmpty)
        _ = serving(s)
        #expect(s.apply([.phone(.serve(true))], at: 10).isEmpty)
        _ = s.apply([.phone(.serveFailed("cannot listen on 0.0.0.0:80: Permission denied"))], at: 11)
        #expect(s.message?.isError == true)
        #expect(updates(s.apply([.setValue(key: "decelerationRate", value: .number(0.99))], at: 12)).isEmpty)
        #expect(s.apply([.phone(.serve(false))], at: 13) == [.stopPhoneServer])
        #expect(s.phone == nil)
        // A server that reports in after it was stopped is stopped.
        #expect(s.apply([.phone(.serving(url: "http://x/", qr: nil))], at: 14) == [.stopPhoneServer])
    }
}
