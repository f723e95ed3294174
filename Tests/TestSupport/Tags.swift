import Foundation
import Testing

extension Tag {
    /// Suites that open a real window under Xvfb: `make test` runs them, `make test-fast` skips them.
    @Tag package static var window: Self
    /// Suites that compare golden frames: `make test` runs them, `make test-fast` skips them.
    @Tag package static var golden: Self
}

extension Trait where Self == ConditionTrait {
    /// Off when the environment's `SCROLLAB_SKIP_TAGS` (tag names, comma-separated) names `tag`:
    /// `make test-fast` sets `window,golden`. Given beside `.tags(tag)`, because `swift test --skip`
    /// matches only names in Swift Testing 6.3 (its `tag:` filter comes in a later release).
    package static func skipped(whenSkipping tag: Tag) -> Self {
        let name = String(String(describing: tag).drop { $0 == "." })
        let skipping = (ProcessInfo.processInfo.environment["SCROLLAB_SKIP_TAGS"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return .disabled(if: skipping.contains(name), "SCROLLAB_SKIP_TAGS skips the \(name) suites")
    }
}
