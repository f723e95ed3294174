import ArgumentParser
import Platform
import Formats

/// `--renderer`, for the commands that open a window.
struct RendererOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How the window draws: auto (the GPU, unless its OpenGL is a CPU rasteriser such as Mesa's llvmpipe: then "
                + "SDL's software renderer, three times faster there), gpu or software.")
    )
    var renderer = "auto"

    func choice() throws(InputError) -> Window.RendererChoice {
        guard let choice = Window.RendererChoice(rawValue: renderer) else {
            throw InputError("--renderer: expected auto, gpu or software, got \"\(renderer)\"")
        }
        return choice
    }
}
