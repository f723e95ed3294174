import Randomness
import Foundation
import Media
import Testing
import Tracking

/// Damaged screen recordings through FFmpeg and the tracker, as `track` and `fit --video` read
/// them: small clips (16 frames of 64×64) of a scrolling picture in five codecs, with bytes
/// flipped, overwritten, cut or repeated by a seeded generator; half of them tracked in a
/// random `--region`. Each must give a track of finite numbers whose times increase, or one
/// line; a trap stops the run. `SCROLLAB_FUZZ_SEED` (default 20) and `SCROLLAB_VIDEO_FUZZ`
/// (clips, default 24) say which and how many.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg missing (make deps)"))
struct VideoFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let clips = environment["SCROLLAB_VIDEO_FUZZ"].flatMap { Int($0) } ?? 24
    static let seed = environment["SCROLLAB_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20

    /// The clips every damaged one starts from: (file extension, FFmpeg's encoder arguments).
    static let codecs: [(name: String, arguments: [String])] = [
        ("mp4", ["-c:v", "libx264", "-pix_fmt", "yuv420p"]), ("avi", ["-c:v", "mjpeg"]),
        ("m4v", ["-c:v", "mpeg4"]), ("mkv", ["-c:v", "ffv1"]), ("gif", [])
    ]

    static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func damagedClipsGiveATrackOrOneLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scrollab-video-fuzz-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = dir.appendingPathComponent("still.png").path
        #expect(Self.run(["-f", "lavfi", "-i", "testsrc2=s=64x300:d=1", "-frames:v", "1", still]) == 0)
        var originals: [(name: String, bytes: [UInt8])] = []
        for codec in Self.codecs {
            let path = dir.appendingPathComponent("clip.\(codec.name)").path
            let made = Self.run(
                [
                    "-loop", "1", "-framerate", "30", "-i", still, "-vf", "crop=64:64:0:'min(236,t*t*400)'",
                    "-frames:v",
                    "16"
                ] + codec.arguments + [path])
            #expect(made == 0, "\(codec.name)")
            originals.append((codec.name, Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        }
        var g = SeededGenerator(seed: Self.seed)
        var tracked = 0, refused = 0
        for index in 0..<Self.clips {
            let original = originals[index % originals.count]
            var bytes = original.bytes
            for _ in 0..<(1 + g.below(6)) {
                // Past the first 64 bytes mostly, so the container is still recognised.
                let at =
                    bytes.count <= 65 ? 0 : (g.below(4) == 0 ? g.below(bytes.count) : 64 + g.below(bytes.count - 64))
                switch g.below(4) {
                case 0: bytes[at] ^= UInt8(1 << g.below(8))
                case 1:
                    bytes.replaceSubrange(
                        at..<min(bytes.count, at + 1 + g.below(64)),
                        with: (0..<(1 + g.below(64))).map { _ in UInt8(g.below(256)) })
                case 2: bytes.removeSubrange(at..<min(bytes.count, at + 1 + g.below(512)))
                default:
                    let end = min(bytes.count, at + 1 + g.below(256))
                    bytes.insert(contentsOf: bytes[at..<end], at: end)
                }
            }
            let path = dir.appendingPathComponent("damaged-\(index).\(original.name)").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            var region: (x: Int, y: Int, width: Int, height: Int)?
            if g.coin() {
                region =
                    [
                        (0, 0, 64, 64), (g.below(48), g.below(48), 16 + g.below(48), 16 + g.below(48)),
                        (Int.max, 0, 16, 16), (0, g.below(64), 64, Int.max - g.below(8))
                    ][g.below(4)]
            }
            do {
                let track = try VideoTracking.track(VideoTracking.Request(path: path, region: region))
                tracked += 1
                #expect(track.frames.allSatisfy { $0.t.isFinite && $0.offset.isFinite && $0.confidence.isFinite })
                #expect(zip(track.frames, track.frames.dropFirst()).allSatisfy { $0.t < $1.t }, "\(path)")
            } catch {
                refused += 1
                #expect(!error.message.isEmpty && !error.message.contains("\n"), "\(error.message)")
            }
        }
        #expect(tracked + refused == Self.clips)
        #expect(tracked > 0, "no damaged clip was tracked: the damage is too heavy to test the tracker")
    }
}

/// M1: what a recording may cost is bounded before it is spent: FFmpeg refuses pictures over
/// the pixel limit before allocating them, and the profiles kept stop at their budget.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg missing (make deps)"))
struct VideoLimitsTests {
    static func clip() throws -> (dir: URL, path: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scrollab-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("clip.mkv").path
        #expect(
            VideoFuzzTests.run([
                "-f", "lavfi", "-i", "testsrc2=s=64x48:d=1:r=15", "-frames:v", "15", "-c:v", "ffv1", path
            ]) == 0)
        return (dir, path)
    }

    @Test func framesOverThePixelLimitAreRefusedByFFmpeg() throws {
        let (dir, path) = try Self.clip()
        defer { try? FileManager.default.removeItem(at: dir) }
        var frames = 0
        do {
            _ = try VideoDecoder.decode(path, maximumPixels: 3000) { _ in
                frames += 1
                return true
            }
            Issue.record("a 64x48 clip was decoded under a 3000-pixel limit")
        } catch {
            #expect(error.message.hasPrefix("\(path): frames of 64x48 pixels are over the 3000 a frame"), "\(error)")
        }
        #expect(frames == 0)
        let decoded = try VideoDecoder.decode(path, maximumPixels: 64 * 48) { _ in true }
        #expect(decoded.times.count == 15)
    }

    @Test func profilesStopAtTheirBudget() throws {
        let (dir, path) = try Self.clip()
        defer { try? FileManager.default.removeItem(at: dir) }
        let budget = 10 * VideoTracking.profileBytes(width: 64, height: 48)
        do {
            _ = try VideoTracking.track(VideoTracking.Request(path: path), profileBudget: budget)
            Issue.record("15 frames were kept in the budget of 10")
        } catch {
            #expect(error.message.hasPrefix("\(path): more than 10 frames of 64x48 px"), "\(error.message)")
        }
    }
}

/// H1's trap, on a damaged clip of a list fling found by fuzzing: its predicted shift ran past
/// the search reach and `Range requires lowerBound <= upperBound` ended `track` (status 132).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg missing (make deps)"))
struct DamagedClipTests {
    @Test func aPredictionPastTheReachIsTracked() throws {
        let clip = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/recordings/damaged-predicted-past-reach.avi")
            .path
        let track = try VideoTracking.track(VideoTracking.Request(path: clip))
        #expect(track.axis == .y)
        // 58 frames: one repeats the frame before, and two matched with little confidence would
        // jump the track away from their neighbours: left out, and said so.
        #expect(track.frames.count == 55)
        #expect(track.leftOut.count == 2 && track.leftOut.allSatisfy { $0.reason.hasPrefix("uncertain") })
        #expect(track.notes.contains { $0.hasPrefix("2 of 58 frames left out: t = 1.033 s: uncertain") })
        #expect(track.frames.allSatisfy { $0.offset.isFinite })
        #expect(track.notes.last?.contains("FFmpeg reports damage") == true, "\(track.notes)")
    }
}
