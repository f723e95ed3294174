import Foundation
import Testing

/// The window's viewport range, one for `play --viewport`, `blind --viewport` and session files:
/// out of it is one line and exit 2, before any window opens.
@Suite struct WindowViewportTests {
    @Test(
        arguments: [
            (
                ["play", "--viewport", "100000x100000"],
                "--viewport: 100000x100000 is too large for the window; each side "
            ),
            (["play", "--viewport", "390x2049"], "--viewport: 390x2049 is too large for the window; each side "),
            (
                ["blind", "--staircase", "decelerationRate", "--viewport", "5000x844", "--out", "r.jsonl"],
                "--viewport: 5000x844 is too large for the window"
            ),
            (
                ["blind", "--staircase", "decelerationRate", "--viewport", "99x844", "--out", "r.jsonl"],
                "--viewport: 99x844 is too small for the window"
            )
        ])
    func aViewportTheWindowCannotShowIsRefused(arguments: [String], start: String) throws {
        let run = try scrollab(arguments, environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("scrollab: error: " + start), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
