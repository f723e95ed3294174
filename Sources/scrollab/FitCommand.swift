import ArgumentParser
import Foundation
import Platform
import Rendering
import SafeOutput
import ScrollLabKit
import ScrollPhysics

struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Fit the model's parameters to a recorded trajectory (CSV t,offset[,finger]) by least squares.",
        discussion: """
        Kinds: glide (decelerationRate, decelerationPower), drag (rubberBandCoefficient, rubberBandLimit; \
        needs a finger column, rows past the leading edge have offset < 0), return (bounceDamping, \
        edgeReturnRate: a release from a held overscroll), page (pageDamping), pipeline (a whole gesture: \
        the finger column's samples replayed through UIKit's pipeline, fitting decelerationRate, and \
        rubberBandCoefficient and edgeDecay when it goes past an edge; the finger lifts at the first row \
        without one), auto (decided from the data). \
        Prints each value with the residual (max and mean, pt). Use - for standard input.
        """
    )

    @Argument(help: "CSV with a header naming t (s) and offset (pt), and finger (pt) for drags; - for standard input.")
    var csv: String

    @Option(help: "What the trajectory holds: glide, drag, return, page or auto.")
    var kind = "auto"

    @Option(help: "Write the fitted values as a parameter file (JSON; the other keys keep their defaults).")
    var params: String?

    @Option(help: "Draw the data and the fitted curve to this PNG.")
    var plot: String?

    @Option(help: "pipeline: the view's length along the axis, pt (the rubber band's d).")
    var viewport = 844.0

    @Option(help: "pipeline: the largest offset, pt (content length minus the view's; default: no trailing edge).")
    var maxOffset: Double?

    @Option(help: "The edge return a return is fitted with: uikit (UIScrollView's 0.99/ms decay, fitting edgeDecay) or spring (the seed article's spring, fitting bounceDamping and edgeReturnRate).")
    var law = "uikit"

    func run() throws {
        guard let fitKind = FitKind(rawValue: kind) else {
            throw InputError("--kind: \"\(kind)\" is not one of: \(FitKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let name = csv == "-" ? "standard input" : csv
        // The outputs are checked before any work: never the recording, never each other.
        let outputs = [("--params", params), ("--plot", plot)].compactMap { flag, path in path.map { (flag: flag, path: $0) } }
        do {
            try OutputFile.checkDistinct(outputs: outputs, inputs: [csv])
            for output in outputs { _ = try OutputFile.plan(output.path, inputs: [csv]) }
        } catch {
            throw InputError(error)
        }
        let text = try TextFile.read(csv)   // standard input too: at most 64 MB
        let trace = try FitTrace.parse(text, file: name)
        guard let returnLaw = EdgeReturnLaw(rawValue: law) else {
            throw InputError("--law: \"\(law)\" is not one of: \(EdgeReturnLaw.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let result: Fit.Result
        guard viewport.isFinite, viewport >= 1, viewport <= 100_000 else {
            throw InputError("--viewport: \(Fit.format(viewport)) is out of range; allowed range [1, 100000] pt")
        }
        if let maxOffset, !(maxOffset.isFinite && maxOffset >= 0 && maxOffset <= 1e9) {
            throw InputError("--max-offset: \(Fit.format(maxOffset)) is out of range; allowed range [0, 1000000000] pt")
        }
        let geometry = Fit.Geometry(viewport: viewport, maxOffset: maxOffset)
        do { result = try Fit.run(trace, kind: fitKind, law: returnLaw, geometry: geometry) } catch { throw InputError("\(name): \(error.message)") }
        var lines = result.notes
        lines.append("kind: \(result.kind.rawValue), \(result.points.count) rows")
        if let fittedLaw = result.returnLaw { lines.append("edgeReturn: \(fittedLaw.rawValue)  (edgeReturn)") }
        for value in result.values {
            let unit = value.unit.isEmpty ? "" : " " + value.unit
            lines.append("\(value.name): \(Fit.format(value.value))\(unit)\(value.key == nil ? "" : "  (\(value.key!))")")
        }
        lines.append("residual: max \(String(format: "%.3f", result.maximumResidual)) pt, mean \(String(format: "%.3f", result.meanResidual)) pt")
        let (parameters, clampNotes) = result.parameters()
        lines += clampNotes
        if let params {
            try TextFile.write(fittedJSON(result, parameters), to: params, inputs: [csv])
            lines.append("wrote \(params)")
        }
        if let plot {
            do {
                let title = "scrollab fit --kind \(result.kind.rawValue) (\(result.points.count) rows): residual max \(String(format: "%.2f", result.maximumResidual)) pt, mean \(String(format: "%.2f", result.meanResidual)) pt"
                let image = try FitPlot.image(result, title: title, fonts: try FontLibrary())
                try image.savePNG(plot, inputs: [csv])
            } catch let error as SDLError {
                throw InputError("\(error)")
            } catch {
                throw InputError("\(plot): cannot be drawn (\(error))")
            }
            lines.append("wrote \(plot)")
        }
        try Console.print(lines.joined(separator: "\n"))
    }

    /// Only the fitted keys, in the parameter file's order, with their clamped values.
    private func fittedJSON(_ result: Fit.Result, _ parameters: ScrollParameters) -> String {
        let fitted = Set(result.values.compactMap(\.key) + (result.returnLaw == nil ? [] : ["edgeReturn"]))
        let members = parameters.values.filter { fitted.contains($0.key) }.map { pair -> (key: String, value: JSONValue) in
            switch pair.value {
            case .number(let number): return (pair.key, .number(number))
            case .string(let name): return (pair.key, .string(name))
            default: return (pair.key, .null)
            }
        }
        return JSONValue.object(JSONObject(members)).serialized() + "\n"
    }
}
