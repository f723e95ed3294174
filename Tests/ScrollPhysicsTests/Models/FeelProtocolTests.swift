import Testing
@testable import ScrollPhysics

/// What every feel gets from the protocol's defaults: a hand-off at a chained edge, an exact
/// retarget, a stream's glide; and the axis asking the feel, whichever it is.
struct FeelProtocolTests {
    static let zoo: [ZooModel] = FeelZoo.models

    /// An axis of 2,000 pt of range in an 800 pt view running `feel`.
    static func axis(_ feel: ZooModel, offset: Double = 1000) -> ScrollAxis {
        ScrollAxis(viewportLength: 800, bounds: 0...2000, feel: Feel(feel), offset: offset)
    }

    /// A fling toward a chained trailing edge ends on it, handing on the speed the motion had
    /// there; unchained, the same fling does not end there with a hand-off.
    @Test(arguments: FeelZoo.names)
    func everyFeelHandsOffAtAChainedEdge(name: String) throws {
        let feel = try #require(FeelZoo.model(named: name))
        let extent = ModelExtent(maxOffset: 2000, viewport: 800)
        let free = feel.release(FreeRelease(position: 1000, velocity: 6000, extent: extent))
        let chained = feel.release(
            FreeRelease(position: 1000, velocity: 6000, extent: extent, chainsTrailingEdge: true))
        #expect(free.handOff == nil)
        let handOff = try #require(chained.handOff, "\(name)")
        #expect(handOff.edge == .trailing && chained.restPosition == 2000)
        // The crossing: the free motion reaches 2000 pt at the chained motion's end, at the handed-on speed.
        #expect(close(free.position(at: chained.end), 2000, 1e-3), "\(name): \(free.position(at: chained.end))")
        // The speed it arrives with, just before the edge (UIKit hands on its glide's own
        // velocity, v·r^τ, which the frame sum's slope trails by 0.1 %; Android's stretch starts
        // at another speed, which is not the content's).
        let arriving = free.velocity(at: chained.end - 2e-9)
        #expect(relativelyClose(handOff.velocity, arriving, 2e-3), "\(name): \(handOff.velocity) vs \(arriving)")
        #expect(handOff.velocity > 0 && chained.end > 0)
        // Before the crossing the chained motion is the free one.
        for t in stride(from: 0.0, to: chained.end, by: chained.end / 7) {
            #expect(chained.position(at: t) == free.position(at: t))
        }
        // Released on the chained edge itself, heading out: handed on at once with exactly the
        // release velocity (an ease-out's faster start handed on, over and over between two
        // joined lists, once grew to 4e13 pt/s).
        let onEdge = feel.release(FreeRelease(position: 2000, velocity: 3000, extent: extent, chainsTrailingEdge: true))
        #expect(onEdge.end == 0 && onEdge.handOff?.velocity == 3000, "\(name): \(String(describing: onEdge.handOff))")
        // Too slow to reach the edge: no hand-off.
        #expect(
            feel.release(FreeRelease(position: 1000, velocity: 50, extent: extent, chainsTrailingEdge: true)).handOff
                == nil)
    }

    /// Two joined axes of any feel pass momentum across the joint.
    @Test(arguments: FeelZoo.names)
    func chainedAxesOfEveryFeelPassMomentumOn(name: String) throws {
        let feel = try #require(FeelZoo.model(named: name))
        var outer = Self.axis(feel, offset: 1900), inner = Self.axis(feel, offset: 0)
        AxisChain.join(&outer, &inner)
        outer.fling(at: 0, velocity: 3000)
        let report = AxisChain().advance(&outer, &inner, to: 0.5)
        #expect(report.transfers == 1, "\(name)")
        #expect(outer.offset(at: 0.5) == 2000 && inner.offset(at: 0.5) > 0, "\(name): \(inner.offset(at: 0.5))")
    }

    /// A release whose target the app changes rests exactly there, with every feel.
    @Test(arguments: FeelZoo.names)
    func everyFeelRetargetsExactly(name: String) throws {
        let feel = try #require(FeelZoo.model(named: name))
        var axis = Self.axis(feel, offset: 500)
        axis.beginDrag(at: 0, pointer: 600)
        for i in 1...6 { axis.dragMoved(at: Double(i) / 60, pointer: 600 - 40 * Double(i)) }
        axis.endDrag(at: 7.0 / 60)
        let report = axis.retarget(to: 1234)
        #expect(report.release?.targetOffset == 1234, "\(name)")
        axis.advance(to: 30)
        #expect(close(axis.offset(at: 30), 1234, 1e-6), "\(name): \(axis.offset(at: 30))")
    }

    /// A touchpad stream ends with the speed it had, whatever the feel (it used to end at rest
    /// for every model but UIKit).
    @Test(arguments: FeelZoo.names)
    func everyFeelGlidesAfterAStream(name: String) throws {
        let feel = try #require(FeelZoo.model(named: name))
        var axis = Self.axis(feel, offset: 500)
        axis.beginDrag(at: 0, pointer: 0, input: .touchpad)
        for i in 1...8 { axis.dragScrolled(at: Double(i) / 60, by: 20) }  // 1,200 pt/s
        let report = axis.endScrollStream(at: 8.0 / 60, lastEventTime: 8.0 / 60)
        let release = try #require(report.release)
        #expect(release.velocity > 600, "\(name): \(release.velocity)")
        #expect(release.targetOffset > axis.offset(at: 8.0 / 60) + 50, "\(name)")
    }
}
