import Testing
import Drawing
import Platform
@testable import Media

/// Text is drawn in its box: cut with "…" when too long, aligned inside it, at any scale.
@Suite(.serialized) struct TextBoxTests {
    /// Renders `commands` on white at `scale` and returns the image.
    static func render(_ commands: [DrawCommand], scale: Double, width: Double = 300, height: Double = 60) throws
        -> Image
    {
        let canvas = try OffscreenCanvas(
            width: Int(width * scale), height: Int(height * scale), fonts: try FontLibrary())
        canvas.clear(.white)
        var list = DrawList()
        for command in commands { list.append(command) }
        canvas.draw(list, viewport: Rect(x: 0, y: 0, width: width, height: height), scale: scale)
        return canvas.snapshot()
    }

    /// The columns (pixels) holding ink: any pixel darker than 200 in its red channel.
    static func inkColumns(_ image: Image) -> [Int] {
        (0..<image.width).filter { x in (0..<image.height).contains { image.pixel(x: x, y: $0).0 < 200 } }
    }

    @Test func fontsAreInterWhenInstalled() throws {
        let fonts = try FontLibrary()
        #expect(fonts.family == "Inter" || fonts.family == "DejaVu Sans")
        #expect(fonts.regularPath.contains(fonts.family == "Inter" ? "Inter-Regular" : "DejaVuSans"))
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func longTextEndsInAnEllipsisInsideItsBox(scale: Double) throws {
        let long = "A very long title that could never fit in a hundred points"
        let image = try Self.render(
            [.text(long, x: 20, y: 10, style: .headline, color: .black, maxWidth: 100)], scale: scale)
        let ink = Self.inkColumns(image)
        #expect(ink.first.map { $0 >= Int(20 * scale) - 1 } == true)
        #expect(ink.last.map { $0 < Int(120 * scale) } == true, "ink up to column \(ink.last ?? -1) at scale \(scale)")
        #expect(ink.last.map { $0 > Int(100 * scale) } == true, "the box is used, not left empty")
        // Unboxed, the same line runs far past 120 pt.
        let free = Self.inkColumns(
            try Self.render([.text(long, x: 20, y: 10, style: .headline, color: .black)], scale: scale))
        #expect(free.last.map { $0 > Int(200 * scale) } == true)
    }

    @Test func shortTextIsAlignedInItsBox() throws {
        func ink(_ alignment: TextAlignment) throws -> (Int, Int) {
            let columns = Self.inkColumns(
                try Self.render(
                    [.text("Menu", x: 50, y: 10, style: .headline, color: .black, maxWidth: 200, alignment: alignment)],
                    scale: 2))
            return (columns.first ?? -1, columns.last ?? -1)
        }
        let leading = try ink(.leading), center = try ink(.center), trailing = try ink(.trailing)
        #expect(abs(leading.0 - 100) <= 4)
        #expect(abs((center.0 + center.1) / 2 - 300) <= 4)
        #expect(abs(trailing.1 - 500) <= 4)
    }

    @Test func emptyOrDegenerateBoxesDrawNothing() throws {
        for width in [0.0, -5, .nan, 0.2] {
            let image = try Self.render(
                [.text("Hello", x: 10, y: 10, style: .body, color: .black, maxWidth: width)], scale: 1)
            #expect(Self.inkColumns(image).isEmpty, "box \(width)")
        }
        // Far away or absurdly wide boxes draw where they say, without trapping.
        for (x, width) in [(1e300, 100.0), (-1e300, 100), (10, 1e300), (10, .infinity)] {
            let image = try Self.render(
                [.text("Hello", x: x, y: 10, style: .body, color: .black, maxWidth: width)], scale: 3)
            #expect(Self.inkColumns(image).isEmpty == (abs(x) > 1e6), "x \(x), box \(width)")
        }
        // A box narrower than "…" keeps nothing rather than overflow.
        let tiny = try Self.render([.text("Hello", x: 10, y: 10, style: .body, color: .black, maxWidth: 3)], scale: 1)
        #expect(Self.inkColumns(tiny).allSatisfy { $0 < 13 })
    }

    @Test func trianglesFillTheirAreaWithSoftEdges() throws {
        let image = try Self.render(
            [.triangle(x0: 10, y0: 50, x1: 110, y1: 50, x2: 60, y2: 0, color: .black)], scale: 1)
        #expect(image.pixel(x: 60, y: 40).0 == 0)  // inside
        #expect(image.pixel(x: 12, y: 10).0 == 255)  // outside
        // Along a slanted edge some pixels are partly covered (anti-aliased, not jagged).
        let edge = (0..<50).map { image.pixel(x: 35, y: $0).0 }
        #expect(edge.contains { $0 > 10 && $0 < 245 })
        // Degenerate and non-finite triangles draw nothing.
        for bad in [
            DrawCommand.triangle(x0: 0, y0: 0, x1: 50, y1: 50, x2: 100, y2: 100, color: .black),
            .triangle(x0: .nan, y0: 0, x1: 50, y1: 50, x2: 0, y2: 50, color: .black),
            .triangle(x0: 1e300, y0: 0, x1: 50, y1: 50, x2: 0, y2: 50, color: .black)
        ] {
            #expect(Self.inkColumns(try Self.render([bad], scale: 1)).isEmpty)
        }
    }
}
