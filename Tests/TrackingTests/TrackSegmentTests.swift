import Testing
@testable import Tracking

@Suite struct TrackSegmentTests {
    @Test func placeholder() {}
}
