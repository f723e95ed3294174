import Testing
import ImGuiBridge
import Platform
import Playground
import Scenes
import ScrollPhysics
import TuningPanel

/// The real panel, drawn headless (Dear ImGui on a software renderer, the mouse fed by hand):
/// a click returns only the request it stands for, and the session applying it changes the
/// next fling. (The old panel wrote a copy of every parameter back after its buttons ran.)
@Suite(.serialized) struct PanelTests {
    /// The headless panel (`headless(_:width:height:)`) over a list of `cards` cards.
    func headless(width: Float, height: Float, cards: Int = 400) throws -> (
        OffscreenCanvas, TestSession, TuningPanel
    ) {
        try headless([.cards(count: cards)], width: width, height: height)
    }

    /// The panel is generated from the tunables: for every model, every one of its tunables has
    /// exactly one control (a slider, a combo for a choice, a checkbox for an on/off value or an
    /// optional value's unset meaning); UIKit's only while it matters given the others.
    @Test func everyTunableOfEveryModelHasExactlyOneWidget() throws {
        let width: Float = 560, height: Float = 12_000
        let (offscreen, session, panel) = try headless(width: width, height: height)
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        var mouse: (x: Float, y: Float) = (-1, -1)
        func frame(down: Bool = false) {
            slgui_set_mouse(mouse.x, mouse.y, down)
            slgui_new_frame(width, height, 1, 1.0 / 60)
            session.send(
                panel.draw(session.panelState(at: 10), frameMilliseconds: 0, x: 0, y: 0, width: width, height: height),
                at: 10)
            slgui_end_frame()
        }
        for name in FeelZoo.names {
            session.send([.setModel(name: name)], at: 10)
            frame()
            frame()
            if name == FeelZoo.uikit,
                let header = panel.widgetRects.first(where: {
                    $0.label == ScrollParameters.Section.fastScrolling
                }), !panel.widgetRects.contains(where: { $0.label == "maxFlickMultiplier" })
            {
                // The closed section, opened by a click.
                mouse = (header.x + header.width / 2, header.y + header.height / 2)
                frame()
                frame(down: true)
                frame()
                mouse = (-1, -1)
                frame()
            }
            let labels = panel.widgetRects.map(\.label)
            let rows = session.feel.model.rows
            #expect(!rows.isEmpty, "\(name) has tunables")
            for row in rows {
                let expected =
                    row.unsetMeaning != nil && row.isUnset ? "\(row.title) = \(row.unsetMeaning ?? "")" : row.title
                let count = labels.filter { $0 == expected }.count
                #expect(count == (row.shown ? 1 : 0), "\(name): \(row.key) has \(count) widgets labelled \(expected)")
            }
            #expect(rows.contains { !$0.shown } == (name == FeelZoo.uikit), "\(name): some tunables hidden")
        }
    }

    /// A value typed into a slider (Ctrl+click) is one request, made when Enter closes the field:
    /// none while it is typed ("0.9" passes through "0", which the physics would take), none when
    /// Escape cancels it.
    @Test func aTypedValueIsOneRequestWhenItsFieldCloses() throws {
        let width: Float = 560, height: Float = 3000
        let (offscreen, session, panel) = try headless(width: width, height: height)
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        func frame(
            at mouse: (Float, Float), down: Bool = false, ctrl: Bool = false, enter: Bool = false,
            escape: Bool = false, typing text: String = ""
        ) -> [SessionRequest] {
            self.frame(
                session, panel, size: (width, height), at: mouse, down: down, ctrl: ctrl, enter: enter, escape: escape,
                typing: text)
        }
        func values(_ requests: [SessionRequest]) -> [String] {
            requests.compactMap { request in
                switch request {
                case let .feel(.setValue(key, value)): "\(key)=\(value)"
                case let .feel(.typeValue(key, value)): "\(key) typed \(value)"
                default: nil
                }
            }
        }
        for _ in 0..<3 { _ = frame(at: (-1, -1)) }
        let title = try #require(ScrollParameters.tunables.first { $0.key == "rubberBandCoefficient" }?.title)
        let slider = try #require(panel.widgetRects.first { $0.label == title }, "slider \(title)")
        let at = (slider.x + slider.width / 2, slider.y + slider.height / 2)
        for (ending, expected) in [("enter", ["rubberBandCoefficient typed 0.9"]), ("escape", [])] {
            var seen: [SessionRequest] = []
            seen += frame(at: at, ctrl: true)
            seen += frame(at: at, down: true, ctrl: true)
            seen += frame(at: at, ctrl: true)
            seen += frame(at: at, typing: "0")
            seen += frame(at: at, typing: ".9")
            #expect(values(seen).isEmpty, "\(ending): nothing while typing: \(values(seen))")
            let closing = frame(at: at, enter: ending == "enter", escape: ending == "escape")
            #expect(values(closing + frame(at: at)) == expected, "\(ending)")
        }
        #expect(session.feel.uikit.rubberBandCoefficient == 0.9)
    }

