#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Tracking

/// Decodes a video (anything FFmpeg reads: MP4, MOV, GIF, WebM …) into grey frames with their
/// presentation timestamps, for `scrollab track`.
///
/// FFmpeg writes the frames as YUV4MPEG2 in grey, every decoded frame once (`-fps_mode
/// passthrough`: a variable-rate screen recording is neither padded nor thinned), and its
/// `showinfo` filter (no checksums) prints each frame's `pts_time` on standard error. The grey is
/// the luma plane as decoded (`extractplanes=y`, after a conversion only for formats that are not
/// planar YUV, such as a GIF's), as a conversion to full-range grey would cost a third of the
/// time and registration needs no particular range. Both pipes are
/// read in one `poll` loop, so neither fills and stalls FFmpeg; nothing waits longer than
/// `stallSeconds` for FFmpeg to say anything.
public enum VideoDecoder {
    /// Formats whose first plane is the luma, 8 bits a sample: `extractplanes=y` copies it.
    static let lumaFormats = "yuv420p|yuvj420p|yuv422p|yuvj422p|yuv444p|yuvj444p|gray"
    public struct Decoded: Sendable {
        /// Seconds, one per frame, from the container (as FFmpeg presents them).
        public var times: [Double]
        public var width: Int
        public var height: Int
        /// Set when the timestamps could not be read and times come from the stream's rate.
        public var note: String?
    }

    /// How the note on a damaged file begins.
    public static let damageNote = "FFmpeg reports damage"

    /// A report's lines with the damage note, if any, moved last as a warning, where it is seen
    /// (the frames may end early).
    public static func damageLast(_ lines: [String]) -> [String] {
        lines.filter { !$0.hasPrefix(damageNote) } + lines.filter { $0.hasPrefix(damageNote) }.map { "warning: " + $0 }
    }

    /// At most this many frames are read (10 minutes at 60 fps).
    public static let maximumFrames = 36_000

    /// The largest frame decoded, pixels (2²³: a 4K frame, an iPad Pro's 2048×2732 screen). FFmpeg
    /// itself refuses larger pictures before allocating them (`-max_pixels`), so a small file
    /// that claims huge frames costs no memory.
    public static let maximumPixels = 1 << 23

