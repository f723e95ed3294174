import Testing
import Drawing
import Scenes
@testable import Playground

/// The iPhone SE is drawn as it is: a Home button on its body under a square-cornered screen, no
/// home indicator on the screen; the other phones keep their indicator and round corners.
@Suite struct HomeButtonTests {
    /// Rectangles of `list` as (rect, corner radius).
    func rects(_ list: DrawList) -> [(Rect, Double)] {
        list.commands.compactMap { if case let .rect(r, _, radius) = $0 { (r, radius) } else { nil } }
    }

    /// The home indicator's bar: 5 pt tall, its bottom 8 pt above the screen's.
    func indicator(_ list: DrawList, size: Size) -> Bool {
        rects(list).contains { r, _ in r.height == 5 && abs(r.maxY - (size.height - 8)) < 0.01 }
    }

    @Test func theSEHasAHomeButtonAndNoHomeIndicator() throws {
        let se = try #require(Device.named("iphone-se"))
        #expect(se.homeButton && Device.all.filter(\.homeButton).map(\.key) == ["iphone-se"])
        for device in Device.all + [Device.defaultPhone] {
            for name in ["list", "pager", "adapters"] {
                let scene = SceneSetup(name: name).makeScene(viewport: device.viewport, feel: .standard)
                var list = DrawList()
                scene.draw(into: &list, at: 0)
                #expect(indicator(list, size: device.viewport) == !device.homeButton, "\(device.key) \(name)")
            }
            let corners = Chrome.screenCorners(
                Rect(x: 0, y: 0, width: device.viewport.width, height: device.viewport.height), color: .black)
            guard case let .cornerMask(_, radius, _) = corners else {
                Issue.record("not a mask")
                continue
            }
            #expect(radius == (device.homeButton ? 0 : Chrome.screenCornerRadius), "\(device.key)")
        }
    }

    /// In the window, the SE's body (forehead and chin included) fits between the top and the
    /// bottom, at every window size, one phone or two; its button is a circle in the chin.
    @Test func theSEsBodyFitsTheWindowWithItsButtonInTheChin() throws {
        let se = try #require(Device.named("iphone-se"))
        for (w, h) in [(640.0, 400.0), (1280.0, 800.0), (1600.0, 1000.0), (2560.0, 1440.0)] {
            for sides in [1, 2] {
                let layout = WindowLayout(windowWidth: w, windowHeight: h, viewport: se.viewport, sides: sides)
                for phone in layout.phones {
                    var list = DrawList()
                    PhoneChrome.bezel(around: phone, scale: layout.scale, homeButton: true, into: &list)
                    let all = rects(list)
                    let body = try #require(all.first)
                    #expect(body.0.y >= 0 && body.0.maxY <= h, "\(w)×\(h), \(sides): body \(body.0)")
                    let button = try #require(all.last)
                    #expect(abs(button.1 - button.0.width / 2) < 0.01 && button.0.width == button.0.height)
                    #expect(button.0.y > phone.maxY && button.0.maxY < body.0.maxY, "\(w)×\(h): button in the chin")
                    #expect(abs(button.0.x + button.0.width / 2 - (phone.x + phone.width / 2)) < 0.01)
                }
            }
        }
    }
}
