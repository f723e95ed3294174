import ArgumentParser
import Foundation
import Platform
import Media
import SafeOutput
import Formats
import Fitting
import ScrollPhysics
import Tracking

struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Fit the model's parameters to a recorded trajectory (CSV t,offset[,finger]) by least squares.",
        discussion: """
            Kinds: glide (decelerationRate, decelerationPower), drag (rubberBandCoefficient, rubberBandLimit; \
            needs a finger column, rows past the leading edge have offset < 0), return (a release from a \
            held overscroll: edgeDecay by UIKit's law, the default, or bounceDamping and edgeReturnRate with \
            --law spring), page (pageDamping), pipeline (a whole gesture: \
            the finger column's samples replayed through UIKit's pipeline, fitting decelerationRate, and \
            rubberBandCoefficient and edgeDecay when it goes past an edge; the finger lifts at the first row \
            without one), auto (decided from the data). \
            Prints each value with the residual (max and mean, pt). Use - for standard input. \
            With --video FILE instead of a CSV: the recording is tracked (as scrollab track does) and each \
            segment fitted (glides, page settles and returns), then every model (uikit, flutter-bouncing, \
            android, …) fitted to the longest glide, best first. A track's CSV (t,offset,confidence, as \
            scrollab track writes) is fitted the same way, segment by segment, and so is a t,offset CSV that \
            one model does not explain (rms residual over 1 % of the motion) when it holds a whole recording \
            (a rest, then a drag; or motions a rest apart), with --kind auto. Any other fit that leaves so \
            much unexplained says so in a warning line.
            """
    )

    @Argument(help: "CSV with a header naming t (s) and offset (pt), and finger (pt) for drags; - for standard input.")
    var csv: String?

    @Option(help: "A screen recording (MP4, MOV, GIF, WebM …) to track and fit, instead of a CSV.")
    var video: String?

    @OptionGroup var tracking: TrackOptions

    @Option(help: "What the trajectory holds: glide, drag, return, page or auto.")
    var kind = "auto"

    @Option(help: "Write the fitted values as a parameter file (JSON; the other keys keep their defaults).")
    var params: String?

    @Option(help: "Draw the data and the fitted curve to this PNG.")
    var plot: String?

    @Option(parsing: .unconditional, help: "pipeline: the view's length along the axis, pt (the rubber band's d).")
    var viewport = 844.0

    @Option(
        parsing: .unconditional,
        help: "pipeline: the largest offset, pt (content length minus the view's; default: no trailing edge).")
    var maxOffset: Double?

    @Option(
        help: ArgumentHelp(
            "The edge return a return is fitted with: uikit (UIScrollView's 0.99/ms decay, fitting edgeDecay) or "
                + "spring (the seed article's spring, fitting bounceDamping and edgeReturnRate).")
    )
    var law = "uikit"

    func run() throws {
        if let video {
            guard csv == nil else { throw InputError("give a CSV or --video, not both") }
            return try fitVideo(video)
        }
        guard let csv else { throw InputError("a CSV file (t,offset[,finger]) or --video FILE is needed") }
        if let flag = tracking.given.first { throw InputError("\(flag) applies to --video only") }
        guard let fitKind = FitKind(rawValue: kind) else {
            throw InputError(
                "--kind: \"\(kind)\" is not one of: \(FitKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        // The flags before the file: a bad value is found without reading anything.
        guard viewport.isFinite, viewport >= 1, viewport <= 100_000 else {
            throw InputError("--viewport: \(Fit.format(viewport)) is out of range; allowed range [1, 100000] pt")
        }
        if let maxOffset, !(maxOffset.isFinite && maxOffset >= 0 && maxOffset <= 1e9) {
            throw InputError("--max-offset: \(Fit.format(maxOffset)) is out of range; allowed range [0, 1000000000] pt")
        }
        let name = csv == "-" ? "standard input" : csv
        // A screen recording given where a CSV goes: say how to give it.
        if VideoFile.isVideo(csv) {
            throw InputError("\(csv): a screen recording; give it as --video \(csv) (the argument is a CSV)")
        }
        try checkOutputs(against: csv)
        let text = try TextFile.read(csv)  // standard input too: at most 64 MB
        let trace = try FitTrace.parse(text, file: name)
        guard let returnLaw = EdgeReturnLaw(rawValue: law) else {
            throw InputError(
                "--law: \"\(law)\" is not one of: \(EdgeReturnLaw.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if fitKind == .auto, Self.isTrack(text[...]) {
            // A tracked recording: its drag and rests are no free motion; each segment is fitted.
            // The track's own confidence column, so the plot marks the frames it was unsure of.
            let frames = trace.samples.map { TrackedFrame(t: $0.t, offset: $0.offset, confidence: $0.confidence ?? 1) }
            let track = Track(
                frames: frames, note: "\(name): a track (t,offset,confidence): each segment is fitted as what it is")
            return try fitSegments(of: track, from: csv, law: returnLaw)
        }
        let result: Fit.Result
        let geometry = Fit.Geometry(viewport: viewport, maxOffset: maxOffset)
        do { result = try Fit.run(trace, kind: fitKind, law: returnLaw, geometry: geometry) } catch {
            throw InputError("\(name): \(error.message)")
        }
        if fitKind == .auto, Fit.unexplained(result) != nil, var track = VideoFit.wholeRecording(trace) {
            // One model does not explain it, and it is a whole recording (a rest, then a drag; or
            // motions a rest apart): each segment is fitted as what it is.
            track.notes.insert(
                "\(name): a whole recording, not one motion (one \(result.kind.rawValue) leaves "
                    + String(format: "%.1f", Fit.rms(result.residuals)) + " pt rms): each segment is fitted as what "
                    + "it is", at: 0)
            // A plain t,offset CSV says nothing of confidence: the plot does not claim every row sure.
            return try fitSegments(of: track, from: csv, law: returnLaw, confidence: false)
        }
        var lines = result.notes
        lines.append("kind: \(result.kind.rawValue), \(result.points.count) rows")
        if let fittedLaw = result.returnLaw { lines.append("edgeReturn: \(fittedLaw.rawValue)  (edgeReturn)") }
        if let motion = result.pageMotion { lines.append("pageMotion: \(motion.rawValue)  (pageMotion)") }
        for value in result.values {
            let unit = value.unit.isEmpty ? "" : " " + value.unit
            lines.append(
                "\(value.name): \(Fit.format(value.value))\(unit)\(value.key == nil ? "" : "  (\(value.key!))")")
        }
        lines.append(
            "residual: max \(String(format: "%.3f", result.maximumResidual)) pt, mean "
                + "\(String(format: "%.3f", result.meanResidual)) pt"
        )
        let (parameters, clampNotes) = result.parameters()
        lines += clampNotes
        // Every output written before any is committed: one that fails leaves the others as they were.
        let outputs = OutputGroup()
        if let params {
            try outputs.add(fittedJSON(result, parameters), to: params, inputs: [csv])
            lines.append("wrote \(params)")
        }
        if let plot {
            let png: [UInt8]
            do {
                let title =
                    "scrollab fit --kind \(result.kind.rawValue) (\(result.points.count) rows): residual max "
                    + "\(String(format: "%.2f", result.maximumResidual)) pt, mean "
                    + "\(String(format: "%.2f", result.meanResidual)) pt"
                png = try FitPlot.image(result, title: title, fonts: try FontLibrary()).pngData()
            } catch let error as SDLError {
                throw InputError("\(error)")
            } catch {
                throw InputError("\(plot): cannot be drawn (\(error))")
            }
            try outputs.add(bytes: png, to: plot, inputs: [csv])
            lines.append("wrote \(plot)")
        }
        try outputs.commit()
        try Console.print(lines.joined(separator: "\n"))
    }

    /// The outputs, checked before any work: never the recording, never each other.
    private func checkOutputs(against input: String) throws(InputError) {
        let outputs = [("--params", params), ("--plot", plot)].compactMap { flag, path in
            path.map { (flag: flag, path: $0) }
        }
        do {
            try OutputFile.checkDistinct(outputs: outputs, inputs: [input])
            for output in outputs { _ = try OutputFile.plan(output.path, inputs: [input]) }
        } catch {
            throw InputError(error)
        }
    }

    /// `fit --video`: track, fit each segment, rank the models.
    private func fitVideo(_ video: String) throws {
        guard kind == "auto" else {
            throw InputError("--kind applies to a CSV; with --video each segment is fitted as what it is")
        }
        guard let returnLaw = EdgeReturnLaw(rawValue: law) else {
            throw InputError(
                "--law: \"\(law)\" is not one of: \(EdgeReturnLaw.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        try checkOutputs(against: video)
        let track = try TrackCommand.track(tracking, video: video)
        try fitSegments(of: track, from: video, law: returnLaw)
    }

    /// Whether a CSV is a track (`scrollab track`'s `t,offset,confidence`): a whole recording,
    /// drag and rests included, not one piece of motion.
    static func isTrack(_ text: Substring) -> Bool {
        let header = text.prefix { $0 != "\n" && $0 != "\r" }.lowercased()
        return header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains("confidence")
    }

    /// Fits each segment of `track` as what it is, ranks the models on its longest free motion,
    /// and prints (and writes) the result; `source` is the file it came from; `confidence`: whether
    /// the frames' confidence is known (a video's, a track's column), so the plot marks the unsure.
    private func fitSegments(
        of track: Track, from source: String, law returnLaw: EdgeReturnLaw, confidence: Bool = true
    ) throws {
        var track = track
        let video = source
        let report = VideoFit.fit(track, law: returnLaw)
        track.segments = report.segments
        var lines = track.notes
        lines.append("segments: " + TrackCommand.describe(track))
        var parameters = ScrollParameters()
        var fittedKeys: [String] = []
        for piece in report.pieces {
            let name = TrackCommand.describe(piece.segment, in: track)
            guard let result = piece.result else {
                lines.append("\(name): not fitted (\(piece.problem ?? ""))")
                continue
            }
            let values =
                result.values.filter { $0.key != nil }.map {
                    "\($0.name) \(Fit.format($0.value))\($0.unit.isEmpty ? "" : " " + $0.unit)"
                }
                + (result.pageMotion.map { ["pageMotion \($0.rawValue)"] } ?? [])
            lines.append(
                "\(name): \(values.joined(separator: ", ")); residual max "
                    + "\(String(format: "%.3f", result.maximumResidual)) pt, mean "
                    + "\(String(format: "%.3f", result.meanResidual)) pt"
            )
            let (next, notes) = result.parameters(over: parameters)
            parameters = next
            lines += (result.notes + notes).map { "  " + $0 }
            fittedKeys += result.fittedKeys
        }
        if let segment = report.modelSegment, !report.models.isEmpty {
            lines.append("models on the \(TrackCommand.describe(segment, in: track)), best first:")
            let best = report.models[0].rms
            let tied = report.models.filter { $0.rms <= best * 1.05 + 0.01 }.map(\.model)
            let travel = abs(track.frames[segment.last].offset - track.frames[segment.first].offset)
            if best > max(1, 0.01 * travel) {
                lines.append(
                    String(
                        format: "  none of them traces it closely (the best within %.2f pt rms over %.0f pt): it may "
                            + "not be one free glide", best, travel))
            } else if tied.count > 1 {
                lines.append(
                    "  \(tied.joined(separator: ", ")) fit it equally well (within 5 %): this motion alone cannot "
                        + "tell them apart"
                )
            }
            for (rank, model) in report.models.enumerated() {
                let values = model.values.map { "\($0.key) \(Fit.format($0.value))" }
                lines.append(
                    String(
                        format: "  %d. %@: %@v0 %.0f pt/s; residual rms %.3f pt, max %.3f pt", rank + 1, model.model,
                        values.isEmpty ? "" : values.joined(separator: ", ") + ", ", model.velocity, model.rms,
                        model.maximumResidual))
                if !model.unpinned.isEmpty {
                    lines.append(
                        "     \(model.unpinned.joined(separator: ", ")) left at the default: this glide does not pin "
                            + "\(model.unpinned.count == 1 ? "it" : "them") down (other values, with v0 fitted again, "
                            + "trace it within 1 %)")
                }
            }
        }
        guard !fittedKeys.isEmpty else {
            throw InputError(
                "\(video): nothing was fitted: a glide, a page settle or a return is needed (found "
                    + "\(TrackCommand.describe(track)))\(params == nil ? "" : "; --params was not written")")
        }
        let outputs = OutputGroup()
        if let params {
            try outputs.add(Self.json(parameters, keys: Set(fittedKeys)), to: params, inputs: [video])
            lines.append("wrote \(params)")
        }
        if let plot {
            let png: [UInt8]
            do {
                let name = video.split(separator: "/").last.map(String.init) ?? video
                png = try TrackPlot.image(
                    track,
                    title: video == csv
                        ? "scrollab fit \(name): \(track.frames.count) frames"
                        : "scrollab fit --video \(name): \(track.frames.count) frames along \(track.axis.rawValue)",
                    fits: report.pieces.compactMap(\.result), confidence: confidence, fonts: try FontLibrary()
                ).pngData()
            } catch let error as SDLError {
                throw InputError("\(error)")
            }
            try outputs.add(bytes: png, to: plot, inputs: [video])
            lines.append("wrote \(plot)")
        }
        try outputs.commit()
        lines = VideoDecoder.damageLast(lines)
        try Console.print(lines.joined(separator: "\n"))
    }

    /// Only the fitted keys, in the parameter file's order, with their clamped values.
    private func fittedJSON(_ result: Fit.Result, _ parameters: ScrollParameters) -> String {
        Self.json(parameters, keys: Set(result.fittedKeys))
    }

    static func json(_ parameters: ScrollParameters, keys fitted: Set<String>) -> String {
        let members = parameters.values.filter { fitted.contains($0.key) }.map {
            pair -> (key: String, value: JSONValue) in
            switch pair.value {
            case .number(let number): return (pair.key, .number(number))
            case .string(let name): return (pair.key, .string(name))
            default: return (pair.key, .null)
            }
        }
        return JSONValue.object(JSONObject(members)).serialized() + "\n"
    }
}
