import Testing
import Drawing
import Platform
import ScrollPhysics
@testable import Scenes

/// Cached groups (a card's picture drawn once into a texture and copied): the copy looks like the
/// picture drawn in place, wherever the card is, and the renderer picks SDL's software renderer
/// only where OpenGL is a CPU rasteriser.
@Suite(.serialized) struct CachedGroupTests {
    let fonts = try! FontLibrary()

    func picture(at frame: Rect, cached: Bool) -> DrawList {
        var list = DrawList()
        list.append(.rect(Rect(x: 0, y: 0, width: 400, height: 400), fill: .solid(.white), cornerRadius: 0))
        Art.picture(
            into: &list, frame: frame, title: "City of bridges", seed: 4, cornerRadius: 12, surround: .white,
            restoreClip: nil)
        guard !cached else { return list }
        var plain = DrawList()
        for command in list.commands {
            switch command {
            case .beginCached(_, let rect): plain.append(.clip(rect))
            case .endCached: plain.append(.clip(nil))
            default: plain.append(command)
            }
        }
        return plain
    }

    func render(_ list: DrawList, scale: Double = 1) throws -> Image {
        let canvas = try OffscreenCanvas(width: Int(400 * scale), height: Int(400 * scale), fonts: fonts)
        canvas.clear(.black)
        canvas.draw(list, viewport: Rect(x: 0, y: 0, width: 400, height: 400), scale: scale)
        return canvas.snapshot()
    }

    func differing(_ a: Image, _ b: Image, _ ax: Int, _ ay: Int, _ bx: Int, _ by: Int, _ w: Int, _ h: Int) -> Int {
        var count = 0
        for y in 0..<h {
            for x in 0..<w where a.pixel(x: ax + x, y: ay + y) != b.pixel(x: bx + x, y: by + y) { count += 1 }
        }
        return count
    }

    @Test(arguments: [1.0, 3.0])
    func aCachedPictureIsThePictureDrawnInPlace(scale: Double) throws {
        let frame = Rect(x: 20, y: 30, width: 300, height: 180)
        let cached = try render(picture(at: frame, cached: true), scale: scale)
        let plain = try render(picture(at: frame, cached: false), scale: scale)
        let n = Int(400 * scale)
        #expect(differing(cached, plain, 0, 0, 0, 0, n, n) == 0)
    }

    /// A window's canvas (`redrawsGradually`) after a resize: the draw right after the change of
    /// scale copies cards' layers and shadows from their drawings at the old scale (stand-ins);
    /// drawn again until none waits (the scale settled, then a few a draw), the frame is exactly
    /// the one a canvas drawing at the new scale from the start makes: nothing stays scaled.
    @Test(arguments: [(2.0, 1.9), (1.9, 2.0), (3.0, 1.0)])
    func afterAResizeTheFrameIsDrawnSharpAgain(from: Double, to: Double) throws {
        let scene = ListScene(cardCount: 50)
        _ = scene.axis.setOffset(700, at: 0)
        let viewport = Rect(x: 0, y: 0, width: scene.viewport.width, height: scene.viewport.height)
        let (width, height) = (Int(viewport.width * 3), Int(viewport.height * 3))
        func draw(_ canvas: OffscreenCanvas, scale: Double) {
            var list = DrawList()
            list.pixelsPerPoint = scale
            scene.draw(into: &list, at: 0)
            canvas.clear(.black)
            canvas.draw(list, viewport: viewport, scale: scale)
        }
        let resized = try OffscreenCanvas(width: width, height: height, fonts: fonts)
        resized.canvas.redrawsGradually = true
        draw(resized, scale: from)
        #expect(resized.canvas.standIns == 0, "nothing to stand in for on the first draw")
        draw(resized, scale: to)
        #expect(resized.canvas.standIns >= 3, "the tiles in view copied from their drawings at \(from)")
        var draws = 1
        while resized.canvas.standIns > 0, draws < 100_000 {
            resized.canvas.standIns = 0
            draw(resized, scale: to)
            draws += 1
        }
        #expect(resized.canvas.standIns == 0, "after \(draws) draws")
        let fresh = try OffscreenCanvas(width: width, height: height, fonts: fonts)
        draw(fresh, scale: to)
        let (a, b) = (resized.snapshot(), fresh.snapshot())
        #expect(differing(a, b, 0, 0, 0, 0, width, height) == 0)
    }

