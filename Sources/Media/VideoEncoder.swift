#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Platform
import SafeOutput

/// A video file format the encoder writes.
public enum VideoFormat: String, Sendable {
    /// H.264 in MP4, yuv420p: plays in browsers and chat apps.
    case mp4
    /// GIF with a palette generated from the clip's own frames.
    case gif

    /// The format a file name asks for (by its extension), or nil.
    public init?(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".mp4") { self = .mp4 } else if lower.hasSuffix(".gif") { self = .gif } else { return nil }
    }

    /// Frames per second a format can hold exactly. A GIF stores each frame's delay in whole
    /// hundredths of a second (and browsers slow delays under 0.02 s down to 0.1 s), so its rates
    /// are 100/n with n ≥ 2: 50, 25, 20, 10 …; H.264 takes any rate.
    public func accepts(fps: Double) -> Bool {
        switch self {
        case .mp4: return true
        case .gif:
            let delay = 100 / fps
            return fps <= 50 && abs(delay - delay.rounded()) < 1e-9
        }
    }

    /// The rate used when none is asked for.
    public var defaultFPS: Double { self == .mp4 ? 60 : 50 }
}

/// Why a clip could not be written: one line.
public struct VideoError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    /// An encode stopped on request (nothing was written).
    public static let cancelled = VideoError("cancelled; nothing was written")
    public var description: String { message }
}

/// Encodes raw RGBA frames with FFmpeg, piped to its standard input, into an MP4 or a GIF.
///
/// The output is an `OutputFile` (a temporary file made exclusively beside the target, by its
/// rules for existing files, links and inputs) that FFmpeg writes through `/proc/PID/fd/N`;
/// `finish()` commits it only when the encode succeeded, so a failed or cancelled encode leaves
/// no half-written file and an existing target untouched.
public final class VideoEncoder {
    public let path: String
    public let format: VideoFormat
    public let width: Int
    public let height: Int
    private let output: OutputFile
    private let process: Process
    private let input: FileHandle
    private let errors: Pipe
    private var done = false
    private var inputOpen = true
    /// What FFmpeg wrote to standard error so far (read as it comes: a full pipe would stall it).
    private var errorText: [UInt8] = []
    /// Longest FFmpeg may go without reading a frame, or without exiting once its input ends,
    /// before it counts as stalled and is stopped (s; 30 unless given).
    private let stallSeconds: Double
    /// The file FFmpeg writes when the output is a device or FIFO (unlinked; -1 otherwise).
    private let scratch: Int32

    /// The ffmpeg executable on PATH, or nil.
    public static func ffmpegPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = String(folder) + "/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    public static let installHint =
        "ffmpeg is not on PATH; install it with: sudo apt-get install --no-install-recommends ffmpeg (or run make deps)"

    /// FFmpeg's arguments after the input: the codec and its settings.
    static func outputArguments(_ format: VideoFormat) -> [String] {
        switch format {
        case .mp4:
            // CRF 4 tuned for animation: sharp UI edges and textured art come back within 8 levels of
            // the frame drawn on all but 0.15 % of pixels (past yuv420p's own halving of colour
            // resolution) and the 4 s A/B clip is 1.0 MB; "veryfast" because drawing, not
            // encoding, should take the CPU (x264 "medium" halves the size at twice the CPU).
            // Converted with BT.709 and tagged so, so players convert back with the same matrix.
            return [
                "-vf", "scale=out_color_matrix=bt709:out_range=tv:flags=accurate_rnd", "-c:v", "libx264", "-preset",
                "veryfast",
                "-tune", "animation", "-crf", "4", "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries",
                "bt709", "-color_trc", "bt709",
                "-color_range", "tv", "-movflags", "+faststart", "-f", "mp4"
            ]
        case .gif:
            // One palette for the whole clip from its own frames; later frames store only the rectangle that changed.
            return [
                "-filter_complex",
                "[0:v]split[a][b];[a]palettegen=max_colors=256:stats_mode=full[p];"
                    + "[b][p]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle",
                "-loop", "0", "-f", "gif"
            ]
        }
    }

