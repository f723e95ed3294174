import Foundation
import Scenes
import ScrollPhysics

/// A change of the sides' feels that Undo takes back: the sides as they were before it.
public struct UndoEntry: Equatable {
    /// What the change was ("preset Floaty", "Deceleration rate"), for the panel and the message.
    var label: String
    var sides: [SessionDocument.Side]
    var editing: Int
    /// The screen the feels ran on (a device picked since puts them on the new one).
    var display: Display
}

/// Undo and redo of every change to the feels (a parameter, preset, copy, swap, load, reset,
/// model, fit, session opened).
extension PlaygroundSession {
    func reduce(_ request: HistoryRequest, at realTime: Double) -> [SessionEffect] {
        switch request {
        case .undo: undo(at: realTime)
        case .redo: redo(at: realTime)
        }
        return []
    }

    /// Undo steps kept at most.
    static let undoLimit = 200
    /// Changes of one parameter on one side less than this far apart (s) are one undo step: a
    /// slider dragged is one change, not sixty.
    static let undoMergeSeconds = 1.0

    /// What a request changes, named for Undo; nil for requests that do not change a feel.
    static func undoLabel(_ request: SessionRequest) -> String? {
        switch request {
        case let .feel(request):
            switch request {
            case let .setValue(key, _), let .typeValue(key, _): return ParameterSpec.named(key)?.title ?? key
            case let .applyPreset(id): return "preset \(Preset.all.first { $0.id == id }?.title ?? id)"
            case .resetToDefaults: return "reset"
            case .revert: return "revert"
            case let .setModel(name): return "model \(modelTitle(name))"
            case let .setFeel(_, name): return "load \(name)"
            case .choosePreset: return nil
            }
        case let .compare(request):
            switch request {
            case let .compareModels(a, b): return "\(modelTitle(a)) vs \(modelTitle(b))"
            case let .copy(from, to): return "copy \(from == 0 ? "A" : "B") → \(to == 0 ? "A" : "B")"
            case .swapSides: return "swap"
            case .setComparing, .edit, .setGhost, .startBlindTest: return nil
            }
        case .result(.fitted): return "fit"
        case .reference: return nil
        case let .result(.loaded(path, role, _)):
            switch role {
            case .parameters: return "load \(URL(fileURLWithPath: path).lastPathComponent)"
            case .session: return "open \(URL(fileURLWithPath: path).lastPathComponent)"
            case .keptSession: return "open the kept session"
            case .recording, .reference: return nil
            }
        case .document(.openKept): return "open the kept session"
        case let .document(.open(_, source)): return "open \(URL(fileURLWithPath: source).lastPathComponent)"
        case .document(.loadParameters), .document(.saveParameters), .document(.exportForEngineers),
            .document(.saveSession), .document(.openSession), .document(.openKeptSession), .document(.screenshot),
            .document(.exportPlot), .document(.keepSession):
            return nil
        case .result(.saved), .result(.failed), .result(.blindTestFinished), .result(.clipProgress),
            .result(.clipFinished), .result(.referenceTracked), .result(.referenceFailed), .result(.referenceShaped):
            return nil
        case .input, .frame, .recording, .scene, .history, .phone: return nil
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
        if case let .feel(.setValue(key, _)) = request { merge = "\(editing) \(key)" }
        if case let .feel(.typeValue(key, _)) = request { merge = "\(editing) \(key)" }
        defer { lastUndoMerge = merge.map { SessionState.UndoMerge(key: $0, time: realTime) } }
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
            notice = undoing ? .nothingToUndo : .nothingToRedo
            return
        }
        target.append(UndoEntry(label: entry.label, sides: sideStates, editing: editing, display: display))
        restore(entry, at: realTime)
        notice = undoing ? .undid(entry.label) : .redid(entry.label)
    }

    /// Puts the sides back as `entry` holds them (A/B turned on or off to match), on the screen
    /// the session shows now.
    private func restore(_ entry: UndoEntry, at now: Double) {
        lastUndoMerge = nil
        if entry.sides.count != sides.count { setComparing(entry.sides.count == 2, at: now) }
        for (index, state) in zip(sides.indices, entry.sides) {
            let moved = entry.display == display ? state : Self.state(state, on: display)
            apply(moved.feel, to: index, at: now)
            set(index, to: moved)
        }
        editing = entry.editing
    }

    private static func state(_ state: SessionDocument.Side, on display: Display) -> SessionDocument.Side {
        SessionDocument.Side(
            feel: state.feel.on(display), name: state.name, namedFeel: state.namedFeel.on(display),
            savedFeel: state.savedFeel.on(display), savedName: state.savedName)
    }

}
