import ArgumentParser
import Scenes
import Formats

/// The window flags of the commands that open the playground's window (`play`, `blind`): its
/// size, a screenshot of it at a time, and a time to quit by itself. Each range is declared once
/// and both the help and the check read it.
struct WindowOptions: ParsableArguments {
    /// Window sizes allowed (points a side): SDL's minimum size of this window, and the largest
    /// texture the renderers here accept.
    static let sizes = (width: 640.0...8192.0, height: 400.0...8192.0)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Window size in points, WIDTHxHEIGHT "
                + "(\(Int(WindowOptions.sizes.width.lowerBound))x\(Int(WindowOptions.sizes.height.lowerBound)) to "
                + "\(Int(WindowOptions.sizes.width.upperBound))x\(Int(WindowOptions.sizes.height.upperBound)))."
        ))
    var window = "1280x800"

    @Option(parsing: .unconditional, help: "Save the whole window as PNG to this file at --screenshot-at.")
    var windowScreenshot: String?

    enum ScreenshotAt: NumberLimits { static let flag = "--screenshot-at", range = 0.0...3600 }
    enum ExitAfter: NumberLimits { static let flag = "--exit-after", range = 0.0...86_400 }

    @Option(
        parsing: .unconditional,
        help: ScreenshotAt.help(
            "Seconds after start at which to save the screenshots asked for", " (before --exit-after)."))
    var screenshotAt = Number<ScreenshotAt>("1")

    @Option(
        parsing: .unconditional,
        help: ExitAfter.help("Quit by itself after this many seconds", " (for scripted sessions)."))
    var exitAfter: Number<ExitAfter>?

    /// A window size flag's value, checked against `sizes`.
    static func size(_ text: String, flag: String) throws(InputError) -> Size {
        let size = try Flags.size(text, flag: flag, widths: sizes.width, heights: sizes.height)
        guard sizes.width.contains(size.width), sizes.height.contains(size.height) else {
            throw InputError(
                "\(flag): \(text) is out of range; width in [\(Int(sizes.width.lowerBound)), "
                    + "\(Int(sizes.width.upperBound))], height in [\(Int(sizes.height.lowerBound)), "
                    + "\(Int(sizes.height.upperBound))] points"
            )
        }
        return size
    }

    /// The flags as values; `screenshots`: whether any screenshot is asked for (its time must then
    /// come before the quit).
    func parsed(screenshots: Bool) throws(InputError) -> (size: Size, screenshotAt: Double, quitAfter: Double?) {
        let size = try Self.size(window, flag: "--window")
        let shotTime = try screenshotAt.value()
        let quitTime = try exitAfter?.value()
        if screenshots, let quitTime, shotTime >= quitTime {
            throw InputError(
                "--screenshot-at \(screenshotAt) is not before --exit-after \(exitAfter?.text ?? ""); the window would "
                    + "close before the screenshot"
            )
        }
        return (size, shotTime, quitTime)
    }
}
