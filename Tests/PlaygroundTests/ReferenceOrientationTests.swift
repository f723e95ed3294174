import Foundation
import Formats
@testable import Playground
import Testing

/// A reference that runs the other way from the gesture (a screen recording of a list scrolled back
/// up, tracked as offsets going down, against a fling down the list) is drawn on the gesture's side
/// of the plot, mirrored, not below it.
@Suite struct ReferenceOrientationTests {
    static func reference(_ offsets: [Double]) -> PlaygroundSession.Reference {
        PlaygroundSession.Reference(
            path: "r.csv",
            trace: FitTrace(samples: offsets.enumerated().map { FitTrace.Sample(t: Double($0) * 0.1, offset: $1) }))
    }

    static func flung(velocity: Double) -> GestureTrace {
        var gesture = GestureTrace()
        gesture.begin(at: 20, offset: 300, velocity: 0)
        gesture.lift(at: 20.1, offset: 412.5, velocity: velocity)
        return gesture
    }

    @Test func aReferenceTrackedTheOtherWayIsDrawnOnTheGesturesSide() {
        let down = Self.reference([0, -50, -80, -90])
        #expect(down.offsets(on: Self.flung(velocity: 2000)) == [412.5, 462.5, 492.5, 502.5])
        // The same way round: drawn as it is.
        let up = Self.reference([0, 50, 80, 90])
        #expect(up.offsets(on: Self.flung(velocity: 2000)) == [412.5, 462.5, 492.5, 502.5])
        // A gesture flung the other way: the reference follows it down.
        #expect(up.offsets(on: Self.flung(velocity: -2000)) == [412.5, 362.5, 332.5, 322.5])
        #expect(down.offsets(on: Self.flung(velocity: -2000)) == [412.5, 362.5, 332.5, 322.5])
    }

    /// A return recorded from −177 pt back to the top, drawn over a pull past the top let go
    /// while the finger still moved the pull's way (its velocity at the lift against the return):
    /// drawn as recorded, under the top, ending where the list rests. (Read from the lift's
    /// velocity it was mirrored: drawn from +177 pt down to 0.)
    @Test(arguments: [0.0, -300.0, -1500.0])
    func aReturnIsDrawnAsRecordedAfterAPullLetGoMoving(velocity: Double) {
        var gesture = GestureTrace()
        gesture.begin(at: 0, offset: 0, velocity: 0)
        gesture.append(at: 0.3, offset: -120, velocity: velocity, atRest: false)
        gesture.lift(at: 0.32, offset: -124, velocity: velocity)
        gesture.append(at: 0.4, offset: -128, velocity: 0, atRest: false)
        gesture.append(at: 0.8, offset: -20, velocity: 100, atRest: false)
        gesture.append(at: 1.5, offset: 0, velocity: 0, atRest: true)
        let recorded: [Double] = [-177, -177, -177, -157, -106, -46, -14, -2, 0]
        let trace = FitTrace(samples: recorded.enumerated().map { FitTrace.Sample(t: Double($0) * 0.1, offset: $1) })
        let reference = PlaygroundSession.Reference(path: "r.csv", trace: trace, shape: .return)
        #expect(reference.offsets(on: gesture) == recorded)
    }
}
