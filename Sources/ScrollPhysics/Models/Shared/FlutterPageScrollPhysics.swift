/// Flutter's page rule (`widgets/page_view.dart`, `PageScrollPhysics._getTargetPixels` and
/// `createBallisticSimulation`), shared by both Flutter models:
///
///     page = offset / pageSize;  v < −tolerance → page − 0.5;  v > tolerance → page + 0.5
///     target = round(page) · pageSize
///
/// so any flick faster than the velocity tolerance (6.7 pt/s at 3× density) turns the page and
/// a slow release lands on the nearest one. The content then springs there with the physics'
/// spring, starting with the release velocity (`ScrollSpringSimulation`). At an edge, moving
/// outward, the parent physics takes over; both parents return to the edge page.
enum FlutterPageScrollPhysics {
    static func turn(
        _ release: ModelPageRelease, mass: Double, stiffness: Double, ratio: Double,
        distanceTolerance: Double, velocityTolerance: Double
    ) -> ModelPageTurn {
        let last = Double(max(0, release.pageCount - 1)) * release.pageSize
        let index: Int
        if (release.velocity <= 0 && release.offset <= 0) || (release.velocity >= 0 && release.offset >= last) {
            index = release.offset <= 0 ? 0 : release.clampedPage(release.pageCount - 1)
        } else {
            var page = release.pagePosition
            if release.velocity < -velocityTolerance {
                page -= 0.5
            } else if release.velocity > velocityTolerance {
                page += 0.5
            }
            index = release.clampedPage(page.rounded(.toNearestOrAwayFromZero))
        }
        let target = Double(index) * release.pageSize
        guard target != release.offset else { return ModelPageTurn(index: index, motion: .rest(at: target)) }
        let spring = DampedSpring(
            from: release.offset, velocity: release.velocity, to: target, mass: mass,
            stiffness: stiffness, ratio: ratio, distanceTolerance: distanceTolerance,
            velocityTolerance: velocityTolerance)
        return ModelPageTurn(
            index: index, motion: Motion(pieces: [.init(start: 0, simulation: spring, kind: "spring")]))
    }
}
