import Foundation
import ScrollPhysics

/// Options objects for the web libraries.
public enum JavaScriptSnippet {
    static func n(_ value: Double) -> String { ModelExport.number(value) }
    static func flag(_ value: Int) -> String { value != 0 ? "true" : "false" }

    /// Swiper parameters (`new Swiper(el, swiperOptions)`), free mode on for scrolling.
    public static func swiper(_ model: SwiperModel) -> String {
        let v = model.values
        return """
        // Swiper options exported from ScrollLab (model swiper). Use: new Swiper('.swiper', swiperOptions)
        // Every value below is a Swiper parameter; set freeMode.enabled to false for paged slides
        // (then the short/long swipe values decide the slide).
        const swiperOptions = {
          resistance: \(flag(v.resistance)),
          resistanceRatio: \(n(v.resistanceRatio)),
          threshold: \(n(v.threshold)),
          longSwipes: \(flag(v.longSwipes)),
          longSwipesRatio: \(n(v.longSwipesRatio)),
          longSwipesMs: \(n(v.longSwipesMs)),
          shortSwipes: \(flag(v.shortSwipes)),
          speed: \(n(v.speed)),
          freeMode: {
            enabled: true,
            momentum: true,
            momentumRatio: \(n(v.momentumRatio)),
            momentumBounce: \(flag(v.momentumBounce)),
            momentumBounceRatio: \(n(v.momentumBounceRatio)),
            momentumVelocityRatio: \(n(v.momentumVelocityRatio)),
            minimumVelocity: \(n(v.minimumVelocity)),
          },
        };

        """
    }

    /// Framer Motion drag props (`<motion.div drag="y" {...framerDragProps} />`).
    public static func framer(_ model: FramerModel) -> String {
        let v = model.values
        let threshold = v.panThreshold == 3 ? "" : "\n// panThreshold \(n(v.panThreshold)) px cannot be set: PanSession starts a drag after 3 px."
        return """
        // Framer Motion drag props exported from ScrollLab (model framer).
        // Use: <motion.div drag="y" dragConstraints={…} {...framerDragProps} />\(threshold)
        const framerDragProps = {
          dragElastic: \(n(v.dragElastic)),
          dragMomentum: true,
          dragTransition: {
            power: \(n(v.power)),
            timeConstant: \(n(v.timeConstant)),
            bounceStiffness: \(n(v.bounceStiffness)),
            bounceDamping: \(n(v.bounceDamping)),
            restDelta: \(n(v.restDelta)),
            restSpeed: \(n(v.restSpeed)),
          },
        };

        """
    }
}