    /// Undo and Redo are inert while there is nothing to take back or do again: a click on them
    /// asks nothing; after a change, a click on Undo asks to undo it, and then Redo is live.
    @Test func undoAndRedoAskNothingWhenThereIsNothingToDo() throws {
        let width: Float = 560, height: Float = 900
        let (offscreen, session, panel) = try headless(width: width, height: height)
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        var mouse: (x: Float, y: Float) = (-1, -1)
        func frame(down: Bool = false) -> [SessionRequest] {
            self.frame(session, panel, size: (width, height), at: mouse, down: down, applying: false)
        }
        func click(_ label: String) throws -> [SessionRequest] {
            for _ in 0..<3 where !panel.widgetRects.contains(where: { $0.label == label }) { _ = frame() }
            let rect = try #require(panel.widgetRects.first { $0.label == label }, "widget \(label)")
            mouse = (rect.x + rect.width / 2, rect.y + rect.height / 2)
            return frame() + frame(down: true) + frame() + frame()
        }
        _ = frame()
        #expect(try click("Undo").isEmpty)
        #expect(try click("Redo").isEmpty)
        session.send([.setValue(key: "decelerationRate", value: .number(0.99))], at: 10)
        #expect(try click("Undo") == [.undo])
        session.send([.undo], at: 11)
        #expect(session.feel.uikit.decelerationRate == ScrollParameters().decelerationRate)
        #expect(try click("Redo") == [.redo])
        #expect(try click("Undo").isEmpty, "nothing left to undo")
    }

    @Test func clicksReturnRequestsAndTheNextFlingFeelsThem() throws {
        let width: Float = 560, height: Float = 1600
        let (offscreen, session, panel) = try headless(width: width, height: height)
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        var mouse: (x: Float, y: Float) = (-1, -1)
        func frame(down: Bool = false) -> [SessionRequest] {
            self.frame(session, panel, size: (width, height), at: mouse, down: down, applying: false)
        }
        /// Hovers, presses and releases on the widget labelled `label`; returns every request made.
        func click(_ label: String) throws -> [SessionRequest] {
            for _ in 0..<3 where !panel.widgetRects.contains(where: { $0.label == label }) { _ = frame() }
            let rect = try #require(panel.widgetRects.first { $0.label == label }, "widget \(label)")
            mouse = (rect.x + rect.width / 2, rect.y + rect.height / 2)
            return frame() + frame(down: true) + frame() + frame()
        }
        func rest(after requests: [SessionRequest], start: Double) -> Double {
            session.send(requests, at: start - 0.1)
            session.frame(at: start - 0.05)
            session.pointerDown(at: Point(x: 200, y: 700), time: start)
            for i in 1...10 {
                session.pointerMoved(to: Point(x: 200, y: 700 - 24 * Double(i)), time: start + 0.008 * Double(i))
            }
            session.pointerUp(at: Point(x: 200, y: 460), time: start + 0.08)
            session.frame(at: start + 30)
            return session.scene.mainAxis.offset(at: session.sceneTime(at: start + 30))
        }
        func glide(_ p: ScrollParameters) -> Double {
            ExpectedGlide.rest(p, releasedAt: 0, velocity: 3000)
        }

        _ = frame()
        _ = frame()
        // Pick Floaty in the preset list (the menu's choice is the session's), then Apply: one request.
        #expect(try click("##preset").isEmpty)
        let floatyIndex = try #require(Preset.all.firstIndex { $0.id == "floaty" })
        let pick = try click("##preset/Floaty")
        #expect(pick == [.choosePreset(floatyIndex)])
        session.send(pick, at: 10)
        let apply = try click("Apply")
        #expect(apply == [.applyPreset(id: "floaty")])
        let floaty = Preset.all.first { $0.id == "floaty" }!.feel.uikit
        var start = 11.0
        var offset = 0.0
        let afterApply = rest(after: apply, start: start)
        #expect(
            abs(afterApply - (ExpectedGlide.dragged(floaty, travel: 240) + glide(floaty))) < 0.01,
            "Floaty's glide: \(afterApply)")
        offset = afterApply

