import Foundation
import Formats
import Scenes
import ScrollPhysics
@testable import Playground
import SessionEffects

/// Test sessions driven as the window drives them: every change is a `SessionRequest`, and the
/// effects that touch files are run by a `SessionDriver` (the real disk here; `FakeFileSystemTests`
/// runs the requests against `MemoryFiles`).
enum Driving {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var drivers: [ObjectIdentifier: SessionDriver] = [:]

    static func driver(for session: PlaygroundSession) -> SessionDriver {
        lock.lock()
        defer { lock.unlock() }
        return drivers[ObjectIdentifier(session)] ?? SessionDriver(files: Disk())
    }

    static func set(_ driver: SessionDriver, for session: PlaygroundSession) {
        lock.lock()
        defer { lock.unlock() }
        drivers[ObjectIdentifier(session)] = driver
    }

    /// A session whose frames write a live trace at `tracePath` (as `play --trace` makes it).
    static func session(
        setups: [SceneSetup], initial: Int = 0, viewport: Size, feel: Feel, feelName: String? = nil,
        tracePath: String?, realTime: Double = 0
    ) throws(InputError) -> PlaygroundSession {
        let trace = try tracePath.map { path throws(InputError) in try TraceFile(path, header: "", live: true) }
        let session = PlaygroundSession(
            setups: setups, initial: initial, viewport: viewport, feel: feel, feelName: feelName, tracing: trace != nil,
            realTime: realTime)
        set(SessionDriver(files: Disk(trace: trace)), for: session)
        return session
    }
}

extension PlaygroundSession {
    /// Applies `requests` through the driver: file effects run, their results applied; returns
    /// what is left for the window.
    @discardableResult
    func send(_ requests: [SessionRequest], at realTime: Double) -> [SessionEffect] {
        Driving.driver(for: self).apply(requests, to: self, at: realTime)
    }

    func frame(at realTime: Double) { send([.frame], at: realTime) }
    func pointerDown(at point: Point, time: Double) { send([.pointer(.down(point))], at: time) }
    func pointerMoved(to point: Point, time: Double) { send([.pointer(.move(point))], at: time) }
    func pointerUp(at point: Point, time: Double) { send([.pointer(.up(point))], at: time) }

    /// Makes the trace final (it replaces the file at its path only now).
    func finishTrace() throws(InputError) {
        try (Driving.driver(for: self).files as? Disk)?.trace?.finish()
    }
}
