import BlindTest
import Drawing
import Playground
import Scenes
import ScrollPhysics
import Testing

/// What a blind test draws around its phones names no feel and shows no digit while a trial
/// runs, in every mode; the stage routes a finger to the phone it started on only.
@Suite struct BlindViewTests {
    let floaty = Feel(ScrollParameters())
    var firm: Feel { try! floaty.setting("decelerationRate", to: .number(0.99)) }

    func stage(_ mode: BlindMode, practice: Int = 0) -> BlindStage {
        let setup = BlindSetup(
            mode: mode, trials: 12, practice: practice, seed: 3, participant: "ana", run: "r",
            feelA: floaty, feelB: firm, nameA: "floaty.json", nameB: "firm.json")
        return BlindStage(run: BlindRun(setup), scene: .cards(count: 20), viewport: .phone)
    }

    @Test func duringATrialNoTextNamesAFeelOrShowsADigit() {
        for mode in BlindMode.allCases {
            for practice in [0, 1] {
                let stage = stage(mode, practice: practice)
                _ = stage.start(at: 0)
                let texts = BlindView(windowWidth: 1280, windowHeight: 800, stage: stage).texts
                #expect(!texts.isEmpty)
                for text in texts {
                    let digits = text.filter { $0.isNumber }
                    #expect(digits.isEmpty, "\(mode): \"\(text)\"")
                    let names = ["floaty", "firm", "UIKit", "json"].filter { text.contains($0) }
                    #expect(names.isEmpty, "\(mode): \"\(text)\"")
                }
            }
        }
    }

    @Test func aFingerMovesOnlyThePhoneItStartedOn() {
        let stage = stage(.abx)
        _ = stage.start(at: 0)
        stage.pointerDown(phone: 2, at: Point(x: 200, y: 700), time: 1)
        for (i, y) in [650.0, 560, 450, 340].enumerated() {
            stage.pointerMoved(to: Point(x: 200, y: y), time: 1 + Double(i + 1) * 0.016)
        }
        stage.pointerUp(at: Point(x: 200, y: 340), time: 1.08)
        stage.advance(to: 1.5)
        #expect(stage.phones[2].scene.mainAxis.offset(at: 1.5) > 300)
        #expect(
            stage.phones[0].scene.mainAxis.offset(at: 1.5) == 0 && stage.phones[1].scene.mainAxis.offset(at: 1.5) == 0)
        // The answer records the gesture's release speed; the next trial starts at rest.
        let records = stage.answer(.xIsA, at: 2)
        #expect(records.count == 1 && records[0].gestures == 1 && records[0].releaseSpeeds[0] > 1000)
        #expect(stage.phones.allSatisfy { $0.scene.mainAxis.offset(at: 2) == 0 })
    }
}
