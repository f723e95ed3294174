import Foundation
import Scenes
import Fitting
import Tracking

/// A video file to a `Track`: decoding (`VideoDecoder`), profiles of each frame as it arrives
/// (the frames themselves are not kept), the scale in points per pixel, then `Tracker.track`.
/// What `scrollab track`, `fit --video` and the window's *Reference → Load* run.
public enum VideoTracking {
    /// How many points a pixel of the recording is.
    public enum Scale: Equatable, Sendable {
        /// Given (`--points-per-pixel`).
        case pointsPerPixel(Double)
        /// The device the recording was made on: its width in points over the frame's in pixels.
        case device(Device)
        /// A phone whose width in points times 1, 2 or 3 is the frame's, else 1 pt a pixel.
        case automatic
    }

    public struct Request: Sendable {
        public var path: String
        /// x, y, width, height in pixels: the part of the frame to track (nil: found).
        public var region: (x: Int, y: Int, width: Int, height: Int)?
        public var axis: TrackAxis?
        public var scale: Scale
        public init(
            path: String, region: (x: Int, y: Int, width: Int, height: Int)? = nil, axis: TrackAxis? = nil,
            scale: Scale = .automatic
        ) {
            self.path = path
            self.region = region
            self.axis = axis
            self.scale = scale
        }
    }

    /// Widths in points of the phones a recording may come from: the devices ScrollLab knows,
    /// and other iPhones (320 SE 1st, 414 Plus/Max, 428, 440) and common Android widths.
    static let phoneWidths: [Double] = {
        let known = (Device.all + [Device.defaultPhone]).map(\.viewport.width)
        return Array(Set(known + [320, 360, 375, 390, 393, 402, 412, 414, 428, 430, 440])).sorted()
    }()

    /// Points per pixel for a frame `width` pixels wide, and how it was found.
    public static func pointsPerPixel(_ scale: Scale, frameWidth width: Int) -> (value: Double, note: String) {
        switch scale {
        case .pointsPerPixel(let value):
            return (value, "scale: \(Fit.format(value)) pt per pixel (given)")
        case .device(let device):
            let value = device.viewport.width / Double(width)
            return (
                value,
                "scale: \(Fit.format(value)) pt per pixel (\(device.title)'s \(Fit.format(device.viewport.width)) pt "
                    + "over \(width) px)"
            )
        case .automatic:
            for factor in [3.0, 2, 1] {
                let points = Double(width) / factor
                if phoneWidths.contains(points) {
                    return (
                        1 / factor,
                        "scale: \(Fit.format(1 / factor)) pt per pixel (\(width) px wide is a \(Fit.format(points)) "
                            + "pt phone screen at @\(Int(factor))x; --points-per-pixel or --device to say otherwise)"
                    )
                }
            }
            return (
                1,
                "scale: 1 pt per pixel (\(width) px wide is no phone screen known at @1x–@3x; give --points-per-pixel "
                    + "or --device)"
            )
        }
    }

    /// The most memory the frames' profiles may take, bytes: with FFmpeg's own, a tracking run
    /// stays under 512 MB (a 1170×2532 recording: 3,600 frames, a minute at 60 fps).
    public static let profileBudget = 320 << 20

    /// Bytes one frame's profiles take: 12 strips along each axis, 2 bytes a value.
    public static func profileBytes(width: Int, height: Int) -> Int {
        FrameProfiles.strips * (width + height) * 2 + 64 * FrameProfiles.strips
    }

    /// Decodes and tracks. Errors are one line naming the file.
    public static func track(
        _ request: Request, ffmpeg: String? = VideoEncoder.ffmpegPath(),
        profileBudget: Int = VideoTracking.profileBudget
    ) throws(TrackError) -> Track {
        var profiles: [FrameProfiles] = []
        var marks: StillMarks?
        var stopReason: String?  // why the frames stopped being read: a region outside them, or the budget
        var used = 0
        let decoded: VideoDecoder.Decoded
        do {
            decoded = try VideoDecoder.decode(request.path, ffmpeg: ffmpeg) { frame in
                if let region = request.region {
                    // Compared by subtraction: x + width of two huge numbers would overflow.
                    guard region.x >= 0, region.y >= 0, region.width >= 16, region.height >= 16,
                        region.x <= frame.width, region.y <= frame.height,
                        region.width <= frame.width - region.x, region.height <= frame.height - region.y
                    else {
                        stopReason =
                            "--region \(region.x),\(region.y),\(region.width),\(region.height) does not lie inside "
                            + "the \(frame.width)x\(frame.height) frame (or is under 16 px a side)"
                        return false
                    }
                }
                let cost = profileBytes(
                    width: request.region?.width ?? frame.width, height: request.region?.height ?? frame.height)
                guard used + cost <= profileBudget else {
                    stopReason =
                        "more than \(profiles.count) frames of \(frame.width)x\(frame.height) px: at most "
                        + "\(profileBudget >> 20) MB of frame profiles are kept; cut the part that scrolls (ffmpeg -ss "
                        + "START -t LENGTH -i IN OUT) or give --region"
                    return false
                }
                used += cost
                profiles.append(FrameProfiles(frame, crop: request.region))
                if marks == nil {
                    marks = StillMarks(first: frame, crop: request.region)
                } else {
                    marks!.add(frame, crop: request.region)
                }
                return true
            }
        } catch {
            throw TrackError(error.message)
        }
        if let stopReason { throw TrackError("\(request.path): \(stopReason)") }
        // Time only increases: a frame whose timestamp does not is left out, and said so.
        var times: [Double] = []
        var kept: [FrameProfiles] = []
        for (profile, time) in zip(profiles, decoded.times) where times.last.map({ time > $0 }) ?? true {
            kept.append(profile)
            times.append(time)
        }
        let dropped = profiles.count - kept.count
        profiles = kept
        let scale = pointsPerPixel(request.scale, frameWidth: decoded.width)
        var track: Track
        do {
            track = try Tracker.track(
                profiles, times: times,
                options: Tracker.Options(axis: request.axis, pointsPerPixel: scale.value),
                stillMarks: marks)
        } catch {
            throw TrackError("\(request.path): \(error.message)\(decoded.note.map { " (\($0))" } ?? "")")
        }
        track.notes.insert(scale.note, at: 0)
        track.notes.insert(
            "\(request.path): \(decoded.width)x\(decoded.height) px, \(profiles.count) frames over "
                + "\(Fit.format(times.last! - times.first!)) s",
            at: 0)
        if let note = decoded.note { track.notes.append(note) }
        if dropped > 0 {
            track.notes.append(
                "warning: \(dropped) frame\(dropped == 1 ? "" : "s") left out: \(dropped == 1 ? "its" : "their") "
                    + "timestamp\(dropped == 1 ? " does" : "s do") not come after the frame before")
        }
        return track
    }
}