    /// Starts FFmpeg for `width` × `height` RGBA frames at `fps`, writing `path` when finished.
    public init(
        path: String, format: VideoFormat, width: Int, height: Int, fps: Double, inputs: [String] = [],
        ffmpeg: String? = VideoEncoder.ffmpegPath(), stallSeconds: Double = 30
    ) throws(VideoError) {
        self.stallSeconds = stallSeconds
        guard let ffmpeg else { throw VideoError(Self.installHint) }
        guard path != "-" else {
            throw VideoError("--video: - (standard output) cannot hold an MP4 or GIF here; name a file")
        }
        do { output = try OutputFile(path, inputs: inputs) } catch { throw VideoError(error.message) }
        // FFmpeg writes a regular file whose end can be checked: the output's own temporary
        // file, or for a device or FIFO a scratch file copied there (with checked writes) once
        // whole. FFmpeg's GIF muxer ignores a full disk and exits 0; writing it straight to
        // /dev/full or a FIFO could not be checked at all.
        if case .some(.direct) = try? OutputFile.plan(path, inputs: inputs) {
            var template = Array("\(Self.scratchFolder())/.scrollab-video-XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else {
                let code = errno; output.discard();
                throw VideoError("\(path): no scratch file for the encoder (\(String(cString: strerror(code))))")
            }
            unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            scratch = fd
        } else {
            scratch = -1
        }
        self.path = path
        self.format = format
        self.width = width
        self.height = height
        process = Process()
        // Under setpriv --pdeathsig: FFmpeg is killed when this process dies, however it dies,
        // instead of running on as an orphan.
        let setpriv = "/usr/bin/setpriv"
        let guarded = FileManager.default.isExecutableFile(atPath: setpriv)
        process.executableURL = URL(fileURLWithPath: guarded ? setpriv : ffmpeg)
        process.arguments =
            (guarded ? ["--pdeathsig", "KILL", "--", ffmpeg] : []) + [
                "-hide_banner", "-loglevel", "error", "-y",
                "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", Self.rate(fps), "-i",
                "pipe:0"
            ]
            + Self.outputArguments(format) + ["/proc/\(getpid())/fd/\(scratch >= 0 ? scratch : output.fileDescriptor)"]
        let pipe = Pipe()
        errors = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        input = pipe.fileHandleForWriting
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            output.discard()
            throw VideoError("\(ffmpeg): cannot be started (\(error.localizedDescription))")
        }
        // Frames are written without blocking, so a stalled FFmpeg is noticed (`write`).
        for fd in [input.fileDescriptor, errors.fileHandleForReading.fileDescriptor] {
            let flags = fcntl(fd, F_GETFL)
            if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        }
    }

    /// Reads what FFmpeg has written to standard error, without waiting (the last 64 kB kept).
    private func drainErrors() {
        let fd = errors.fileHandleForReading.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            errorText.append(contentsOf: chunk[0..<n])
            if errorText.count > 65_536 { errorText.removeFirst(errorText.count - 65_536) }
        }
    }

    deinit {
        if !done { cancel() }
        if scratch >= 0 { close(scratch) }
    }

    /// "60" or "100/3".
    static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : "\(Int((fps * 1000).rounded()))/1000"
    }

    /// Sends one frame (its size must be the encoder's).
    public func write(_ image: Image) throws(VideoError) {
        precondition(image.width == width && image.height == height, "frame size differs from the encoder's")
        let fd = input.fileDescriptor
        var failure: Int32 = 0
        var stalled = false
        image.pixels.withUnsafeBytes { buffer in
            var offset = 0
            var idle = 0.0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN {
                        // FFmpeg has not read for a while: wait for room, up to `stallSeconds`.
                        drainErrors()
                        var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                        if poll(&ready, 1, 250) == 0 { idle += 0.25 }
                        if idle >= stallSeconds { stalled = true; return }
                        continue
                    }
                    failure = errno
                    return
                }
                idle = 0
                offset += written
            }
        }
        if stalled {
            cancel()
            throw VideoError(
                "\(path): ffmpeg stopped reading frames for \(Int(stallSeconds)) s and was stopped; nothing was written"
            )
        }
        if failure != 0 {
            let reason = finishProcess()
            let ending = ended()
            cancel()
            throw VideoError(
                "\(path): ffmpeg stopped while encoding "
                    + "(\(ending ?? (reason.isEmpty ? String(cString: strerror(failure)) : reason)))"
            )
        }
    }

    /// How FFmpeg ended when a signal ended it ("crashed: signal 11, SIGSEGV"), else nil.
    private func ended() -> String? {
        guard !process.isRunning, process.terminationReason == .uncaughtSignal else { return nil }
        let signal = process.terminationStatus
        let name = strsignal(signal).map { String(cString: $0) } ?? "signal"
        return "it crashed: signal \(signal), \(name)"
    }

    /// Closes the input, waits for FFmpeg and, if it succeeded, renames the file into place.
    /// Returns the size written in bytes.
    @discardableResult
    public func finish() throws(VideoError) -> Int {
        let reason = finishProcess()
        if let ending = ended() {
            cancel()
            throw VideoError("\(path): ffmpeg failed (\(ending)); nothing was written")
        }
        guard process.terminationStatus == 0 else {
            cancel()
            let said = reason.isEmpty ? "" : ": \(reason)"
            throw VideoError(
                "\(path): ffmpeg failed (exit status \(process.terminationStatus))\(said); nothing was written")
        }
        let written = scratch >= 0 ? scratch : output.fileDescriptor
        var status = stat()
        let size = fstat(written, &status) == 0 ? Int(status.st_size) : 0
        guard size > 0 else {
            cancel()
            throw VideoError("\(path): ffmpeg wrote nothing")
        }
        if let problem = Self.check(written, size: size, format: format) {
            cancel()
            throw VideoError(
                "\(path): ffmpeg's \(format.rawValue.uppercased()) is cut short (\(size) bytes, \(problem)); is the "
                    + "disk full? Nothing was replaced"
            )
        }
        do {
            if scratch >= 0 { try copyScratch(size: size) }
            try output.commit()
        } catch {
            cancel()
            throw VideoError(error.message)
        }
        done = true
        return size
    }

    /// Whether the file FFmpeg wrote is whole: a GIF ends with its trailer (0x3B); an MP4's
    /// top-level boxes cover the file exactly and include `moov` and `mdat`. Nil when whole.
    static func check(_ descriptor: Int32, size: Int, format: VideoFormat) -> String? {
        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: count)
            let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return n == count ? buffer : nil
        }
        switch format {
        case .gif:
            guard let head = bytes(at: 0, count: 6), head == Array("GIF89a".utf8) || head == Array("GIF87a".utf8) else {
                return "no GIF header"
            }
            guard bytes(at: size - 1, count: 1) == [0x3B] else { return "no GIF trailer" }
            return nil
        case .mp4:
            var offset = 0, boxes = Set<String>()
            while offset < size {
                guard let header = bytes(at: offset, count: 8) else { return "a box header cut at byte \(offset)" }
                var length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
                let type = String(decoding: header[4..<8], as: UTF8.self)
                if length == 1 {
                    guard let large = bytes(at: offset + 8, count: 8) else {
                        return "a box header cut at byte \(offset)"
                    }
                    length = large.reduce(0) { $0 << 8 | Int($1) }
                } else if length == 0 {
                    length = size - offset
                }
                guard length >= 8, length <= size - offset else { return "the \(type) box runs past the end" }
                boxes.insert(type)
                offset += length
            }
            return boxes.contains("moov") && boxes.contains("mdat") ? nil : "no moov or mdat box"
        }
    }

    private func copyScratch(size: Int) throws(OutputError) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset = 0
        while offset < size {
            let n = chunk.withUnsafeMutableBytes { pread(scratch, $0.baseAddress, $0.count, off_t(offset)) }
            if n < 0 { if errno == EINTR { continue }; throw OutputError(path, errno: errno) }
            if n == 0 { break }
            try output.write(bytes: Array(chunk[0..<n]))
            offset += n
        }
    }

    /// Where a scratch file goes: $TMPDIR, else /tmp.
    static func scratchFolder() -> String {
        if let folder = ProcessInfo.processInfo.environment["TMPDIR"], !folder.isEmpty { return folder }
        return "/tmp"
    }

    /// Stops FFmpeg if it still runs and removes the temporary file.
    public func cancel() {
        done = true
        closeInput()
        stop()
        output.discard()
    }

    /// Ends FFmpeg: SIGTERM, then SIGKILL if it still runs half a second later (a child can
    /// inherit SIGTERM blocked or ignored from the thread that started it).
    private func stop() {
        guard process.isRunning else { return }
        process.terminate()
        var waited = 0.0
        while process.isRunning, waited < 0.5 {
            usleep(10_000)
            waited += 0.01
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    private func closeInput() {
        if inputOpen { inputOpen = false; try? input.close() }
    }

    /// Closes FFmpeg's input, waits for it (up to `stallSeconds`; then it is stopped), and returns
    /// the last line it wrote to standard error.
    private func finishProcess() -> String {
        closeInput()
        var waited = 0.0
        while process.isRunning, waited < stallSeconds {
            drainErrors()
            usleep(20_000)
            waited += 0.02
        }
        if process.isRunning {
            stop()
            return "it did not finish within \(Int(stallSeconds)) s after its last frame and was stopped"
        }
        process.waitUntilExit()
        drainErrors()
        let text = String(decoding: errorText, as: UTF8.self)
        return text.split(separator: "\n").last.map(String.init) ?? ""
    }
}
