import Formats

/// What the phone's page sends back (one JSON object per POST to `…/TOKEN/message`).
package enum PhoneMessage: Equatable, Sendable {
    /// `{"ack": N, "shown": true|false, "note": "…"}`: the page applied change `N` (shown), or
    /// could not show it and kept its last scene (`note` says why).
    case acknowledged(sequence: Int, shown: Bool, note: String?)
    /// `{"gesture": {"samples": [{"t", "type", "x", "y"}], "refreshRate", "width", "height"}}`:
    /// a gesture made on the page, its raw touch samples with their timestamps (s).
    case gesture(PhoneGesture)
    /// A blind test's answer, by its id (`{"answer": "A"}`; `BlindAnswer`'s raw values).
    case answer(String)
    /// `{"proceed": true}`: after a practice trial's feedback, on to the next trial.
    case proceed
    /// `{"released": v}`: a flick on a blind test's phone was released at `v` pt/s.
    case released(Double)

    /// The message in `json`, or nil when it is not one (not JSON, another shape, a number out
    /// of range or not finite).
    package init?(json: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes: json), case .object(let object) = value else { return nil }
        if let ack = object["ack"] {
            guard case .number(let number) = ack, number.isFinite, number >= 0, number < 1e15,
                number == number.rounded()
            else { return nil }
            var shown = true
            if let flag = object["shown"] {
                guard case .bool(let value) = flag else { return nil }
                shown = value
            }
            var note: String?
            if case .string(let text)? = object["note"] { note = String(text.prefix(200)) }
            self = .acknowledged(sequence: Int(number), shown: shown, note: note)
            return
        }
        if case .object(let gesture)? = object["gesture"], let parsed = PhoneGesture(gesture) {
            self = .gesture(parsed)
            return
        }
        if case .string(let answer)? = object["answer"], (1...20).contains(answer.count) {
            self = .answer(answer)
            return
        }
        if case .bool(true)? = object["proceed"] {
            self = .proceed
            return
        }
        if case .number(let speed)? = object["released"], speed.isFinite, abs(speed) < 1e6 {
            self = .released(speed)
            return
        }
        return nil
    }
}

/// A gesture made on the phone: its samples (the page's clock, s; points within its screen)
/// and the display it was made on.
package struct PhoneGesture: Equatable, Sendable {
    package enum Kind: String, Sendable { case down, move, up }
    package struct Sample: Equatable, Sendable {
        package var t: Double
        package var kind: Kind
        package var x: Double
        package var y: Double
        package init(t: Double, kind: Kind, x: Double, y: Double) {
            self.t = t
            self.kind = kind
            self.x = x
            self.y = y
        }
    }
    package var samples: [Sample]
    /// The display's refresh rate the page measured, Hz.
    package var refreshRate: Double
    /// The page's screen, pt.
    package var width: Double
    package var height: Double

    /// At most this many samples (20 s of 1 kHz input).
    package static let maximumSamples = 20000

    init?(_ object: JSONObject) {
        func number(_ value: JSONValue?, in range: ClosedRange<Double>) -> Double? {
            guard case .number(let n)? = value, n.isFinite, range.contains(n) else { return nil }
            return n
        }
        guard case .array(let list)? = object["samples"], (2...Self.maximumSamples).contains(list.count),
            let rate = number(object["refreshRate"], in: 1...1000),
            let width = number(object["width"], in: 1...100_000),
            let height = number(object["height"], in: 1...100_000)
        else { return nil }
        var samples: [Sample] = []
        samples.reserveCapacity(list.count)
        for item in list {
            guard case .object(let entry) = item, case .string(let type)? = entry["type"],
                let kind = Kind(rawValue: type),
                let t = number(entry["t"], in: -1e9...1e9),
                let x = number(entry["x"], in: -1e6...1e6), let y = number(entry["y"], in: -1e6...1e6)
            else { return nil }
            // Samples in the order they happened: a page's clock never runs back.
            if let last = samples.last, t < last.t { return nil }
            samples.append(Sample(t: t, kind: kind, x: x, y: y))
        }
        guard samples.first?.kind == .down, samples.last?.kind == .up else { return nil }
        self.samples = samples
        refreshRate = rate
        self.width = width
        self.height = height
    }
}
