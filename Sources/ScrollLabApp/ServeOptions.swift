import ArgumentParser
import Foundation
import Formats

/// `--serve`, `--serve-address`, `--serve-port`: the phone's page served (`play`, `blind`).
struct ServeOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Serve to a phone on the local network: play serves the feel being tuned (as the panel's Phone button "
                + "does; every change reaches the page), blind runs the trials on the phone with no window; the "
                + "address holds a random token and comes with its QR code."))
    var serve = false

    @Option(
        name: .customLong("serve-address"),
        help: "--serve: the IPv4 address to listen on (default 0.0.0.0, every interface; 127.0.0.1: this machine only)."
    )
    var address = "0.0.0.0"

    enum Port: WholeLimits { static let flag = "--serve-port", range = 0...65535 }

    @Option(
        name: .customLong("serve-port"), parsing: .unconditional,
        help: Port.help("--serve: the port to listen on (0: one the system picks)"))
    var port = Whole<Port>("0")

    /// The address and port, checked.
    func parsed() throws(InputError) -> (address: String, port: UInt16) {
        var raw = in_addr()
        guard inet_pton(AF_INET, address, &raw) == 1 else {
            throw InputError("--serve-address: \"\(address)\" is not an IPv4 address such as 0.0.0.0 or 127.0.0.1")
        }
        return (address, UInt16(try port.value()))
    }
}
