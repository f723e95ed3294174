extension FramerModel {
    public var exported: ExportedCode {
        ExportedCode(language: "javascript", fileExtension: "js", text: Self.javaScript(self))
    }

    /// Framer Motion drag props (`<motion.div drag="y" {...framerDragProps} />`).
    static func javaScript(_ model: FramerModel) -> String {
        let v = model.values
        let threshold =
            v.panThreshold == 3
            ? ""
            : "\n// panThreshold \(JavaScriptSnippet.n(v.panThreshold)) px cannot be set: PanSession starts a drag "
                + "after 3 px."
        return """
            // Framer Motion drag props exported from ScrollLab (model framer).
            // Use: <motion.div drag="y" dragConstraints={…} {...framerDragProps} />\(threshold)
            const framerDragProps = {
              dragElastic: \(JavaScriptSnippet.n(v.dragElastic)),
              dragMomentum: true,
              dragTransition: {
                power: \(JavaScriptSnippet.n(v.power)),
                timeConstant: \(JavaScriptSnippet.n(v.timeConstant)),
                bounceStiffness: \(JavaScriptSnippet.n(v.bounceStiffness)),
                bounceDamping: \(JavaScriptSnippet.n(v.bounceDamping)),
                restDelta: \(JavaScriptSnippet.n(v.restDelta)),
                restSpeed: \(JavaScriptSnippet.n(v.restSpeed)),
              },
            };

            """
    }
}
