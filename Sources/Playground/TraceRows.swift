import Formats
import Scenes

extension Trace {
    /// The row of `scene` at `t` (advanced to `t`), as the window's trace writes it.
    static func row(_ scene: any ScrollScene, at t: Double) -> String { row(scene.traceReading(at: t)) }
}