    /// Scrolling by whole pixels composites each card from its layer: only a card coming into
    /// view is drawn into a texture, at 1× and 3×.
    @Test(arguments: [1.0, 3.0])
    func aCardScrolledByWholePixelsIsCopiedFromItsLayer(scale: Double) throws {
        let list = ListScene(cardCount: 50)
        let viewport = Rect(x: 0, y: 0, width: list.viewport.width, height: list.viewport.height)
        let canvas = try OffscreenCanvas(
            width: Int(viewport.width * scale), height: Int(viewport.height * scale), fonts: fonts)
        var seen = Set<Int>()
        var drawList = DrawList()
        drawList.pixelsPerPoint = scale
        for step in 0..<12 {
            // 500 pt down, then one pixel further a frame.
            _ = list.axis.setOffset(500 + Double(step) / scale, at: 0)
            drawList.removeAll()
            list.draw(into: &drawList, at: 0)
            let keys = Set(
                drawList.commands.compactMap { command -> Int? in
                    if case .beginCached(let key, _) = command { return key } else { return nil }
                })
            #expect(!keys.isEmpty, "the list draws its cards as layers")
            let before = canvas.canvas.layerDraws
            canvas.draw(drawList, viewport: viewport, scale: scale)
            let new = keys.subtracting(seen).count
            // At most the new ones (a layer wholly outside the screen is not drawn at all).
            #expect(
                canvas.canvas.layerDraws - before <= new && (step > 0 || canvas.canvas.layerDraws > 0),
                "step \(step): \(canvas.canvas.layerDraws - before) layers drawn, \(new) new in view")
            seen.formUnion(keys)
        }
        #expect(seen.count < 2 * 8, "a few cards in view, not the list")
    }

    /// A list pulled past its top on a feel that stretches content: no seam between its tiles (a
    /// stretched tile's edges land between pixels, so stretched content is drawn whole), on a
    /// stretched list and a moved one, at 1× and 3×.
    @Test(arguments: [(true, 1.0), (true, 3.0), (false, 1.0)])
    func aPulledListHasNoSeams(stretched: Bool, scale: Double) throws {
        let scene = SceneSetup.cards(count: 50).makeScene(
            viewport: .phone, feel: stretched ? Feel(AndroidModel()) : .standard)
        scene.handle(TimedInput(time: 0, event: .down(Point(x: 200, y: 200))))
        for i in 1...30 {
            scene.handle(TimedInput(time: Double(i) * 0.02, event: .move(Point(x: 200, y: 200 + Double(i) * 10))))
        }
        var blackRows: [String] = []
        for step in 0..<12 {
            // The pull held and let go: a range of stretches.
            let t = 0.3 + Double(step) * 0.05
            if step == 6 { scene.handle(TimedInput(time: t, event: .up(Point(x: 200, y: 500)))) }
            scene.advance(to: t)
            var list = DrawList()
            list.pixelsPerPoint = scale
            scene.draw(into: &list, at: t)
            let (width, height) = (Int(390 * scale), Int(844 * scale))
            let canvas = try OffscreenCanvas(width: width, height: height, fonts: fonts)
            canvas.clear(.black)
            canvas.draw(list, viewport: Rect(x: 0, y: 0, width: 390, height: 844), scale: scale)
            let image = canvas.snapshot()
            for y in 0..<height {
                // The list's background shows at the left margin of every row.
                let p = image.pixel(x: Int(4 * scale), y: y)
                if p.0 == 0 && p.1 == 0 && p.2 == 0 { blackRows.append("\(t) s: row \(y)") }
            }
        }
        #expect(blackRows.isEmpty, "rows left undrawn: \(blackRows.prefix(8))")
    }

    /// A group that just changed size is drawn directly until its size settles, then copied
    /// from its texture: both are the same pixels, at a fractional position too (content
    /// stretched past an edge and held showed its pictures step by a pixel when the copy took over).
    @Test(arguments: [1.0, 3.0])
    func aGroupDrawnDirectlyIsItsCopy(scale: Double) throws {
        let frame = Rect(x: 37.4, y: 151.3, width: 300.2, height: 180.7)
        let n = Int(400 * scale)
        let copied = try render(picture(at: frame, cached: true), scale: scale)
        // The same key first drawn at another size: the next draw, at `frame`, is direct.
        let canvas = try OffscreenCanvas(width: n, height: n, fonts: fonts)
        canvas.clear(.black)
        canvas.draw(
            picture(at: Rect(x: 37.4, y: 151.3, width: 290, height: 180.7), cached: true),
            viewport: Rect(x: 0, y: 0, width: 400, height: 400), scale: scale)
        let draws = canvas.canvas.layerDraws
        canvas.clear(.black)
        canvas.draw(picture(at: frame, cached: true), viewport: Rect(x: 0, y: 0, width: 400, height: 400), scale: scale)
        #expect(canvas.canvas.layerDraws == draws, "drawn directly, not into a texture")
        #expect(differing(canvas.snapshot(), copied, 0, 0, 0, 0, n, n) == 0)
    }

    @Test func aCachedPictureLooksTheSameWhereverItIs() throws {
        let a = try render(picture(at: Rect(x: 20, y: 30, width: 300, height: 180), cached: true))
        let b = try render(picture(at: Rect(x: 37.4, y: 151.3, width: 300, height: 180), cached: true))
        // Copied at the frame's rounded position: (37, 151).
        #expect(differing(a, b, 20, 30, 37, 151, 300, 180) == 0)
    }

    /// Every picture covers its whole frame: no pure-black pixel inside any card (an undrawn band
    /// in a cached picture came out black: the road's ground began below the horizon), in a card's
    /// shape and in the banner's wide one, at 1× and 3×.
    @Test(arguments: [1.0, 3.0])
    func everyPictureCoversItsFrame(scale: Double) throws {
        let frames = [Rect(x: 20, y: 30, width: 300, height: 180), Rect(x: 5, y: 100, width: 390, height: 120)]
        var bare: [String] = []
        for (index, title) in Art.titles.enumerated() {
            for frame in frames {
                var list = DrawList()
                list.append(.rect(Rect(x: 0, y: 0, width: 400, height: 400), fill: .solid(.white), cornerRadius: 0))
                Art.picture(
                    into: &list, frame: frame, title: title, seed: index, cornerRadius: 0, surround: .white,
                    restoreClip: nil)
                let image = try render(list, scale: scale)
                var black = 0
                for y in Int(frame.y * scale) + 1..<Int(frame.maxY * scale) - 1 {
                    for x in Int(frame.x * scale) + 1..<Int(frame.maxX * scale) - 1 {
                        let p = image.pixel(x: x, y: y)
                        if p.0 == 0 && p.1 == 0 && p.2 == 0 { black += 1 }
                    }
                }
                if black > 0 { bare.append("\(title) \(Int(frame.width))×\(Int(frame.height)): \(black) black pixels") }
            }
        }
        #expect(bare.isEmpty, "\(bare)")
    }

    @Test func cpuRasterisersAreRecognised() {
        #expect(Window.isSoftwareRasteriser("llvmpipe (LLVM 15.0.6, 256 bits)"))
        #expect(Window.isSoftwareRasteriser("softpipe") && Window.isSoftwareRasteriser("Software Rasterizer"))
        #expect(!Window.isSoftwareRasteriser("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"))
        #expect(
            !Window.isSoftwareRasteriser("NVIDIA GeForce RTX 3060/PCIe/SSE2")
                && !Window.isSoftwareRasteriser("AMD Radeon Pro 5500M"))
    }
}
