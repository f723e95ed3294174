import Scenes
import ScrollPhysics

/// The phone: the window serves the page of the feel being tuned to a phone on the local network
/// (`scrollab play --serve`, the panel's *Phone* button). The session only asks: starting and
/// stopping the server and sending it the current feel are `SessionEffect`s the app runs; what
/// the server and the page report comes back as `PhoneRequest`s.
public enum PhoneRequest: Equatable, Sendable {
    /// Serve the page (true) or stop serving it (false).
    case serve(Bool)
    /// The server listens: the page's address (with its token) and its QR code.
    case serving(url: String, qr: QRMatrix?)
    /// The server could not start (the core not built, the port taken): why, in one line.
    case serveFailed(String)
    /// The page applied change `sequence` (shown), or could not show it and kept its last scene
    /// (`note` says why).
    case acknowledged(sequence: Int, shown: Bool, note: String?)
    /// A gesture made on the page: its touch samples (s from the touch-down; points within the
    /// page's screen), the display's refresh rate (Hz) and the screen's size (pt). It becomes the
    /// recorded gesture (plots, table, Replay, Save recording) and replays at once.
    case gesture(events: [TimedInput], refreshRate: Double, screen: Size)
    /// How many pages listen for the window's changes now (the server counts their event streams):
    /// a page closed or gone out of reach is no longer one.
    case connected(Int)
}

/// A QR code's modules, row by row (`true` dark), without its quiet zone.
public struct QRMatrix: Equatable, Sendable {
    public var size: Int
    public var modules: [Bool]
    public init(size: Int, modules: [Bool]) {
        self.size = size
        self.modules = modules
    }
}

/// What the page shows: the scene and each side's feel, numbered (the page acknowledges each
/// number). Sent whole after every change that alters it, never as a difference.
public struct PhoneUpdate: Equatable, Sendable {
    public struct Side: Equatable, Sendable {
        public var label: String
        public var title: String
        public var feel: Feel
    }
    public var sequence: Int
    /// The desktop scene's name ("list", "pager", "carousel", … ; the page shows the first three).
    public var scene: String
    public var sides: [Side]
    /// The window's scene as the page lays it out, so that a flick ends where it ends in the
    /// window: the list's length (pt), the pager's pages, the carousel's cells.
    public var geometry: PhoneGeometry = .page
    /// The side the window edits: a page that shows one side at a time shows that one.
    public var editing = 0
}

/// The sizes the page's list, pager and carousel are made with.
public struct PhoneGeometry: Equatable, Sendable {
    public var contentLength: Double
    public var pages: Int
    public var cellWidth: Double, spacing: Double, cells: Int

    /// The page's own (`scrollab export --web`'s, as `scrollab replay` lays its scenes out).
    public static let page = PhoneGeometry(contentLength: 3000, pages: 5, cellWidth: 300, spacing: 12, cells: 10)
}

/// The phone link as the session knows it.
public struct PhoneLink: Equatable, Sendable {
    public enum Status: Equatable, Sendable {
        case starting
        case serving(url: String, qr: QRMatrix?)
        case failed(String)
    }
    public internal(set) var status: Status = .starting
    /// The last update asked to be sent (its number is the last one used).
    public internal(set) var published: PhoneUpdate?
    /// The last number the page acknowledged, whether it showed it, and its note.
    public internal(set) var acknowledged: Int?
    public internal(set) var shown = true
    public internal(set) var note: String?
    /// Gestures the page sent.
    public internal(set) var gestures = 0
    /// How many pages listen now, as the server last said (nil: not said yet).
    public internal(set) var connected: Int?

