import Scenes
import ScrollPhysics

/// What the tuning panel shows, as values taken from the session once a frame
/// (`PlaygroundSession.panelState(at:)`): the panel reads this, never the session, and keeps no
/// copy of it; what the user does comes back as `SessionRequest`s.
public struct PanelState {
    /// One side as the charts and the table show it.
    public struct Side {
        public var label: String
        public var gesture: GestureTrace
        /// "A · UIKit normal": the side and the feel that made its last gesture.
        public var gestureTitle: String
    }

    public var sceneIndex: Int
    public var sceneNames: [String]
    public var sceneName: String
    public var controls: [SceneControl]
    /// Every slider's and toggle's value, by control id.
    public var controlValues: [String: Double]
    public var readout: [String]
    public var forcedPagePolicy: PagePolicy?
    public var message: PlaygroundSession.Message?
    public var undoLabel: String?
    public var redoLabel: String?
    public var clip: ClipProgress?

    /// The edited side: its label, feel, live reading and fast-scrolling state.
    public var editing: Int
    public var editedLabel: String
    public var feel: Feel
    public var hasUnsavedChanges: Bool
    public var live: LiveReading
    public var glideMultiplier: Double
    public var flicksInARow: Int
    /// What the model's panel notes read besides its values.
    public var panelContext: PanelContext {
        PanelContext(forcedPagePolicy: forcedPagePolicy, glideMultiplier: glideMultiplier, flicksInARow: flicksInARow)
    }
    public var sides: [Side]
    public var isComparing: Bool
    public var showsGhost: Bool
    public var slowMotionRate: Double?

    public var viewport: Size
    /// The viewport the window started with, offered beside the devices.
    public var startViewport: Size
    /// The viewport's length along the scene's axis (pt).
    public var mainAxisViewportLength: Double

    public var reference: PlaygroundSession.Reference?
    /// The reference's file: the one being tracked, else the one loaded (nil without either).
    public var referenceFile: String?
    /// How many files were refused as the reference so far: after each, the Reference field shows
    /// `referenceFile` again (not the path refused), so Fit fits what the field names.
    public var referenceRefusals = 0
    public var isRecording: Bool
    /// Events of the recording under way, or of the last one.
    public var recordingCount: Int
    public var recordedCount: Int
    /// The preset the menu shows: the one picked and not yet applied, else the one the edited
    /// side's feel equals; none when it equals none (a preset changed since, a file, a fit),
    /// whatever the side is named after.
    public var preset: Int?
    /// The phone the window serves (its address, QR code, what the page acknowledged), if any.
    public var phone: PhoneLink? = nil
}

extension PlaygroundSession {
    /// The panel's view of the session at `realTime`.
    public func panelState(at realTime: Double) -> PanelState {
        let t = sceneTime(at: realTime)
        let scene = self.scene
        var values: [String: Double] = [:]
        for control in scene.controls {
            switch control {
            case let .slider(id, _, _, _, _), let .toggle(id, _, _): values[id] = scene.controlValue(id)
            case .button: break
            }
        }
        var panel = PanelState(
            sceneIndex: sceneIndex, sceneNames: setups.map(\.name), sceneName: scene.name, controls: scene.controls,
            controlValues: values, readout: scene.readout, forcedPagePolicy: scene.forcedPagePolicy,
            message: message, undoLabel: undoLabel, redoLabel: redoLabel, clip: clip, editing: editing,
            editedLabel: edited.label, feel: feel, hasUnsavedChanges: hasUnsavedChanges,
            live: edited.scene.liveReading(at: t), glideMultiplier: edited.scene.mainAxis.glideMultiplier,
            flicksInARow: edited.scene.mainAxis.finger.flicksInARow,
            sides: sides.map { PanelState.Side(label: $0.label, gesture: $0.gesture, gestureTitle: $0.gestureTitle) },
            isComparing: isComparing,
            showsGhost: showsGhost, slowMotionRate: slowMotionRate, viewport: viewport,
            startViewport: startViewport ?? viewport,
            mainAxisViewportLength: mainAxisViewportLength, reference: reference,
            referenceFile: trackingReference ?? reference?.path, isRecording: isRecording,
            recordingCount: recording?.count ?? recorded.count, recordedCount: recorded.count,
            preset: presetChoice ?? Preset.all.firstIndex { $0.feel.on(display) == feel })
        panel.phone = phone
        panel.referenceRefusals = referenceRefusals
        return panel
    }
}
