import Scenes
import ScrollPhysics

/// The scene the phones show, its controls and layout, the device's viewport, and slow motion.
extension PlaygroundSession {
    func reduce(_ request: SceneRequest, at realTime: Double) -> [SessionEffect] {
        switch request {
        case let .switchScene(index): switchScene(to: index, at: realTime)
        case .toggleSlowMotion: toggleSlowMotion(at: realTime)
        case let .setSlowMotion(rate): setSlowMotion(rate, at: realTime)
        case let .setSceneControl(id, value): setSceneControl(id, value, at: realTime)
        case let .typeSceneControl(id, value): typeSceneControl(id, value, at: realTime)
        case let .pressSceneControl(id): pressSceneControl(id, at: realTime)
        case let .setViewport(size): setViewport(size, at: realTime)
        }
        return []
    }

    /// Sets scene control `id` on every side.
    func setSceneControl(_ id: String, _ value: Double, at realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        for side in sides { side.scene.setControl(id, to: value, at: t) }
        // Kept for this scene: a switch away and back, a device or a new B keeps the layout.
        sceneLayouts[sceneIndex, default: [:]][id] = scene.controlValue(id)
        clearValueNotice()
    }

    /// Sets a number typed into scene slider `id`'s field: as typed within its range, else clamped
    /// into it and said in one line (the control, the value typed, the range, the value applied).
    func typeSceneControl(_ id: String, _ typed: Double, at realTime: Double) {
        let slider = scene.controls.lazy.compactMap { control -> (String, ClosedRange<Double>)? in
            guard case let .slider(sliderID, label, range, _, _) = control, sliderID == id else { return nil }
            return (label, range)
        }.first
        guard let (label, range) = slider else {
            setSceneControl(id, typed, at: realTime)
            return
        }
        guard !typed.isNaN else {
            notice = .valueRefused("\(label): the value typed is not a number; nothing changed.")
            return
        }
        let clamped = min(max(typed, range.lowerBound), range.upperBound)
        setSceneControl(id, clamped, at: realTime)
        guard clamped != typed else { return }
        notice = .valueClamped(
            parameter: label, typed: typed,
            range: "[\(formatNumber(range.lowerBound)), \(formatNumber(range.upperBound))]",
            applied: scene.controlValue(id))
    }

    /// Slow motion on or off. While a finger is held the clock runs at real speed, so the
    /// content follows the finger 1:1 and the release velocity is the finger's real speed; the
    /// slow rate applies from the release on.
    func toggleSlowMotion(at realTime: Double) {
        setSlowMotion(isSlowMotion ? nil : chosenSlowRate, at: realTime)
    }

    /// Slow motion at `rate` (one of `SceneClock.slowMotionRates`; other values are refused), or off.
    func setSlowMotion(_ rate: Double?, at realTime: Double) {
        if let rate {
            guard SceneClock.slowMotionRates.contains(rate) else {
                notice = .slowMotionRefused(rate: rate)
                return
            }
            chosenSlowRate = rate
        }
        slowMotionRate = rate
        if !pointerHeld { clock.setRate(rate ?? 1, at: realTime) }
        notice = .slowMotion(rate: rate)
    }

    /// "0.25×".
    public static func rateText(_ rate: Double) -> String {
        (rate == rate.rounded() ? String(Int(rate)) : String(rate)) + "×"
    }

    /// Presses a scene's button on every side, then says what happened with the scene's readout.
    func pressSceneControl(_ id: String, at realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        for side in sides { side.scene.pressControl(id, at: t) }
        let label =
            scene.controls.compactMap { control -> String? in
                if case let .button(buttonID, label, _) = control, buttonID == id { return label } else { return nil }
            }.first ?? id
        // The readout's first lines say what happened; a table under them stays in the Scene
        // section, line by line (joined into the message it read as one run-on sentence).
        notice = .pressed(label: label, readout: scene.readout)
    }

    func switchScene(to index: Int, at realTime: Double) {
        guard index >= 0, index < setups.count, index != sceneIndex else { return }
        sceneIndex = index
        rebuild(sides.indices, at: realTime)
        // The last scene's message (an item deleted, a fit) does not describe this one.
        notice = .scene(number: index + 1, name: scene.name, caption: scene.caption)
    }

    /// Lays every side out anew at `size` points (a device picked in the panel).
    func setViewport(_ size: Size, at realTime: Double) {
        guard size != viewport, WindowLayout.shows(width: size.width, height: size.height) else { return }
        viewport = size
        var rate: Int?, scale: Int?
        if let device = Device.showing(size) {
            // The device's screen: UIKit's release frame and pixel grid follow it on both sides.
            display = device.display
            for index in sides.indices {
                sides[index].feel = sides[index].feel.on(display)
                sides[index].named.feel = sides[index].named.feel.on(display)
                sides[index].savedFeel = sides[index].savedFeel.on(display)
            }
            rate = Int(device.refreshRate)
            scale = Int(device.scale)
        }
        rebuild(sides.indices, at: realTime)
        notice = .viewport(width: Int(size.width), height: Int(size.height), refreshRate: rate, scale: scale)
    }

    func rebuild(_ indices: Range<Int>, at realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        for index in indices {
            sides[index].input.reset()
            sides[index].scene = makeScene(feel: sides[index].feel, at: t)
            sides[index].clearGesture()
        }
    }

    /// The current scene, fresh, with the layout values set for it so far (cell width, spacing, …).
    func makeScene(feel: Feel, at t: Double) -> any ScrollScene {
        let scene = setups[sceneIndex].makeScene(viewport: viewport, feel: feel)
        for (id, value) in sceneLayouts[sceneIndex] ?? [:] { scene.setControl(id, to: value, at: t) }
        scene.advance(to: t)
        return scene
    }
}
