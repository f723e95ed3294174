import Formats
import Scenes
import ScrollPhysics

/// Recording a gesture, saving and loading it, replaying it on fresh scenes, and a clip of it
/// encoded in the background.
extension PlaygroundSession {
    func reduce(_ request: RecordingRequest, at realTime: Double) -> [SessionEffect] {
        switch request {
        case .start: startRecording(at: realTime)
        case .stop: stopRecording()
        case let .save(path): return saveRecording(to: path)
        case let .load(path): return [.read(path: path, as: .recording)]
        case let .replay(target): replay(on: target, at: realTime)
        case let .recordClip(format):
            if let clip = clipRequest(format: format, stamp: Int(realTime * 1000)) { return [.recordClip(clip)] }
        case .cancelClip: if clip != nil { return [.cancelClip] }
        }
        return []
    }

    public var isRecording: Bool { recording != nil }

    func startRecording(at realTime: Double) {
        recordingStart = nil
        recording = []
        notice = .recordingStarted
    }

    func stopRecording() {
        guard let events = recording else { return }
        recording = nil
        recorded = events
        let length = events.last?.time ?? 0
        notice = .recorded(events: events.count, seconds: length)
    }

    func saveRecording(to path: String) -> [SessionEffect] {
        // Saving while recording saves what was recorded so far, not the previous recording.
        if isRecording { stopRecording() }
        guard !recorded.isEmpty else {
            notice = .nothingRecordedToSave
            return []
        }
        return [.write([FileWrite(path: path, text: GestureFile.encode(recorded))], as: .recording)]
    }

    /// Replays the recording on fresh scenes of the targeted sides, starting now.
    func replay(on target: ReplayTarget, at realTime: Double) {
        guard !recorded.isEmpty else {
            let text =
                isRecording
                ? "Still recording: press Stop first, then Replay plays what was recorded." : "Nothing recorded yet."
            message = Message(text: text, isError: true)
            return
        }
        let targeted = sides.indices.filter(target.includes)
        guard !targeted.isEmpty else { return }
        for index in targeted { rebuild(index..<(index + 1), at: realTime) }
        replaying = SessionState.Replay(events: recorded, start: clock.sceneTime(at: realTime), next: 0, target: target)
        let on = target == .both ? (isComparing ? "A and B" : "A") : (target == .a ? "A" : "B")
        notice = .replaying(events: recorded.count, on: on)
        messageIsReplay = true
    }
    /// The clip of the last recorded, loaded or replayed gesture on the current scene, with
    /// every side's feel, named by scene and `stamp`; nil (and a message) with nothing recorded.
    func clipRequest(format: String, stamp: Int) -> ClipRequest? {
        if let clip {
            notice = .clipStillEncoding(path: clip.path)
            return nil
        }
        guard !recorded.isEmpty else {
            notice = .nothingToClip
            return nil
        }
        let name = "scrollab-clip-\(scene.name)-\(stamp).\(format)"
        clip = ClipProgress(path: name, done: 0, total: 0, elapsed: 0)
        notice = .encoding(path: name)
        return ClipRequest(
            setup: setups[sceneIndex], viewport: viewport, events: recorded, labels: sides.map(\.title),
            feels: sides.map(\.feel), format: format, path: name)
    }
}