    /// Decodes `path`, handing each frame to `frame` in order; `frame` returns false to stop.
    public static func decode(
        _ path: String, ffmpeg: String? = VideoEncoder.ffmpegPath(), stallSeconds: Double = 30,
        maximumPixels: Int = VideoDecoder.maximumPixels, frame: (GrayFrame) -> Bool
    ) throws(VideoError) -> Decoded {
        guard let ffmpeg else { throw VideoError(VideoEncoder.installHint) }
        var status = stat()
        guard stat(path, &status) == 0 else { throw VideoError("\(path): \(String(cString: strerror(errno)))") }
        guard (status.st_mode & S_IFMT) != S_IFDIR else {
            throw VideoError(
                "\(path): a folder, not a video; a sequence of images is not read (ffmpeg -i \(path)/frame_%d.png "
                    + "clip.mp4 makes one)")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw VideoError("\(path): not a regular file (a video is read from a file, not a pipe or device)")
        }
        guard access(path, R_OK) == 0 else { throw VideoError("\(path): \(String(cString: strerror(errno)))") }
        let process = Process()
        let setpriv = "/usr/bin/setpriv"
        let guarded = FileManager.default.isExecutableFile(atPath: setpriv)
        process.executableURL = URL(fileURLWithPath: guarded ? setpriv : ffmpeg)
        // "file:" so a name with a colon or starting with "-" is a file, never a protocol or option.
        let input = path.hasPrefix("/") ? path : "file:" + path
        process.arguments =
            (guarded ? ["--pdeathsig", "KILL", "--", ffmpeg] : []) + [
                "-hide_banner", "-nostats", "-nostdin", "-loglevel", "info", "-max_pixels", "\(maximumPixels)", "-i",
                input, "-map", "0:v:0", "-an", "-sn",
                "-dn",
                "-vf", "showinfo=checksum=0,format=pix_fmts=\(lumaFormats),extractplanes=y", "-fps_mode", "passthrough",
                "-f", "yuv4mpegpipe", "-pix_fmt", "gray", "-strict", "-1", "pipe:1"
            ]
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            throw VideoError("\(ffmpeg): cannot be started (\(error.localizedDescription))")
        }
        defer {
            if process.isRunning {
                process.terminate(); usleep(50_000); if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
            process.waitUntilExit()
        }
        let outFD = output.fileHandleForReading.fileDescriptor, errFD = errors.fileHandleForReading.fileDescriptor
        var stream = Y4MStream()
        var errorText: [UInt8] = []
        var times: [Double] = []
        var timeBase: Double?
        var lineStart = 0
        var open = [outFD: true, errFD: true]
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var idle = 0.0
        var failure: VideoError?
        var stopped = false
        while open.values.contains(true) {
            var fds = [outFD, errFD].filter { open[$0]! }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), 250)
            if ready < 0 { if errno == EINTR { continue }; break }
            if ready == 0 {
                idle += 0.25
                if idle >= stallSeconds {
                    failure = VideoError("\(path): ffmpeg said nothing for \(Int(stallSeconds)) s and was stopped");
                    break
                }
                continue
            }
            idle = 0
            for entry in fds where entry.revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { open[entry.fd] = false; continue }
                if entry.fd == errFD {
                    errorText.append(contentsOf: chunk[0..<n])
                    // Timestamps from whole lines; then keep the text short.
                    while let newline = errorText[lineStart...].firstIndex(of: 10) {
                        let line = String(decoding: errorText[lineStart..<newline], as: UTF8.self)
                        lineStart = newline + 1
                        guard line.contains("Parsed_showinfo") else { continue }
                        if let base = Self.value(after: "config in time_base:", in: line, upTo: ",") {
                            // "1/15360": the exact time of a frame is its pts times this.
                            let parts = base.split(separator: "/").compactMap { Double($0) }
                            if parts.count == 2, parts[0] > 0, parts[1] > 0 { timeBase = parts[0] / parts[1] }
                        } else if let base = timeBase, let pts = Self.value(after: " pts:", in: line).flatMap(Int.init)
                        {
                            // pts_time is printed to 6 significant digits (3.31667 for 3.316667).
                            times.append(Double(pts) * base)
                        } else if let time = Self.value(after: "pts_time:", in: line) {
                            times.append(Double(time) ?? .nan)
                        }
                    }
                    if lineStart > 65_536 { errorText.removeFirst(lineStart); lineStart = 0 }
                } else {
                    do {
                        if try !stream.feed(chunk[0..<n], frame: frame) {
                            stopped = true; open[outFD] = false; open[errFD] = false
                        }
                    } catch {
                        failure = VideoError("\(path): \(error.message)")
                        open[outFD] = false
                        open[errFD] = false
                    }
                    if stream.frames > maximumFrames {
                        failure = VideoError(
                            "\(path): more than \(maximumFrames) frames; cut the part that scrolls (for example "
                                + "ffmpeg -ss START -t LENGTH -i IN OUT)"
                        )
                        open[outFD] = false
                        open[errFD] = false
                    }
                }
            }
        }
        if let failure { throw failure }
        if stopped {
            return Decoded(
                times: times, width: stream.header?.width ?? 0, height: stream.header?.height ?? 0, note: nil)
        }
        process.waitUntilExit()
        let lastLine =
            String(decoding: errorText, as: UTF8.self).split(separator: "\n")
            .last { !$0.contains("Parsed_showinfo") && !$0.hasPrefix(" ") }.map(String.init) ?? ""
        let ffmpegSays = String(decoding: errorText, as: UTF8.self)
        if let size = Self.value(after: "Picture size ", in: ffmpegSays),
            ffmpegSays.contains("exceeds specified max pixel")
        {
            throw VideoError(
                "\(path): frames of \(size) pixels are over the \(maximumPixels) a frame that can be tracked; scale "
                    + "the recording down first (for example ffmpeg -i IN -vf scale=iw/2:-2 OUT)")
        }
        if ffmpegSays.contains("matches no streams") || ffmpegSays.contains("does not contain any stream") {
            throw VideoError("\(path): has no video stream (sound only?)")
        }
        guard process.terminationStatus == 0 else {
            throw VideoError(
                "\(path): not a video FFmpeg can read "
                    + "(\(lastLine.isEmpty ? "exit status \(process.terminationStatus)" : lastLine))"
            )
        }
        guard let header = stream.header, stream.frames > 0 else { throw VideoError("\(path): no video frames") }
        var note: String?
        // FFmpeg decodes what it can of a damaged file and says so; the frames may end early.
        let damage = [
            "moov atom not found", "Invalid data found", "partial file", "Truncat", "corrupt", "error while decoding"
        ]
        if damage.contains(where: { ffmpegSays.contains($0) }) {
            note = "\(damageNote) (the file may be cut short or corrupt): \(stream.frames) frames decoded"
        }
        // Timestamps that mostly fail to increase (all 0, or running backwards) are no clock.
        let increasing = zip(times, times.dropFirst()).filter { $0 < $1 }.count
        if times.count != stream.frames || times.contains(where: { !$0.isFinite })
            || (times.count >= 3 && 2 * increasing < times.count - 1)
        {
            times = (0..<stream.frames).map { Double($0) / header.rate }
            note = [note, "the container's timestamps could not be read; times are frame numbers at \(header.rate) fps"]
                .compactMap { $0 }.joined(separator: "; ")
        }
        return Decoded(times: times, width: header.width, height: header.height, note: note)
    }

    /// The text after `key` in one of showinfo's lines, spaces skipped, to the next space or `end`.
    static func value(after key: String, in line: String, upTo end: Character = " ") -> String? {
        guard let range = line.range(of: key) else { return nil }
        let text = line[range.upperBound...].drop { $0 == " " }.prefix { $0 != end && !$0.isWhitespace }
        return text.isEmpty ? nil : String(text)
    }
}

