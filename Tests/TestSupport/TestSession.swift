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
public struct TestSession {
    public let session: PlaygroundSession
    public let driver: SessionDriver

    /// `session` run against `driver` (default: the disk, no trace).
    public init(_ session: PlaygroundSession, driver: SessionDriver = SessionDriver(files: Disk())) {
        self.session = session
        self.driver = driver
    }

    /// A session whose frames write a live trace at `tracePath` (as `play --trace` makes it).
    public init(
        setups: [SceneSetup], initial: Int = 0, viewport: Size, feel: Feel, feelName: String? = nil,
        tracePath: String?, realTime: Double = 0
    ) throws(InputError) {
        let trace = try tracePath.map { path throws(InputError) in try TraceFile(path, header: "", live: true) }
        let session = PlaygroundSession(
            setups: setups, initial: initial, viewport: viewport, feel: feel, feelName: feelName, tracing: trace != nil,
            realTime: realTime)
        self.init(session, driver: SessionDriver(files: Disk(trace: trace)))
    }

    public subscript<Value>(dynamicMember path: KeyPath<PlaygroundSession, Value>) -> Value {
        session[keyPath: path]
    }

    public subscript<Value>(dynamicMember path: ReferenceWritableKeyPath<PlaygroundSession, Value>) -> Value {
        get { session[keyPath: path] }
        nonmutating set { session[keyPath: path] = newValue }
    }

    /// Applies `requests` through the driver: file effects run, their results applied; returns
    /// what is left for the window.
    @discardableResult
    public func send(_ requests: [SessionRequest], at realTime: Double) -> [SessionEffect] {
        driver.apply(requests, to: session, at: realTime)
    }

    public func frame(at realTime: Double) { send([.frame], at: realTime) }
    public func pointerDown(at point: Point, time: Double) { send([.pointer(.down(point))], at: time) }
    public func pointerMoved(to point: Point, time: Double) { send([.pointer(.move(point))], at: time) }
    public func pointerUp(at point: Point, time: Double) { send([.pointer(.up(point))], at: time) }

    /// The session's own `apply` (the reducer alone, effects returned, none run).
    @discardableResult
    public func apply(_ requests: [SessionRequest], at realTime: Double) -> [SessionEffect] {
        session.apply(requests, at: realTime)
    }

    public func snapshot() -> SessionDocument { session.snapshot() }
    public func panelState(at realTime: Double) -> PanelState { session.panelState(at: realTime) }
    public func sceneTime(at realTime: Double) -> Double { session.sceneTime(at: realTime) }

    /// Makes the trace final (it replaces the file at its path only now).
    public func finishTrace() throws(InputError) {
        try (driver.files as? Disk)?.trace?.finish()
    }
}
