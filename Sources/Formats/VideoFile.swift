/// Screen recordings among the files a command or the panel is given.
public enum VideoFile {
    /// File name endings read as screen recordings (FFmpeg decodes them) rather than CSV.
    public static let endings = ["mp4", "mov", "m4v", "gif", "webm", "mkv", "avi"]

    /// Whether `path` ends as a screen recording does.
    public static func isVideo(_ path: String) -> Bool {
        guard path.contains("."), let ending = path.split(separator: ".").last?.lowercased() else { return false }
        return endings.contains(ending)
    }
}
