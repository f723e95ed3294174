import Formats
import Foundation
import PhoneServer
import Platform
import Playground
import Scenes
import ScrollPhysics

/// Runs the session's phone effects for a window (`SessionEffect.startPhoneServer`,
/// `.stopPhoneServer`, `.publishToPhone`): the server on its own thread, the page made from the
/// exported page's template, and what the page sent back as requests, drained once a frame.
final class PhoneLinkRunner {
    /// Where the server listens ("0.0.0.0": every interface; the tests' "127.0.0.1") and on which
    /// port (0: one the system picks).
    var address = "0.0.0.0"
    var port: UInt16 = 0
    /// The built core's folder (`--core`); nil: found as `export --web` finds it.
    var coreFolder: String?
    private(set) var server: PhoneServer?
    /// The address shown, token included.
    private(set) var url: String?
    /// The pages connected, as last reported to the session.
    private var connected: Int?

    /// Starts serving the page of `update`'s scene and feels; how it went, as a request.
    func start(_ update: PhoneUpdate) -> SessionRequest {
        stop()
        do {
            let folder = try WebPage.coreFolder(coreFolder)
            let page = try WebPage.html(
                scene: Self.pageScene(update.scene), sides: Self.sides(update), geometry: update.geometry,
                coreFolder: folder, live: true)
            let server = try PhoneServer(host: address, port: port, page: page, onMessage: { Window.wake() })
            let host = address == "0.0.0.0" ? PhoneServer.localAddress() ?? "127.0.0.1" : address
            let url = server.url(on: host)
            self.server = server
            self.url = url
            // Where a terminal user looks too (and a script reads it).
            Console.note("scrollab: serving the phone at \(url)")
            let qr = QRCode(url).map { QRMatrix(size: $0.size, modules: $0.modules) }
            return .phone(.serving(url: url, qr: qr))
        } catch let error as InputError {
            return .phone(.serveFailed(error.message))
        } catch {
            return .phone(.serveFailed("\(error)"))
        }
    }

    func stop() {
        server?.stop()
        server = nil
        url = nil
        connected = nil
    }

    /// Sends `update` to the page: `{"sequence": N, "config": …}`, the page's own configuration.
    func publish(_ update: PhoneUpdate) {
        server?.publish(Self.message(update))
    }

    /// What arrived from the page since the last frame, as requests (and how many pages listen,
    /// when that changed).
    func takeRequests() -> [SessionRequest] {
        guard let server else { return [] }
        let pages = server.pagesConnected
        var requests: [SessionRequest] = []
        if pages != connected {
            connected = pages
            requests.append(.phone(.connected(pages)))
        }
        return requests
            + server.takeMessages().compactMap { message in
                switch message {
                case let .acknowledged(sequence, shown, note):
                    return .phone(.acknowledged(sequence: sequence, shown: shown, note: note))
                case .gesture(let gesture):
                    let start = gesture.samples[0].t
                    let events = gesture.samples.map { sample -> TimedInput in
                        let point = Point(x: sample.x, y: sample.y)
                        let event: InputEvent
                        switch sample.kind {
                        case .down: event = .down(point)
                        case .move: event = .move(point)
                        case .up: event = .up(point)
                        }
                        return TimedInput(time: sample.t - start, event: event)
                    }
                    return .phone(
                        .gesture(
                            events: events, refreshRate: gesture.refreshRate,
                            screen: Size(width: gesture.width, height: gesture.height)))
                case .answer, .proceed, .released: return nil  // a blind test's (`BlindServe`)
                }
            }
    }

    /// The page's JSON for `update`.
    static func message(_ update: PhoneUpdate) -> String {
        let config = WebPage.config(
            scene: update.scene, sides: sides(update), geometry: update.geometry, editing: update.editing, live: true)
        return JSONValue.object(JSONObject([("sequence", .number(Double(update.sequence))), ("config", config)]))
            .serialized()
    }

    /// The scene a page is first made with: the update's when the page can show it, else the list
    /// (the first update then says which scene it cannot show).
    static func pageScene(_ scene: String) -> String { ExportCommand.scenes.contains(scene) ? scene : "list" }

    /// Each side with every value stated but the refresh rate (the phone's display sets it).
    static func sides(_ update: PhoneUpdate) -> [WebPage.Side] {
        update.sides.map { side in
            let keys = Set(side.feel.pairs.map(\.key)).subtracting(["refreshRate"])
            let label = update.sides.count == 1 ? side.title.replacingOccurrences(of: "A · ", with: "") : side.title
            return WebPage.Side(label: label, feel: side.feel, stated: keys)
        }
    }
}
