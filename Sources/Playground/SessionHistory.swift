import Foundation
import Scenes
import ScrollPhysics

/// A change of the sides' feels that Undo takes back: the sides as they were before it.
struct UndoEntry: Equatable {
    /// What the change was ("preset Floaty", "Deceleration rate"), for the panel and the message.
    var label: String
    var sides: [SessionDocument.Side]
    var editing: Int
    /// The screen the feels ran on (a device picked since puts them on the new one).
    var display: Display
}

/// Undo and redo of every change to the feels (a parameter, preset, copy, swap, load, reset,
/// model, fit, session opened), and the session as a document to save and open.
extension PlaygroundSession {
    /// Undo steps kept at most.
    static let undoLimit = 200
    /// Changes of one parameter on one side less than this far apart (s) are one undo step: a
    /// slider dragged is one change, not sixty.
    static let undoMergeSeconds = 1.0

    /// What a request changes, named for Undo; nil for requests that do not change a feel.
    static func undoLabel(_ request: SessionRequest) -> String? {
        switch request {
        case let .setValue(key, _): return ParameterSpec.named(key)?.title ?? key
        case let .applyPreset(id): return "preset \(Preset.all.first { $0.id == id }?.title ?? id)"
        case .resetToDefaults: return "reset"
        case .revert: return "revert"
        case let .setModel(name): return "model \(modelTitle(name))"
        case let .compareModels(a, b): return "\(modelTitle(a)) vs \(modelTitle(b))"
        case let .copy(from, to): return "copy \(from == 0 ? "A" : "B") → \(to == 0 ? "A" : "B")"
        case .swapSides: return "swap"
        case .fitReference: return "fit"
        case let .loaded(path, .parameters, _): return "load \(URL(fileURLWithPath: path).lastPathComponent)"
        case let .loaded(path, .session, _): return "open \(URL(fileURLWithPath: path).lastPathComponent)"
        case .loaded(_, .keptSession, _), .openKept: return "open the kept session"
        case let .open(_, source): return "open \(URL(fileURLWithPath: source).lastPathComponent)"
        case let .setFeel(_, name): return "load \(name)"
        default: return nil
        }
    }

    /// Every side's feel and names now.
    var sideStates: [SessionDocument.Side] {
        sides.map {
            SessionDocument.Side(
                feel: $0.feel, name: $0.named.name, namedFeel: $0.named.feel, savedFeel: $0.savedFeel,
                savedName: $0.savedName)
        }
    }

    /// After a request that may change a feel: keeps `before` as an undo step if anything changed
    /// (merged with the step before when the same parameter of the same side moved again soon).
    func noteUndoable(_ before: UndoEntry, request: SessionRequest, at realTime: Double) {
        guard before.sides != sideStates || before.editing != editing else { return }
        redoStack.removeAll()
        var merge: String?
        if case let .setValue(key, _) = request { merge = "\(editing) \(key)" }
        defer { lastUndoMerge = merge.map { ($0, realTime) } }
        if let merge, let last = lastUndoMerge, last.key == merge, realTime - last.time < Self.undoMergeSeconds,
            !undoStack.isEmpty
        {
            return
        }
        undoStack.append(before)
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
    }

    /// What Undo and Redo would take back or do again, if anything.
    public var undoLabel: String? { undoStack.last?.label }
    public var redoLabel: String? { redoStack.last?.label }

    func undo(at realTime: Double) { step(from: &undoStack, to: &redoStack, at: realTime, undoing: true) }

    func redo(at realTime: Double) { step(from: &redoStack, to: &undoStack, at: realTime, undoing: false) }

    /// Takes the last entry of `source`, keeps the sides as they are now on `target` (so the step
    /// can be gone back on), and puts the entry's sides back.
    private func step(from source: inout [UndoEntry], to target: inout [UndoEntry], at realTime: Double, undoing: Bool)
    {
        guard let entry = source.popLast() else {
            show(undoing ? "Nothing to undo." : "Nothing to redo.")
            return
        }
        target.append(UndoEntry(label: entry.label, sides: sideStates, editing: editing, display: display))
        restore(entry, at: realTime)
        show((undoing ? "Undid " : "Redid ") + "\(entry.label).")
    }

    /// Puts the sides back as `entry` holds them (A/B turned on or off to match), on the screen
    /// the session shows now.
    private func restore(_ entry: UndoEntry, at now: Double) {
        lastUndoMerge = nil
        if entry.sides.count != sides.count { setComparing(entry.sides.count == 2, at: now) }
        for (side, state) in zip(sides, entry.sides) {
            let moved = entry.display == display ? state : Self.state(state, on: display)
            apply(moved.feel, to: side, at: now)
            set(side, to: moved)
        }
        editing = entry.editing
    }

    private static func state(_ state: SessionDocument.Side, on display: Display) -> SessionDocument.Side {
        SessionDocument.Side(
            feel: state.feel.on(display), name: state.name, namedFeel: state.namedFeel.on(display),
            savedFeel: state.savedFeel.on(display), savedName: state.savedName)
    }

    private func set(_ side: PlaygroundSide, to state: SessionDocument.Side) {
        side.feel = state.feel
        side.named = (state.name, state.namedFeel)
        side.savedFeel = state.savedFeel
        side.savedName = state.savedName
    }

    // MARK: The session as a document

    /// What a session file holds now.
    public func snapshot() -> SessionDocument {
        var layouts: [String: [String: Double]] = [:]
        for (index, values) in sceneLayouts where !values.isEmpty && setups.indices.contains(index) {
            layouts[setups[index].name] = values
        }
        return SessionDocument(
            scene: setups[sceneIndex].name, viewport: viewport, sides: sideStates, editing: editing,
            ghost: showsGhost, slowMotion: slowMotionRate, layouts: layouts, reference: reference?.path,
            recording: recorded)
    }

    /// Opens `document` as the window's state: its scene, viewport, sides, layouts, speed,
    /// reference and recording, on fresh scenes. `source` names it in the message. A scene the
    /// window does not have is refused, and nothing changes. Returns the reading of its reference.
    func open(_ document: SessionDocument, source: String, at realTime: Double) -> [SessionEffect] {
        guard let index = setups.firstIndex(where: { $0.name == document.scene }) else {
            show(
                "\(source): the scene \"\(document.scene)\" is not in this window (scenes: "
                    + "\(setups.map(\.name).joined(separator: ", "))).",
                isError: true)
            return []
        }
        sceneLayouts = [:]
        for (name, values) in document.layouts {
            if let at = setups.firstIndex(where: { $0.name == name }) { sceneLayouts[at] = values }
        }
        sceneIndex = index
        viewport = document.viewport
        if let device = Device.showing(viewport) {
            display = device.display
        } else if let uikit = document.sides[0].feel.model.uikit {
            display = uikit.values.display
        }
        if document.sides.count != sides.count { setComparing(document.sides.count == 2, at: realTime) }
        for (side, state) in zip(sides, document.sides) { set(side, to: state) }
        editing = document.editing
        showsGhost = document.ghost && isComparing
        replaying = nil
        recording = nil
        recorded = document.recording
        rebuild(sides.indices, at: realTime)
        setSlowMotion(document.slowMotion, at: realTime)
        let opened = "Opened \(source): \(sides.map(\.title).joined(separator: "; ")), scene \(scene.name)."
        guard let path = document.reference else {
            reference = nil
            show(opened)
            return []
        }
        let effects = loadReference(from: path)
        openedReference = (path, opened)
        show(trackingReference == path ? opened + " " + (message?.text ?? "") : opened)
        return effects
    }
}
