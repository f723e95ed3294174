import Formats
import Foundation
import Scenes
import ScrollPhysics

/// Files: the edited side's parameters, the engineers' export, whole sessions (saved, opened,
/// the one kept at the last quit), and the window's screenshot and plot (passed through).
extension PlaygroundSession {
    func reduce(_ request: DocumentRequest, at realTime: Double) -> [SessionEffect] {
        switch request {
        case let .loadParameters(path): return [.read(path: path, as: .parameters)]
        case let .saveParameters(path):
            return [
                .write(
                    [FileWrite(path: path, text: ParametersFile.encode(feel))],
                    as: .parameters(side: editing, feel: feel))
            ]
        case let .exportForEngineers(base): return [exportForEngineers(base: base)]
        case let .saveSession(path):
            do throws(InputError) {
                let text = try SessionFile.encodeChecked(snapshot())
                return [.write([FileWrite(path: path, text: text)], as: .session)]
            } catch {
                notice = .sessionNotSaved(path: path, reason: error.message)
            }
        case let .openSession(path): return [.read(path: path, as: .session)]
        case let .openKeptSession(path): return [.read(path: path, as: .keptSession)]
        case let .openKept(document, note): return openKept(document, note: note, at: realTime)
        case let .open(document, source): return open(document, source: source, at: realTime)
        case .screenshot: return [.screenshot]
        case .exportPlot: return [.exportPlot]
        case .keepSession: keepsSession = true
        }
        return []
    }

    /// The edited side's parameters as JSON and as code for its model's platform beside `base`
    /// (the code goes to the clipboard once both are written).
    func exportForEngineers(base: String) -> SessionEffect {
        let export = feel.model.exported
        return .write(
            [
                FileWrite(path: base + ".json", text: ParametersFile.encode(feel)),
                FileWrite(path: base + "." + export.fileExtension, text: export.text)
            ], as: .export(snippet: export.text))
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
            notice = .sceneNotInWindow(source: source, scene: document.scene, scenes: setups.map(\.name))
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
        for (index, state) in zip(sides.indices, document.sides) { set(index, to: state) }
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
        openedReference = SessionState.OpenedReference(path: path, message: opened)
        show(trackingReference == path ? opened + " " + (message?.text ?? "") : opened)
        return effects
    }
    func set(_ index: Int, to state: SessionDocument.Side) {
        sides[index].feel = state.feel
        sides[index].named = NamedFeel(name: state.name, feel: state.namedFeel)
        sides[index].savedFeel = state.savedFeel
        sides[index].savedName = state.savedName
    }
}
