import Foundation
import Testing

@testable import PhoneServer

#if canImport(Glibc)
    import Glibc
#endif

/// The phone's server on 127.0.0.1 and a port the system picks: who gets the page, what is
/// refused, and that a flood (bounded in count and time) leaves it serving.
@Suite struct PhoneServerTests {
    static let page = "<!doctype html><title>feel</title><p>the page</p>"

    func server(_ limits: PhoneServer.Limits = PhoneServer.Limits()) throws -> PhoneServer {
        try PhoneServer(host: "127.0.0.1", port: 0, page: Self.page, limits: limits)
    }

    @Test func thePageIsServedOnlyUnderItsToken() throws {
        let server = try server()
        defer { server.stop() }
        #expect(server.token.count == 32)
        let hex = server.token.allSatisfy { $0.isHexDigit }
        #expect(hex)
        let ok = try Client.exchange(server.port, "GET /\(server.token)/ HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(ok.hasPrefix("HTTP/1.1 200 OK"))
        #expect(ok.hasSuffix(Self.page))
        // With the query a phone's browser may add, still the page.
        #expect(
            try Client.exchange(server.port, "GET /\(server.token)/?x=1 HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 200"))
        let wrong = String(server.token.reversed())
        for path in [
            "/", "/\(wrong)/", "/\(server.token)", "/\(server.token.dropLast())/", "/x/\(server.token)/",
            "/\(server.token)/../etc/passwd", "/\(server.token)%2F/", "/\(server.token.uppercased())/"
        ] where path != "/\(server.token)/" {
            let answer = try Client.exchange(server.port, "GET \(path) HTTP/1.1\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 403 Forbidden"), "\(path): \(answer.prefix(40))")
            #expect(!answer.contains("the page"))
        }
        // The token, but not one of the page's own files.
        for path in ["favicon.ico", "core.js", "page.html", "message"] {
            let answer = try Client.exchange(server.port, "GET /\(server.token)/\(path) HTTP/1.1\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 404"), "\(path): \(answer.prefix(40))")
        }
        #expect(try Client.exchange(server.port, "DELETE /\(server.token)/ HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 405"))
        #expect(try Client.exchange(server.port, "garbage\r\n\r\n").hasPrefix("HTTP/1.1 400"))
        let refused = server.refused
        #expect(refused.forbidden == 8)
        #expect(refused.notFound == 4)
    }

    @Test func oversizedHeadersAndMessagesAreRefused() throws {
        var limits = PhoneServer.Limits()
        limits.header = 1024
        limits.body = 2048
        let server = try server(limits)
        defer { server.stop() }
        let long = String(repeating: "a", count: 1500)
        let header = try Client.exchange(server.port, "GET /\(server.token)/ HTTP/1.1\r\nX-Long: \(long)\r\n\r\n")
        #expect(header.hasPrefix("HTTP/1.1 431"))
        // A body declared too long is refused before it is read.
        let declared = try Client.exchange(
            server.port, "POST /\(server.token)/message HTTP/1.1\r\nContent-Length: 2049\r\n\r\n{}")
        #expect(declared.hasPrefix("HTTP/1.1 413"))
        // At the limit: read whole, and a message.
        let ack = #"{"ack": 7}"# + String(repeating: " ", count: 2048 - 10)
        let fits = try Client.exchange(
            server.port, "POST /\(server.token)/message HTTP/1.1\r\nContent-Length: 2048\r\n\r\n\(ack)")
        #expect(fits.hasPrefix("HTTP/1.1 204"))
        #expect(server.takeMessages() == [.acknowledged(sequence: 7, shown: true, note: nil)])
        // Not a message: refused, nothing taken.
        for body in ["{", #"{"ack": -1}"#, #"{"ack": 1.5}"#, #"{"ack": "1"}"#, "[1]", #"{"other": 1}"#] {
            let answer = try Client.exchange(
                server.port,
                "POST /\(server.token)/message HTTP/1.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(body)")
        }
        #expect(server.takeMessages().isEmpty)
        #expect(server.refused.tooLarge == 2)
    }

    @Test func aFloodOfConnectionsIsRefusedAndTheServerGoesOn() throws {
        var limits = PhoneServer.Limits()
        limits.connections = 8
        limits.requestSeconds = 1
        let server = try server(limits)
        defer { server.stop() }
        // 40 connections that say nothing, at once: at most 8 are held, the rest answered 503.
        var held: [Int32] = []
        defer { for fd in held { close(fd) } }
        for _ in 0..<40 { held.append(try Client.connect(server.port)) }
        var busy = 0
        for fd in held {
            let answer = Client.read(fd)
            if answer.hasPrefix("HTTP/1.1 503") { busy += 1 }
        }
        // The 8 held ones are answered 408 once they took longer than a second.
        #expect(busy == 32)
        #expect(server.refused.busy == 32)
        #expect(server.refused.timedOut == 8)
        for fd in held { close(fd) }
        held.removeAll()
        let after = try Client.exchange(server.port, "GET /\(server.token)/ HTTP/1.1\r\n\r\n")
        #expect(after.hasPrefix("HTTP/1.1 200"))
    }

    @Test func changesStreamToThePageAndItsAnswersComeBack() throws {
        let woken = Counter()
        let server = try PhoneServer(host: "127.0.0.1", page: Self.page, onMessage: { woken.add() })
        defer { server.stop() }
        server.publish(#"{"sequence": 1}"#)
        let stream = try Client.connect(server.port)
        try Client.send(stream, "GET /\(server.token)/events HTTP/1.1\r\n\r\n")
        // The latest state at once, then each new one.
        var text = Client.read(stream, until: "\n\n")
        #expect(text.contains("Content-Type: text/event-stream"))
        #expect(text.hasSuffix("data: {\"sequence\": 1}\n\n"))
        server.publish("{\"sequence\": 2,\n\"x\": 1}")
        text = Client.read(stream, until: "\n\n")
        #expect(text == "data: {\"sequence\": 2, \"x\": 1}\n\n")
        let body = #"{"ack": 2, "shown": false, "note": "no such scene"}"#
        let answer = try Client.exchange(
            server.port, "POST /\(server.token)/message HTTP/1.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(answer.hasPrefix("HTTP/1.1 204"))
        #expect(server.takeMessages() == [.acknowledged(sequence: 2, shown: false, note: "no such scene")])
        #expect(server.takeMessages().isEmpty)
        // Woken for the stream that opened and for the message.
        #expect(woken.value == 2)
        #expect(server.pagesConnected == 1)
        // The page closed: no longer counted, and the window is woken to say so.
        close(stream)
        for _ in 0..<400 where server.pagesConnected != 0 { usleep(5_000) }
        #expect(server.pagesConnected == 0)
        #expect(woken.value == 3)
    }

    @Test func streamsAreBoundedToo() throws {
        var limits = PhoneServer.Limits()
        limits.streams = 2
        let server = try server(limits)
        defer { server.stop() }
        var streams: [Int32] = []
        defer { for fd in streams { close(fd) } }
        for _ in 0..<2 {
            let fd = try Client.connect(server.port)
            streams.append(fd)
            try Client.send(fd, "GET /\(server.token)/events HTTP/1.1\r\n\r\n")
            #expect(Client.read(fd, until: "\r\n\r\n").hasPrefix("HTTP/1.1 200"))
        }
        #expect(
            try Client.exchange(server.port, "GET /\(server.token)/events HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 503"))
        // One closes: its place is free again.
        close(streams.removeLast())
        var reopened = ""
        for _ in 0..<50 where !reopened.hasPrefix("HTTP/1.1 200") {
            usleep(20000)
            let fd = try Client.connect(server.port)
            try Client.send(fd, "GET /\(server.token)/events HTTP/1.1\r\n\r\n")
            reopened = Client.read(fd, until: "\r\n\r\n")
            streams.append(fd)
        }
        #expect(reopened.hasPrefix("HTTP/1.1 200"))
    }

    @Test func stoppingClosesTheListeningSocket() throws {
        let server = try server()
        let port = server.port
        server.stop()
        #expect(throws: (any Error).self) { try Client.exchange(port, "GET / HTTP/1.1\r\n\r\n") }
    }

    @Test(arguments: [
        "http://192.168.1.20:50123/0123456789abcdef0123456789abcdef/",
        "http://127.0.0.1:1/\(PhoneServer.makeToken())/", "x"
    ])
    func theQRCodeDecodesToExactlyTheAddress(_ url: String) throws {
        let code = try #require(QRCode(url))
        #expect(code.size >= 21 && (code.size - 17) % 4 == 0)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).pbm").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try code.pbm(scale: 4).write(toFile: path, atomically: true, encoding: .utf8)
        let decoded = try Client.run("/usr/bin/zbarimg", ["--raw", "-q", path])
        #expect(decoded == url + "\n")
    }

    @Test func aBlindTestsMessagesAreParsedAndBounded() {
        func message(_ text: String) -> PhoneMessage? { PhoneMessage(json: Array(text.utf8)) }
        #expect(message(#"{"answer": "A"}"#) == .answer("A"))
        #expect(message(#"{"answer": "different"}"#) == .answer("different"))
        #expect(message(#"{"proceed": true}"#) == .proceed)
        #expect(message(#"{"released": -1834.5}"#) == .released(-1834.5))
        for refused in [
            #"{"answer": ""}"#, #"{"answer": "\#(String(repeating: "a", count: 21))"}"#, #"{"answer": 1}"#,
            #"{"proceed": false}"#, #"{"released": 1e7}"#, #"{"released": "fast"}"#
        ] {
            #expect(message(refused) == nil, "\(refused)")
        }
    }

    @Test func noCodeForNothingOrTooMuch() {
        #expect(QRCode("") == nil)
        #expect(QRCode(String(repeating: "x", count: 5000)) == nil)
    }

    @Test func theAddressIsNotALoopback() {
        if let address = PhoneServer.localAddress() {
            #expect(!address.hasPrefix("127."))
            #expect(address.split(separator: ".").count == 4)
        }
    }
}

/// Counts calls from another thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// A plain TCP client on 127.0.0.1, every read bounded by a timeout.
enum Client {
    struct Failure: Error { var reason: String }

    static func connect(_ port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw Failure(reason: "connect: \(String(cString: strerror(errno)))")
        }
        return fd
    }

    static func send(_ fd: Int32, _ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(reason: "send") }
            sent += n
        }
    }

    /// Reads until the peer closes, `marker` ends what was read, or 3 s pass without data.
    static func read(_ fd: Int32, until marker: String? = nil) -> String {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { break }
            data += buffer[0..<n]
            if let marker, String(decoding: data, as: UTF8.self).hasSuffix(marker) { break }
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func exchange(_ port: UInt16, _ request: String) throws -> String {
        let fd = try connect(port)
        defer { close(fd) }
        try send(fd, request)
        return read(fd)
    }

    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
