import Foundation
import Testing
import Platform
@testable import Media

/// FFmpeg that stops reading or crashes: one line saying so, no hang, nothing written, and no
/// FFmpeg left running.
@Suite struct VideoEncoderFailureTests {
    func fake(_ script: String) throws -> (folder: URL, ffmpeg: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollab-ffmpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ffmpeg = folder.appendingPathComponent("ffmpeg")
        try ("#!/bin/sh\necho $$ > \(folder.path)/pid\n" + script).write(to: ffmpeg, atomically: true, encoding: .utf8)
        chmod(ffmpeg.path, 0o755)
        return (folder, ffmpeg.path)
    }

    /// A frame of 4 MB: more than a pipe holds, so a writer must wait for FFmpeg to read it.
    let frame = Image(width: 1000, height: 1000, pixels: [UInt8](repeating: 200, count: 4_000_000))

    func alive(_ folder: URL) -> Bool {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("pid"), encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return false }
        return kill(pid, 0) == 0
    }

    @Test func aStalledEncoderIsStoppedAndSaysSo() throws {
        let (folder, ffmpeg) = try fake("exec sleep 600\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("clip.mp4").path
        let encoder = try VideoEncoder(
            path: out, format: .mp4, width: 1000, height: 1000, fps: 60, ffmpeg: ffmpeg, stallSeconds: 1)
        do {
            try encoder.write(frame)
            try encoder.write(frame)
            Issue.record("frames were taken by an FFmpeg that reads nothing")
        } catch {
            #expect(
                error.message == "\(out): ffmpeg stopped reading frames for 1 s and was stopped; nothing was written")
        }
        #expect(!alive(folder), "the stalled ffmpeg still runs")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["ffmpeg", "pid"])
    }

    @Test func aCrashedEncoderIsNamedACrash() throws {
        let (folder, ffmpeg) = try fake("kill -SEGV $$\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("clip.gif").path
        let encoder = try VideoEncoder(
            path: out, format: .gif, width: 1000, height: 1000, fps: 50, ffmpeg: ffmpeg, stallSeconds: 5)
        do {
            try encoder.write(frame)
            try encoder.finish()
            Issue.record("a crashed ffmpeg's clip was reported as written")
        } catch {
            #expect(
                error.message.hasPrefix("\(out): ffmpeg ") && error.message.contains("crashed: signal 11"),
                "\(error.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
