import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The phone's server: serves one page (the exported page of the feel being tuned) on the local
/// network to whoever has its token, streams every change to it (server-sent events, one
/// `data:` line of JSON each), and takes what the page sends back (acknowledgements, gestures,
/// answers) as `PhoneMessage`s for the window to drain once a frame.
///
/// Plain POSIX sockets and one thread of its own around `poll(2)`: nothing it does waits on the
/// window, and nothing the window does waits on it (`publish` and `takeMessages` only take a
/// lock). Every resource is bounded (`Limits`): connections, streams, a request's header and
/// body, what waits to be sent to a page that does not read, and how long a request may take.
///
/// Addresses: `http://HOST:PORT/TOKEN/` is the page, `…/TOKEN/events` the stream,
/// `…/TOKEN/message` (POST, JSON) what the page sends. A path without the token: 403; the
/// token and any other path: 404; a header or body over its limit: 431 or 413; one connection
/// past the limit: 503.
package final class PhoneServer: @unchecked Sendable {
    package struct Limits: Sendable {
        /// Open connections at once, streams included; one more is answered 503 and closed.
        package var connections = 24
        /// Pages listening to the stream at once.
        package var streams = 4
        /// A request's line and headers, bytes.
        package var header = 8192
        /// A POSTed message, bytes (a gesture of a few seconds at 120 Hz is under 40 kB).
        package var body = 256 * 1024
        /// Bytes waiting for a page that does not read its stream, before it is dropped.
        package var backlog = 4 << 20
        /// Seconds a request may take to arrive whole.
        package var requestSeconds = 10.0
        package init() {}
    }

    package enum StartError: Error, CustomStringConvertible {
        case socket(String)
        package var description: String {
            switch self {
            case .socket(let reason): return reason
            }
        }
    }

    /// What the server has refused, by reason (for the tests and the panel).
    package struct Refusals: Equatable, Sendable {
        package var forbidden = 0, notFound = 0, tooLarge = 0, busy = 0, timedOut = 0, badRequest = 0
        package init() {}
    }

    package let token: String
    /// The port it listens on (the one asked for, or the one the system chose for 0).
    package let port: UInt16
    /// The address it is bound to ("0.0.0.0": every interface).
    package let host: String

    private let limits: Limits
    private let listener: Int32
    private let wakeRead: Int32, wakeWrite: Int32
    private let lock = NSLock()
    private var page: [UInt8]
    private var latest: [UInt8]?
    private var pendingEvents: [[UInt8]] = []
    private var inbox: [PhoneMessage] = []
    private var streams = 0
    private var refusals = Refusals()
    private var stopping = false
    private var finished = false
    private let onMessage: @Sendable () -> Void
    private var thread: Thread?

    /// Listens on `host`:`port` (0: any free port) and serves `page` (HTML) at the token's path.
    /// `onMessage` is called on the server's thread when a message arrives (to wake the window).
    package init(
        host: String, port: UInt16 = 0, page: String, token: String = PhoneServer.makeToken(),
        limits: Limits = Limits(), onMessage: @escaping @Sendable () -> Void = {}
    ) throws(StartError) {
        self.token = token
        self.limits = limits
        self.host = host
        self.page = Array(page.utf8)
        self.onMessage = onMessage
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .socket("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(fd)
            throw .socket("\(host): not an IPv4 address")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .socket("cannot listen on \(host):\(port): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = UInt16(bigEndian: actual.sin_port)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(fd)
            throw .socket("pipe: \(String(cString: strerror(errno)))")
        }
        (wakeRead, wakeWrite) = (pipeEnds[0], pipeEnds[1])
        listener = fd
        for descriptor in [fd, wakeRead, wakeWrite] { Self.setNonBlocking(descriptor) }
        let thread = Thread { [self] in self.loop() }
        thread.name = "phone server"
        self.thread = thread
        thread.start()
    }

    deinit { stop() }

    /// 128 random bits as 32 hexadecimal digits (the system's generator: `getrandom(2)`).
    package static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - word.count) + word
        }.joined()
    }

    /// The page's address as a phone opens it, on `address` (an IPv4 address of this machine).
    package func url(on address: String) -> String { "http://\(address):\(port)/\(token)/" }

    /// Sends `json` (one line) to every page listening, and to each that connects later until
    /// the next one: the page's state, not a diff.
    package func publish(_ json: String) {
        let event = Array("data: \(json.replacingOccurrences(of: "\n", with: " "))\n\n".utf8)
        lock.lock()
        latest = event
        pendingEvents.append(event)
        lock.unlock()
        poke()
    }

    /// A new page for clients that load it from now on (the scene changed its template's data).
    package func replacePage(_ html: String) {
        lock.lock()
        page = Array(html.utf8)
        lock.unlock()
    }

    /// How many pages hold an event stream open now (a closed tab, a phone gone out of reach: no
    /// longer counted once its connection closes).
    package var pagesConnected: Int {
        lock.lock()
        defer { lock.unlock() }
        return streams
    }

    /// What arrived since the last call, oldest first.
    package func takeMessages() -> [PhoneMessage] {
        lock.lock()
        defer { lock.unlock() }
        let taken = inbox
        inbox.removeAll()
        return taken
    }

    package var refused: Refusals {
        lock.lock()
        defer { lock.unlock() }
        return refusals
    }

    /// Closes every connection and the listening socket; returns once the thread has ended (at
    /// most a poll interval).
    package func stop() {
        lock.lock()
        let already = stopping
        stopping = true
        lock.unlock()
        guard !already else { return }
        poke()
        while true {
            lock.lock()
            let done = finished
            lock.unlock()
            if done { break }
            usleep(1000)
        }
        close(wakeRead)
        close(wakeWrite)
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    private static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: The server's thread

    private struct Client {
        var fd: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        var opened: Double
        var isStream = false
        /// Close once `output` is sent (a plain response).
        var closing = false
        var closed = false
    }

    private func loop() {
        var clients: [Client] = []
        while true {
            lock.lock()
            let stop = stopping
            let events = pendingEvents
            pendingEvents.removeAll()
            lock.unlock()
            if stop { break }
            if !events.isEmpty {
                for index in clients.indices where clients[index].isStream {
                    for event in events { clients[index].output += event }
                }
            }
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            fds.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            for client in clients {
                let wanted = Int16(POLLIN) | (client.output.isEmpty ? 0 : Int16(POLLOUT))
                fds.append(pollfd(fd: client.fd, events: wanted, revents: 0))
            }
            _ = poll(&fds, nfds_t(fds.count), 250)
            if fds[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 256)
                while read(wakeRead, &drain, drain.count) > 0 {}
            }
            let now = Self.now
            for index in clients.indices {
                let revents = fds[index + 2].revents
                if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { receive(&clients[index]) }
                if !clients[index].output.isEmpty { send(&clients[index]) }
                if !clients[index].isStream, !clients[index].closing,
                    now - clients[index].opened > limits.requestSeconds
                {
                    count(\.timedOut)
                    respond(&clients[index], status: "408 Request Timeout", body: "too slow\n")
                    send(&clients[index])
                    clients[index].closed = true
                }
                if clients[index].output.count > limits.backlog { clients[index].closed = true }
                if clients[index].closing, clients[index].output.isEmpty { clients[index].closed = true }
            }
            for client in clients where client.closed {
                closed(client)
                close(client.fd)
            }
            clients.removeAll { $0.closed }
            if fds[0].revents & Int16(POLLIN) != 0 { accept(into: &clients, at: now) }
            // A page opening or closing its stream changes what the window says: it is woken.
            let open = clients.filter(\.isStream).count
            lock.lock()
            let changed = open != streams
            streams = open
            lock.unlock()
            if changed { onMessage() }
        }
        for client in clients { close(client.fd) }
        close(listener)
        lock.lock()
        finished = true
        lock.unlock()
    }

    private func count(_ reason: WritableKeyPath<Refusals, Int>) {
        lock.lock()
        refusals[keyPath: reason] += 1
        lock.unlock()
    }

    private func accept(into clients: inout [Client], at now: Double) {
        // At most a batch a turn, so a flood cannot hold the loop.
        for _ in 0..<64 {
            let fd = Glibc.accept(listener, nil, nil)
            guard fd >= 0 else { return }
            Self.setNonBlocking(fd)
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            guard clients.count < limits.connections else {
                count(\.busy)
                let answer = Array(
                    "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n".utf8)
                _ = answer.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(fd)
                continue
            }
            clients.append(Client(fd: fd, opened: now))
        }
    }

    private func receive(_ client: inout Client) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let got = recv(client.fd, &buffer, buffer.count, 0)
            if got == 0 {
                client.closed = true
                return
            }
            if got < 0 {
                if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { client.closed = true }
                break
            }
            // A stream's page sends nothing more; a plain request is read until it is whole.
            guard !client.isStream, !client.closing else { continue }
            client.input += buffer[0..<got]
            if client.input.count > limits.header + limits.body { break }
        }
        guard !client.isStream, !client.closing, !client.closed else { return }
        handle(&client)
    }

    private func send(_ client: inout Client) {
        while !client.output.isEmpty {
            let sent = client.output.withUnsafeBytes {
                Glibc.send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                client.output.removeFirst(sent)
            } else {
                if sent < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { client.closed = true }
                return
            }
        }
    }

    private func respond(
        _ client: inout Client, status: String, type: String = "text/plain; charset=utf-8", body: String
    ) {
        respond(&client, status: status, type: type, bytes: Array(body.utf8))
    }

    private func respond(_ client: inout Client, status: String, type: String, bytes: [UInt8]) {
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(bytes.count)\r\n"
            + "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nX-Content-Type-Options: nosniff\r\n"
            + "Connection: close\r\n\r\n"
        client.output += Array(head.utf8) + bytes
        client.closing = true
        client.input.removeAll()
    }

    /// Answers the request in `client.input` once it is whole (or refuses it once it cannot be).
    private func handle(_ client: inout Client) {
        let terminator: [UInt8] = [13, 10, 13, 10]
        guard let end = Self.find(terminator, in: client.input, limit: limits.header + 4) else {
            if client.input.count > limits.header {
                count(\.tooLarge)
                respond(&client, status: "431 Request Header Fields Too Large", body: "header too large\n")
            }
            return
        }
        let head = String(decoding: client.input[0..<end], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else {
            count(\.badRequest)
            respond(&client, status: "400 Bad Request", body: "bad request\n")
            return
        }
        let method = String(parts[0])
        let target = parts[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let segments = target.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // "/TOKEN/rest": segments "", TOKEN, rest.
        guard segments.count == 3, segments[0].isEmpty, Self.same(segments[1], token) else {
            count(\.forbidden)
            respond(&client, status: "403 Forbidden", body: "forbidden\n")
            return
        }
        switch (method, segments[2]) {
        case ("GET", ""):
            lock.lock()
            let html = page
            lock.unlock()
            respond(&client, status: "200 OK", type: "text/html; charset=utf-8", bytes: html)
        case ("GET", "events"):
            openStream(&client)
        case ("POST", "message"):
            var length = 0
            for line in lines.dropFirst() {
                let pair = line.split(separator: ":", maxSplits: 1)
                if pair.count == 2, pair[0].lowercased() == "content-length" {
                    length = Int(pair[1].trimmingCharacters(in: .whitespaces)) ?? -1
                }
            }
            guard length >= 0, length <= limits.body else {
                count(\.tooLarge)
                respond(&client, status: "413 Content Too Large", body: "message too large\n")
                return
            }
            let bodyStart = end + 4
            guard client.input.count - bodyStart >= length else { return }
            let body = Array(client.input[bodyStart..<(bodyStart + length)])
            guard let message = PhoneMessage(json: body) else {
                count(\.badRequest)
                respond(&client, status: "400 Bad Request", body: "not a message\n")
                return
            }
            lock.lock()
            inbox.append(message)
            // A page that floods is heard to a point: the oldest messages go first.
            if inbox.count > 4096 { inbox.removeFirst(inbox.count - 4096) }
            lock.unlock()
            onMessage()
            respond(&client, status: "204 No Content", body: "")
        case ("GET", _), ("POST", _):
            count(\.notFound)
            respond(&client, status: "404 Not Found", body: "not found\n")
        default:
            count(\.badRequest)
            respond(&client, status: "405 Method Not Allowed", body: "method not allowed\n")
        }
    }

    private var streamCount = 0

    private func openStream(_ client: inout Client) {
        guard streamCount < limits.streams else {
            count(\.busy)
            respond(&client, status: "503 Service Unavailable", body: "too many pages\n")
            return
        }
        streamCount += 1
        client.isStream = true
        client.input.removeAll()
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
            + "X-Accel-Buffering: no\r\n\r\n"
        client.output += Array(head.utf8)
        lock.lock()
        if let latest { client.output += latest }
        lock.unlock()
    }

    /// The page stream's count goes down as its connection closes.
    private func closed(_ client: Client) {
        if client.isStream { streamCount -= 1 }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], limit: Int) -> Int? {
        let last = min(haystack.count, limit) - needle.count
        guard last >= 0 else { return nil }
        for start in 0...last where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }

    /// Compares in time independent of where they differ.
    private static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}

extension PhoneServer {
    /// This machine's first IPv4 address that is not a loopback one (what a phone on the same
    /// network reaches it at), else nil.
    package static func localAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var item: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = item {
            defer { item = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                entry.pointee.ifa_flags & UInt32(IFF_UP) != 0,
                entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let ok = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var raw = inet.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil
            }
            if ok { return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        return nil
    }
}