/// A YUV4MPEG2 stream of grey frames ("C mono"), parsed as it arrives.
struct Y4MStream {
    struct Header { var width: Int; var height: Int; var rate: Double }
    private(set) var header: Header?
    private(set) var frames = 0
    private var buffer: [UInt8] = []
    private var position = 0

    /// False when `frame` asked to stop.
    mutating func feed(_ bytes: ArraySlice<UInt8>, frame: (GrayFrame) -> Bool) throws(VideoError) -> Bool {
        buffer.append(contentsOf: bytes)
        while true {
            guard let newline = buffer[position...].firstIndex(of: 10) else { break }
            let line = String(decoding: buffer[position..<newline], as: UTF8.self)
            if header == nil {
                guard line.hasPrefix("YUV4MPEG2") else { throw VideoError("ffmpeg's output is not YUV4MPEG2") }
                var width = 0, height = 0, rate = 60.0
                for field in line.split(separator: " ").dropFirst() {
                    let value = field.dropFirst()
                    switch field.first {
                    case "W": width = Int(value) ?? 0
                    case "H": height = Int(value) ?? 0
                    case "F":
                        let parts = value.split(separator: ":").compactMap { Double($0) }
                        if parts.count == 2, parts[1] > 0 { rate = parts[0] / parts[1] }
                    default: break
                    }
                }
                guard width > 0, height > 0, width <= 16_384, height <= 16_384 else {
                    throw VideoError("frames of \(width)x\(height) pixels cannot be tracked")
                }
                header = Header(width: width, height: height, rate: rate)
                position = newline + 1
                continue
            }
            guard line.hasPrefix("FRAME") else { throw VideoError("ffmpeg's output lost its frame markers") }
            let size = header!.width * header!.height
            guard buffer.count - (newline + 1) >= size else { break }
            let start = newline + 1
            frames += 1
            position = start + size
            if !frame(
                GrayFrame(width: header!.width, height: header!.height, pixels: Array(buffer[start..<(start + size)])))
            {
                return false
            }
        }
        if position > 0 && position >= buffer.count / 2 {
            buffer.removeFirst(position)
            position = 0
        }
        return true
    }
}
