extension SwiperModel {
    public var exported: ExportedCode {
        ExportedCode(language: "javascript", fileExtension: "js", text: Self.javaScript(self))
    }

    /// Swiper parameters (`new Swiper(el, swiperOptions)`), free mode on for scrolling.
    static func javaScript(_ model: SwiperModel) -> String {
        let v = model.values
        return """
            // Swiper options exported from ScrollLab (model swiper). Use: new Swiper('.swiper', swiperOptions)
            // Every value below is a Swiper parameter; set freeMode.enabled to false for paged slides
            // (then the short/long swipe values decide the slide).
            const swiperOptions = {
              resistance: \(JavaScriptSnippet.flag(v.resistance)),
              resistanceRatio: \(JavaScriptSnippet.n(v.resistanceRatio)),
              threshold: \(JavaScriptSnippet.n(v.threshold)),
              longSwipes: \(JavaScriptSnippet.flag(v.longSwipes)),
              longSwipesRatio: \(JavaScriptSnippet.n(v.longSwipesRatio)),
              longSwipesMs: \(JavaScriptSnippet.n(v.longSwipesMs)),
              shortSwipes: \(JavaScriptSnippet.flag(v.shortSwipes)),
              speed: \(JavaScriptSnippet.n(v.speed)),
              freeMode: {
                enabled: true,
                momentum: true,
                momentumRatio: \(JavaScriptSnippet.n(v.momentumRatio)),
                momentumBounce: \(JavaScriptSnippet.flag(v.momentumBounce)),
                momentumBounceRatio: \(JavaScriptSnippet.n(v.momentumBounceRatio)),
                momentumVelocityRatio: \(JavaScriptSnippet.n(v.momentumVelocityRatio)),
                minimumVelocity: \(JavaScriptSnippet.n(v.minimumVelocity)),
              },
            };

            """
    }

}