    /// The panel's line about the link.
    public var line: String {
        switch status {
        case .starting: return "Starting the phone's server…"
        case .failed(let reason): return "Phone: \(reason)"
        case .serving:
            guard let sent = published?.sequence else { return "Open the address on a phone." }
            guard let got = acknowledged else { return "Open the address on a phone (change \(sent) waiting)." }
            let state = got == sent ? "up to date" : "at change \(got) of \(sent)"
            if connected == 0 {
                return "No page open now: the last one was \(state). Open the address again to go on."
            }
            // A change the page could not show is not "up to date": it says which it is at.
            return shown ? "Phone \(state)." : "Phone at change \(got) of \(sent): \(note ?? "it kept its last scene")."
        }
    }
}

extension PlaygroundSession {
    public internal(set) var phone: PhoneLink? {
        get { state.phone }
        set { state.phone = newValue }
    }

    func reduce(_ request: PhoneRequest, at realTime: Double) -> [SessionEffect] {
        switch request {
        case .serve(let on):
            if on {
                guard phone == nil else { return [] }
                phone = PhoneLink()
                return [.startPhoneServer(phoneContent())]
            }
            guard phone != nil else { return [] }
            phone = nil
            notice = .phoneStopped
            return [.stopPhoneServer]
        case let .serving(url, qr):
            guard phone != nil else { return [.stopPhoneServer] }
            phone?.status = .serving(url: url, qr: qr)
            phone?.published = nil
            notice = .phoneServing(url: url)
            return []
        case .serveFailed(let reason):
            guard phone != nil else { return [] }
            phone?.status = .failed(reason)
            notice = .phoneFailed(reason)
            return []
        case .connected(let pages):
            guard phone != nil else { return [] }
            phone?.connected = max(0, pages)
            return []
        case let .acknowledged(sequence, shown, note):
            // An acknowledgement of a change not sent (a stale page, a forged message) is ignored.
            guard let sent = phone?.published?.sequence, (0...sent).contains(sequence) else { return [] }
            guard sequence >= phone?.acknowledged ?? 0 else { return [] }
            phone?.acknowledged = sequence
            phone?.shown = shown
            phone?.note = note
            return []
        case let .gesture(events, rate, screen):
            guard phone != nil, events.count >= 2 else { return [] }
            if isRecording { stopRecording() }
            recorded = events
            phone?.gestures += 1
            replay(on: .both, at: realTime)
            notice = .phoneGesture(
                samples: events.count, rate: rate, screen: screen, on: isComparing ? "A and B" : "A")
            // The message keeps saying where the gesture came from once its replay is over.
            return []
        }
    }

    /// What the page would show now.
    /// What the page would show now, as update `sequence`.
    func phoneContent(sequence: Int = 0) -> PhoneUpdate {
        PhoneUpdate(
            sequence: sequence, scene: scene.name,
            sides: sides.map { PhoneUpdate.Side(label: $0.label, title: $0.title, feel: $0.feel) },
            geometry: phoneGeometry(), editing: editing)
    }

    /// The window's scene in the page's terms: the list's length from its scroll bounds, the
    /// pager's pages and the carousel's cells from the scene's setup and its sliders.
    func phoneGeometry() -> PhoneGeometry {
        var geometry = PhoneGeometry.page
        let setup = setups[sceneIndex]
        let axis = scene.mainAxis
        switch scene.name {
        case "list": geometry.contentLength = axis.bounds.upperBound + axis.viewportLength
        case "pager": geometry.pages = setup.count("pages")
        case "carousel":
            geometry.cellWidth = scene.controlValue("cellWidth")
            geometry.spacing = scene.controlValue("spacing")
            geometry.cells = setup.count("cells")
        default: break
        }
        return geometry
    }

    /// After requests changed what the page shows (a slider, preset, model, A/B, copy, swap,
    /// undo, scene): the update to send, numbered one past the last.
    func phoneEffects() -> [SessionEffect] {
        guard let link = phone, case .serving = link.status else { return [] }
        let update = phoneContent(sequence: (link.published?.sequence ?? 0) + 1)
        if var last = link.published {
            last.sequence = update.sequence
            if last == update { return [] }
        }
        phone?.published = update
        return [.publishToPhone(update)]
    }
}
