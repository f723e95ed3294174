import Formats
import Foundation
import Scenes
import ScrollPhysics

/// What came back from the effects the app ran: files read or written, failures, a clip's
/// progress and end, a tracked video, a blind test's end.
extension PlaygroundSession {
    func reduce(_ request: EffectResult, at realTime: Double) -> [SessionEffect] {
        switch request {
        case let .loaded(path, role, text): return loaded(text, from: path, as: role, at: realTime)
        case let .saved(paths, role): return saved(paths, as: role)
        case let .failed(failure): failed(failure)
        case let .blindTestFinished(answered, path, findings):
            notice = .blindTestFinished(answered: answered, path: path, findings: findings)
        case let .clipProgress(progress): clip = progress
        case let .clipFinished(outcome): finishClip(outcome)
        case let .referenceTracked(path, trace, kind, summary, warnings):
            referenceTracked(path: path, trace: trace, kind: kind, summary: summary, warnings: warnings)
        case let .fitted(job, outcome): fitted(job, outcome, at: realTime)
        case let .referenceShaped(path, shape, drawn):
            if let current = reference, current.path == path {
                reference = Reference(path: path, trace: current.trace, kind: current.kind, shape: shape, drawn: drawn)
            }
        case let .referenceFailed(path, reason):
            guard trackingReference == path else { break }
            trackingReference = nil
            failed(.read(path: path, as: .reference, reason: reason))
        }
        return []
    }

    /// A video given as the reference was tracked: it is the reference now.
    func referenceTracked(path: String, trace: FitTrace, kind: FitKind?, summary: String, warnings: [String]) {
        guard trackingReference == path else { return }
        trackingReference = nil
        reference = Reference(path: path, trace: trace, kind: kind)
        reference?.warnings = warnings
        if let opened = openedReference, opened.path == path {
            // An opened session's video: the message still says what was opened.
            openedReference = nil
            show(opened.message + " Its reference, \(URL(fileURLWithPath: path).lastPathComponent), is tracked.")
            return
        }
        message = Message(
            text:
                "Reference \(path): tracked, \(summary). Drawn on the offset plot (pink); Fit sets the sliders "
                + "from it.",
            isError: false)
    }

    /// A file read for the session, decoded and put to use; a bad file shows its one-line error
    /// and changes nothing.
    func loaded(_ text: String, from path: String, as role: FileRole, at realTime: Double)
        -> [SessionEffect]
    {
        do throws(InputError) {
            switch role {
            case .parameters:
                let loaded = try ParametersFile.decode(text, file: path)
                setFeel(loaded, at: realTime)
                edited.name(URL(fileURLWithPath: path).lastPathComponent, for: loaded, saved: true)
                notice = .loadedParameters(path: path, side: edited.label)
            case .recording:
                recorded = try GestureFile.decode(text, file: path)
                notice = .loadedRecording(events: recorded.count, path: path)
            case .reference:
                let trace = try FitTrace.parse(text, file: path)
                let loaded = Reference(path: path, trace: trace)
                reference = loaded
                let shaping: [SessionEffect] = loaded.needsShape ? [.shapeReference(path: path, trace: trace)] : []
                defer { openedReference = nil }
                // An opened session's reference: the message still says what was opened.
                if openedReference != nil { return shaping }
                let span = (trace.samples.last?.t ?? 0) - (trace.samples.first?.t ?? 0)
                notice = .reference(path: path, rows: trace.samples.count, span: span)
                return shaping
            case .session:
                return open(try SessionFile.decode(text, file: path), source: path, at: realTime)
            case .keptSession: return openKept(try SessionFile.decode(text, file: path), note: nil, at: realTime)
            }
        } catch {
            failed(.read(path: path, as: role, reason: error.message))
        }
        return []
    }

    /// Opens the kept session; the message says how to start without it, and `note` follows.
    func openKept(_ document: SessionDocument, note: String?, at realTime: Double) -> [SessionEffect] {
        let effects = open(document, source: "the session kept when the window last quit", at: realTime)
        var text = message?.text ?? ""
        if let note { text = Self.sentence(text) + " " + note }
        if message?.isError == false { text += " (`play --fresh` starts from the defaults.)" }
        show(text, isError: message?.isError ?? false)
        return effects
    }

    /// Files written for the session are in place: names and messages follow.
    func saved(_ paths: [String], as role: SavedFile) -> [SessionEffect] {
        let path = paths.first ?? ""
        switch role {
        case let .parameters(index, saved):
            if sides.indices.contains(index) {
                sides[index].name(URL(fileURLWithPath: path).lastPathComponent, for: saved, saved: true)
            }
            notice = .savedParameters(side: sides.indices.contains(index) ? sides[index].label : "A", path: path)
        case let .export(snippet):
            notice = .exported(paths: paths)
            return [.copyToClipboard(snippet)]
        case .recording: notice = .savedGesture(path: path)
        case .session:
            notice = .savedSession(path: path)
        case let .screenshot(detail):
            notice = .savedScreenshot(paths: paths, detail: detail)
        case .plot: notice = .savedPlot(path: path)
        }
        return []
    }

    /// An effect that failed: one line says which and why; nothing already in place changes.
    func failed(_ failure: EffectFailure) {
        switch failure {
        case let .read(path, role, reason):
            switch role {
            case .reference:
                referenceRefusals += 1
                // A file that is not text is no CSV: say what a reference can be.
                let what = reason.hasSuffix("is not UTF-8 text") ? reason + Self.referenceKinds : reason
                let text = Self.sentence(what) + stillReference
                if let opened = openedReference, opened.path == path {
                    show(opened.message + " Its reference was not loaded: " + text, isError: true)
                } else {
                    show(text, isError: true)
                }
                openedReference = nil
            case .keptSession: notice = .keptSessionNotOpened(path: path, reason: reason)
            case .parameters, .recording, .session: show(reason, isError: true)
            }
        case let .write(_, _, reason): show(reason, isError: true)
        case let .trace(reason):
            isTracing = false
            notice = .traceStopped(reason)
        case let .autosave(reason): notice = .notKept(reason)
        case let .screenshot(reason): notice = .screenshotFailed(reason)
        case let .plot(reason): notice = .plotFailed(reason)
        case let .fit(reason): show(reason, isError: true)
        case let .blindTest(started, reason):
            notice = .blindTestEnded(started: started, reason: reason)
        }
    }

    /// Says how a background encode ended; it no longer shows as under way.
    func finishClip(_ outcome: ClipOutcome) {
        clip = nil
        switch outcome {
        case let .saved(path, frames, seconds, bytes):
            let size =
                bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6) : "\(max(1, bytes / 1000)) kB"
            message = Message(
                text: "Saved \(path): \(frames) frames, \(String(format: "%.2f", seconds)) s, \(size).", isError: false)
        case let .cancelled(path):
            notice = .clipCancelled(path: path)
        case let .failed(path, reason):
            notice = .clipFailed(path: path, reason: reason)
        }
    }
}
