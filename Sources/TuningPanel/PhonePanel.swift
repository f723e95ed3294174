import ImGuiBridge
import Playground

extension TuningPanel {
    /// The serve button's label (its own: a button labelled as its section header would share
    /// the header's identity in Dear ImGui, and a click on it would do nothing).
    static let serveLabel = "Serve to phone"

    /// The phone: a button that serves the page of the feel being tuned (or stops it), its
    /// address with the token, its QR code, and what the page acknowledged.
    func phone(_ state: PanelState, into requests: inout [SessionRequest]) {
        guard let link = state.phone else {
            if Gui.button(Self.serveLabel) { requests.append(.phone(.serve(true))) }
            Gui.help(
                "Serves this feel to a phone on the same network: open the address (or scan the code) and flick. "
                    + "Every change here reaches the page at once. The address holds a random token; without it the "
                    + "server answers 403.")
            return
        }
        if Gui.button("Stop serving") { requests.append(.phone(.serve(false))) }
        if case let .serving(url, qr) = link.status {
            Gui.text(url)
            if let qr {
                // Whole points a module (at most 4), the quiet zone included, within the panel.
                let pixels = min(4, max(1, (Gui.availableWidth / Float(qr.size + 8)).rounded(.down)))
                let modules = qr.modules.map { UInt8($0 ? 1 : 0) }
                slgui_qr(modules, Int32(qr.size), pixels)
                Gui.noteLast("phone QR")
            }
        }
        Gui.disabled(link.line)
    }
}
