/// A recorded trajectory for `scrollab fit`: CSV with a header naming at least `t` (s) and
/// `offset` (pt), and `finger` (pt along the axis) for drags. Other columns are ignored, so a
/// trace written by `scrollab replay` or `play --trace` can be fitted as it is (its `phase`
/// column, when present, marks the rows that were still dragged).
public struct FitTrace: Equatable, Sendable {
    public struct Sample: Equatable, Sendable {
        public var t: Double
        public var offset: Double
        public var finger: Double?
        /// ScrollLab's own traces name the phase; rows while dragging are not free motion.
        public var dragging = false
        /// How sure the tracker was of the row (0–1; a track's `confidence` column), when known.
        public var confidence: Double?

        public init(
            t: Double, offset: Double, finger: Double? = nil, dragging: Bool = false, confidence: Double? = nil
        ) {
            self.t = t
            self.offset = offset
            self.finger = finger
            self.dragging = dragging
            self.confidence = confidence
        }
    }

    public var samples: [Sample]
    public var hasFinger: Bool { samples.contains { $0.finger != nil } }

    public init(samples: [Sample]) { self.samples = samples }

    /// Parses CSV text. Errors name the file, the row (line number, the header being row 1) and
    /// the column. A later header row starts a new section with its own columns (the window's
    /// `--trace` writes one when the scene or A/B changes); the sections' rows are read as one.
    public static func parse(_ text: String, file: String) throws(InputError) -> FitTrace {
        // "\r\n" is one Character in Swift: Windows line ends are split on as such.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map {
            line -> Substring in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
        while let last = lines.last, last.trimmingSpaces.isEmpty { lines.removeLast() }
        guard let headerLine = lines.first, !headerLine.trimmingSpaces.isEmpty else {
            throw InputError("\(file): row 1: empty; expected a header such as t,offset or t,offset,finger")
        }
        var header = headerLine.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0.trimmingSpaces)
        }
        func columns(row: Int) throws(InputError) -> (
            t: Int, offset: Int, finger: Int?, phase: Int?, confidence: Int?
        ) {
            guard let t = header.firstIndex(of: "t") else {
                throw InputError(
                    "\(file): row \(row): no column named \"t\" (the header is \(Self.shown(header)); expected "
                        + "t,offset[,finger])"
                )
            }
            guard let offset = header.firstIndex(of: "offset") else {
                throw InputError(
                    "\(file): row \(row): no column named \"offset\" (the header is \(Self.shown(header)); expected "
                        + "t,offset[,finger])"
                )
            }
            return (
                t, offset, header.firstIndex(of: "finger"), header.firstIndex(of: "phase"),
                header.firstIndex(of: "confidence")
            )
        }
        var (tColumn, offsetColumn, fingerColumn, phaseColumn, confidenceColumn) = try columns(row: 1)
        var samples: [Sample] = []
        for (index, line) in lines.enumerated().dropFirst() {
            let row = index + 1
            if line.trimmingSpaces.isEmpty { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingSpaces) }
            if fields.contains("t") {
                // A new section's header.
                header = fields
                (tColumn, offsetColumn, fingerColumn, phaseColumn, confidenceColumn) = try columns(row: row)
                continue
            }
            func number(_ column: Int, required: Bool) throws(InputError) -> Double? {
                let name = header[column]
                guard column < fields.count else {
                    throw InputError(
                        "\(file): row \(row), column \(column + 1) \"\(name)\": missing (the row has \(fields.count) "
                            + "fields)"
                    )
                }
                let text = fields[column]
                if text.isEmpty && !required { return nil }
                guard Self.isDecimal(text), let value = Double(text), value.isFinite else {
                    throw InputError(
                        "\(file): row \(row), column \(column + 1) \"\(name)\": \"\(text.prefix(40))\" is not a "
                            + "finite number"
                    )
                }
                let limit = column == tColumn ? Self.maximumTime : Self.maximumDistance
                guard abs(value) <= limit else {
                    throw InputError(
                        "\(file): row \(row), column \(column + 1) \"\(name)\": \(text.prefix(40)) is out of range "
                            + "\(column == tColumn ? "[-1e10, 1e10] s" : "[-1e9, 1e9] pt")"
                    )
                }
                return value
            }
            let t = try number(tColumn, required: true)!
            let offset = try number(offsetColumn, required: true)!
            let finger = try fingerColumn.flatMap { column throws(InputError) in try number(column, required: false) }
            if let previous = samples.last, t < previous.t {
                throw InputError(
                    "\(file): row \(row), column \(tColumn + 1) \"t\": \(t) is before the previous row's "
                        + "\(previous.t); times must not decrease"
                )
            }
            let dragging = phaseColumn.map { $0 < fields.count && fields[$0] == "dragging" } ?? false
            let confidence = try confidenceColumn.flatMap { column throws(InputError) in
                try number(column, required: false)
            }
            samples.append(Sample(t: t, offset: offset, finger: finger, dragging: dragging, confidence: confidence))
        }
        guard samples.count >= 4 else {
            throw InputError("\(file): \(samples.count) data rows; at least 4 are needed to fit")
        }
        guard samples.last!.t > samples[0].t else {
            throw InputError("\(file): every row has t = \(samples[0].t); a trajectory needs rows at different times")
        }
        return FitTrace(samples: samples)
    }

    /// The largest |t| (s) read: 10¹⁰ s (over 300 years, so clock timestamps in seconds fit).
    public static let maximumTime = 1e10
    /// The largest |offset| and |finger| (pt) read: 10⁹ pt, the longest content a scene takes.
    public static let maximumDistance = 1e9

    /// A decimal number as CSV writes it (digits, a point, an exponent): not "0x10", "nan" or "inf".
    static func isDecimal(_ text: String) -> Bool {
        text.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D || $0 == 0x65 || $0 == 0x45
        }
    }

    /// A header as shown in a message: at most 80 characters of it.
    static func shown(_ header: [String]) -> String {
        let text = header.joined(separator: ",")
        return text.count > 80 ? String(text.prefix(80)) + "…" : text
    }

    /// Index of the row where a return recording lets go: the last row of the still stretch
    /// farthest from where it ends.
    public static func holdEnd(_ samples: [Sample]) -> Int {
        guard let end = samples.last?.offset else { return 0 }
        return plateauEnd(samples, end: end)
    }

    /// Index of the last row of the still stretch farthest from `end` (the release of a held
    /// pull), at most the 4th row from the end.
    public static func plateauEnd(_ samples: [Sample], end: Double) -> Int {
        let distances = samples.map { abs($0.offset - end) }
        guard let farthest = distances.max() else { return 0 }
        var index = distances.firstIndex(of: farthest)!
        while index + 1 < samples.count, abs(samples[index + 1].offset - samples[index].offset) <= 0.05 { index += 1 }
        return min(index, max(0, samples.count - 4))
    }

    /// A number in a message or a plot: up to 6 significant digits, no exponent for everyday sizes.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if value != 0, abs(value) < 1e-3 || abs(value) >= 1e7 { return String(format: "%.4g", value) }
        let text = String(format: "%.6g", value)
        return text
    }

}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let first = s.first, first == " " || first == "\t" { s.removeFirst() }
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return s
    }
}