        // Reset: UIKit normal's glide on the next fling.
        let reset = try click("Reset to default")
        #expect(reset == [.resetToDefaults])
        start = 60
        let afterReset = rest(after: reset, start: start)
        let uikitRest = ExpectedGlide.rest(
            ScrollParameters(), releasedAt: offset + ExpectedGlide.dragged(ScrollParameters(), travel: 240),
            velocity: 3000)
        #expect(abs(afterReset - uikitRest) < 0.01, "UIKit normal's glide: \(afterReset - offset)")
        offset = afterReset

        // Revert: back to the preset last applied.
        let revert = try click("Revert")
        #expect(revert == [.revert])
        start = 110
        let afterRevert = rest(after: revert, start: start)
        #expect(abs(afterRevert - offset - (ExpectedGlide.dragged(floaty, travel: 240) + glide(floaty))) < 0.01)

        // Export: named by side and model, so the JSON and the code beside it belong together.
        #expect(try click("Export for engineers") == [.exportForEngineers(base: "scrollab-feel-A-uikit")])

        // A/B: open the section, turn it on, Copy and Swap.
        #expect(try click("A/B comparison").isEmpty)
        let compare = try click("Compare A and B side by side")
        #expect(compare == [.setComparing(true)])
        session.send(compare, at: 150)
        #expect(try click("Swap") == [.swapSides])
        #expect(try click("Copy A → B") == [.copy(from: 0, to: 1)])
        #expect(try click("Copy B → A") == [.copy(from: 1, to: 0)])
    }

    /// A text of any length is drawn: Dear ImGui aborts on one text of over 16,383 bytes (a side
    /// named at length in a message, a long path), so the panel cuts every text it draws short.
    @Test func aMessageOfAnyLengthIsDrawnCutShort() throws {
        let width: Float = 560, height: Float = 900
        let (offscreen, session, panel) = try headless(width: width, height: height)
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        let word = String(repeating: "é", count: 20_000)
        let spaced = Array(repeating: "name", count: 5_000).joined(separator: " ")
        for (text, isError) in [(word, true), (word, false), (spaced, true), (spaced, false)] {
            session.send([.failed(.read(path: "p", as: .parameters, reason: "x"))], at: 10)
            if isError {
                session.send([.failed(.read(path: "p", as: .parameters, reason: text))], at: 10)
            } else {
                session.send([.setFeel(.standard, name: text)], at: 10)
            }
            #expect(session.message?.text.contains(String(text.prefix(100))) == true)
            slgui_set_mouse(-1, -1, false)
            slgui_new_frame(width, height, 1, 1.0 / 60)
            _ = panel.draw(session.panelState(at: 10), frameMilliseconds: 0, x: 0, y: 0, width: width, height: height)
            slgui_render()
            #expect(panel.widgetRects.contains { $0.label == "Undo" }, "the panel below the message is drawn")
        }
    }

    /// In a short panel (a 640×400 window) the message area is two lines, not three: the rows
    /// below it (Undo first) start 22 pt higher than in a tall one.
    @Test func aShortPanelKeepsTwoLinesForTheMessage() throws {
        func undoTop(height: Float) throws -> Float {
            let (offscreen, session, panel) = try headless(width: 260, height: height)
            defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
            slgui_set_mouse(-1, -1, false)
            slgui_new_frame(260, height, 1, 1.0 / 60)
            _ = panel.draw(session.panelState(at: 10), frameMilliseconds: 0, x: 0, y: 0, width: 260, height: height)
            slgui_render()
            return try #require(panel.widgetRects.first { $0.label == "Undo" }).y
        }
        #expect(try undoTop(height: 800) - undoTop(height: 400) == 22)
        #expect(try undoTop(height: 499) == undoTop(height: 400))
        #expect(try undoTop(height: 500) == undoTop(height: 800))
    }

    /// The window copies the panel from a cached texture only when nothing it drew reaches left
    /// of it; window frames carry the whole display as their clip rectangle, so the leftmost
    /// pixel must come from what is drawn. (Taken from clip rectangles it was 0: the panel was
    /// redrawn every frame.)
    @Test func panelReportsItsLeftmostDrawnPixel() throws {
        let (offscreen, session, panel) = try headless(width: 900, height: 800, cards: 40)
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        for panelX: Float in [300, 512.5] {
            for _ in 0..<3 {
                slgui_set_mouse(-1, -1, false)
                slgui_new_frame(900, 800, 1, 1.0 / 60)
                _ = panel.draw(
                    session.panelState(at: 10), frameMilliseconds: 0, x: panelX, y: 0, width: 900 - panelX, height: 800)
                slgui_end_frame()
            }
            let left = slgui_drawn_min_x()
            #expect(left >= panelX - 1 && left <= panelX + 1, "panel at \(panelX): leftmost drawn pixel \(left)")
        }
    }

    /// The panel kept between frames and redrawn only where its drawing changed (hover, a press,
    /// a section opening, readouts of a moving scene) ends up pixel for pixel as a full redraw of
    /// the same frame.
    @Test func redrawingOnlyTheChangedRowsMatchesAFullRedraw() throws {
        let width: Float = 560, height: Float = 900
        let (offscreen, session, panel) = try headless(width: width, height: height)
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        var clock = 10.0
        var rowsRedrawn: [Int32] = []
        func frame(mouse: (Float, Float), down: Bool = false, kept: Bool = true, advance: Bool = true) {
            if advance {
                clock += 1.0 / 60
                session.frame(at: clock)
            }
            slgui_set_mouse(mouse.0, mouse.1, down)
            slgui_new_frame(width, height, 1, 1.0 / 60)
            session.send(
                panel.draw(
                    session.panelState(at: clock), frameMilliseconds: 0, x: 0, y: 0, width: width, height: height),
                at: clock)
            var top: Int32 = 0, bottom: Int32 = 0
            let rows = slgui_render_kept(kept, 44, 44, 46, &top, &bottom)
            rowsRedrawn.append(rows)
            // The span the window copies and presents holds every row redrawn, and is empty when none is.
            #expect(rows == 0 ? top == bottom : top < bottom && bottom - top >= rows, "\(top)..<\(bottom)")
        }
        frame(mouse: (-1, -1), kept: false)
        // The first frames settle the layout; then an unchanged panel redraws nothing.
        for _ in 0..<5 where rowsRedrawn.last != 0 { frame(mouse: (-1, -1), advance: false) }
        #expect(rowsRedrawn.last == 0, "an unchanged panel redraws nothing: \(rowsRedrawn)")
        // A fling: the live readouts change every frame.
        session.pointerDown(at: Point(x: 200, y: 700), time: clock)
        for i in 1...10 {
            session.pointerMoved(to: Point(x: 200, y: 700 - 24 * Double(i)), time: clock + 0.008 * Double(i))
        }
        session.pointerUp(at: Point(x: 200, y: 460), time: clock + 0.08)
        for _ in 0..<5 { frame(mouse: (-1, -1)) }
        // The readouts, the gesture's charts and its table change; nothing below them is redrawn.
        let table = try #require(panel.widgetRects.first { $0.label == "##gesture-table" })
        let live = Int32(table.y + table.height) + 2
        #expect(
            rowsRedrawn.suffix(5).contains { $0 > 0 } && rowsRedrawn.suffix(5).allSatisfy { $0 <= live },
            "readouts, charts and table only (\(live) rows): \(rowsRedrawn.suffix(5))")
        // Hover and press a section header, which opens and moves everything below it.
        let header = try #require(panel.widgetRects.first { $0.label == "A/B comparison" })
        let point = (header.x + header.width / 2, header.y + header.height / 2)
        frame(mouse: point)
        frame(mouse: point, down: true)
        frame(mouse: point)
        frame(mouse: (width - 4, height - 4))
        let kept = offscreen.snapshot()
        slgui_render_again(44, 44, 46)
        let full = offscreen.snapshot()
        var differing = 0
        for y in 0..<full.height {
            for x in 0..<full.width where kept.pixel(x: x, y: y) != full.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ from a full redraw")
        if differing > 0 { try? kept.savePNG("/tmp/panel-kept.png"); try? full.savePNG("/tmp/panel-full.png") }
    }

    /// After a swap the preset menu names what the edited side now runs (it kept "Floaty" while
    /// A ran UIKit normal's values); a preset picked but not applied stays picked.
    @Test func thePresetMenuFollowsTheEditedSidesValues() throws {
        let (offscreen, session, panel) = try headless(width: 560, height: 1600)
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        func frame() {
            slgui_set_mouse(-1, -1, false)
            slgui_new_frame(560, 1600, 1, 1.0 / 60)
            session.send(
                panel.draw(session.panelState(at: 10), frameMilliseconds: 0, x: 0, y: 0, width: 560, height: 1600),
                at: 10)
            slgui_end_frame()
        }
        frame()
        #expect(panel.shownPreset == Preset.all[0].title)
        session.send([.setComparing(true), .applyPreset(id: "floaty")], at: 10)
        frame()
        #expect(panel.shownPreset == "Floaty")
        session.send([.swapSides], at: 10)
        frame()
        #expect(panel.shownPreset == Preset.all[0].title, "A now runs B's values: \(panel.shownPreset)")
    }
}
