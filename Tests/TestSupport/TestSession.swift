import Foundation
import Formats
import Playground
import Scenes
import ScrollPhysics
import SessionEffects

/// A test's session driven as the window drives it: every change is a `SessionRequest`, and the
/// effects that touch files are run by the session's own `SessionDriver` (the real disk here, with
/// the live trace when there is one; `FakeFileSystemTests` runs the requests against `MemoryFiles`).
/// The session and its driver travel together as one value, so no table outlives a test.
/// Properties read and set through it are the session's (`test.state`, `test.sides`, …).
@dynamicMemberLookup
package struct TestSession {
    package let session: PlaygroundSession
    package let driver: SessionDriver

    /// `session` run against `driver` (default: the disk, no trace).
    package init(_ session: PlaygroundSession, driver: SessionDriver = SessionDriver(files: Disk())) {
        self.session = session
        self.driver = driver
    }

    /// A session whose frames write a live trace at `tracePath` (as `play --trace` makes it).
    package init(
        setups: [SceneSetup], initial: Int = 0, viewport: Size, feel: Feel, feelName: String? = nil,
        tracePath: String?, realTime: Double = 0
    ) throws(InputError) {
        let trace = try tracePath.map { path throws(InputError) in try TraceFile(path, header: "", live: true) }
        let session = PlaygroundSession(
            setups: setups, initial: initial, viewport: viewport, feel: feel, feelName: feelName, tracing: trace != nil,
            realTime: realTime)
        self.init(session, driver: SessionDriver(files: Disk(trace: trace)))
    }

    package subscript<Value>(dynamicMember path: KeyPath<PlaygroundSession, Value>) -> Value {
        session[keyPath: path]
    }

    package subscript<Value>(dynamicMember path: ReferenceWritableKeyPath<PlaygroundSession, Value>) -> Value {
        get { session[keyPath: path] }
        nonmutating set { session[keyPath: path] = newValue }
    }

    /// Applies `requests` through the driver: file effects run, their results applied; returns
    /// what is left for the window.
    @discardableResult
    package func send(_ requests: [SessionRequest], at realTime: Double) -> [SessionEffect] {
        driver.apply(requests, to: session, at: realTime)
    }

    package func frame(at realTime: Double) { send([.frame], at: realTime) }
    package func pointerDown(at point: Point, time: Double) { send([.pointer(.down(point))], at: time) }
    package func pointerMoved(to point: Point, time: Double) { send([.pointer(.move(point))], at: time) }
    package func pointerUp(at point: Point, time: Double) { send([.pointer(.up(point))], at: time) }

    /// The session's own `apply` (the reducer alone, effects returned, none run).
    @discardableResult
    package func apply(_ requests: [SessionRequest], at realTime: Double) -> [SessionEffect] {
        session.apply(requests, at: realTime)
    }

    package func snapshot() -> SessionDocument { session.snapshot() }
    package func panelState(at realTime: Double) -> PanelState { session.panelState(at: realTime) }
    package func sceneTime(at realTime: Double) -> Double { session.sceneTime(at: realTime) }

    /// Makes the trace final (it replaces the file at its path only now).
    package func finishTrace() throws(InputError) {
        try (driver.files as? Disk)?.trace?.finish()
    }
}
