import Formats
import ScrollPhysics
import Tracking

/// Fits to a tracked recording, segment by segment (`fit --video`): each glide is fitted as a
/// glide and as a page settling (`Fit.glide`, `Fit.page`; the page wins, and the segment is
/// renamed `settle`, when its rms residual is 20 % lower, as `Fit.detect` decides, or when it
/// fits about as well and either the glide would slow faster than any free glide of UIKit's or
/// the page is decelerate's approach, constant deceleration into the page), each return
/// as a return (with the hold before it), and the longest free motion by every model of the zoo
/// (`ModelFit`). A drag is not fitted: a recording shows no finger, and the rubber band needs it.
public enum VideoFit {
    public struct Piece: Sendable {
        public var segment: TrackSegment
        public var result: Fit.Result?
        /// Why the segment has no fit.
        public var problem: String?
    }

    public struct Report: Sendable {
        public var pieces: [Piece]
        /// The zoo on the longest glide, best first (empty without one).
        public var models: [ModelFit.Result]
        /// The segment the zoo was fitted to.
        public var modelSegment: TrackSegment?
        /// The track's segments with glides told from page settles (`named`).
        public var segments: [TrackSegment]
    }

    static func rows(_ track: Track, _ range: ClosedRange<Int>) -> FitTrace {
        FitTrace(samples: track.frames[range].map { FitTrace.Sample(t: $0.t, offset: $0.offset) })
    }

    /// The segments with glides told from page settles by which fits better, and a settle that
    /// overshoots its page joined with the way back (`overshoots`); none is a settle when the
    /// recording's rests are no pager's pages (`restsAreNoPages`).
    public static func named(_ track: Track) -> [TrackSegment] {
        if restsAreNoPages(track) != nil { return track.segments }
        return overshoots(track, settles(track))
    }

    /// A plain trace (`t,offset`, no finger and no phase column) that holds a whole recording — a
    /// rest and then a drag, or motions a rest apart — as a track to fit segment by segment, as a
    /// tracked video is (rows that repeat the row before while the content moves left out, as the
    /// tracker leaves out frames a recorder repeated: their times are not their offsets'); nil for
    /// a trace of one motion (a glide from its release, a return from its hold), which one model
    /// fits.
    public static func wholeRecording(_ trace: FitTrace) -> Track? {
        guard !trace.hasFinger, !trace.samples.contains(where: \.dragging), trace.samples.count >= 2 else { return nil }
        let repeated = Tracker.repeated(trace.samples.map(\.offset))
        let frames = trace.samples.indices.filter { !repeated[$0] }.map {
            TrackedFrame(t: trace.samples[$0].t, offset: trace.samples[$0].offset, confidence: 1)
        }
        let segments = TrackSegment.find(in: frames)
        let touched = zip(segments, segments.dropFirst()).contains { $0.kind == .rest && $1.kind == .drag }
        let motions = segments.split { $0.kind == .rest }.count
        guard touched || motions >= 2 else { return nil }
        let left = trace.samples.count - frames.count
        return Track(
            axis: .y, region: 0..<0, channels: [], pointsPerPixel: 1, frames: frames, segments: segments,
            notes: left == 0
                ? []
                : [
                    "\(left) of \(trace.samples.count) rows repeat the row before while the content moves (a draw "
                        + "the recording missed): left out"
                ])
    }

    /// The segment a recording is compared by in the window's Reference (a tracked video's, a whole
    /// recording's CSV alike): the free motion after the lift, as a CSV without a finger column
    /// is — the longest glide or settle, else the longest return — with the frames `fitted` fits
    /// (a glide up to an edge it bounces off, a return with its hold), what it is as `fit` names
    /// it and the note on its edge. `track`'s segments named (`named`); nil without such a segment.
    public static func referenceSegment(_ track: Track)
        -> (index: Int, frames: ClosedRange<Int>, kind: FitKind, note: String?)?
    {
        let indices = track.segments.indices
        let free = indices.filter { track.segments[$0].kind == .glide || track.segments[$0].kind == .settle }
        let returns = indices.filter { track.segments[$0].kind == .return }
        func longest(_ list: [Int]) -> Int? {
            list.max {
                (track.segments[$0].last - track.segments[$0].first)
                    < (track.segments[$1].last - track.segments[$1].first)
            }
        }
        guard let index = longest(free) ?? longest(returns) else { return nil }
        let chosen = track.segments[index].kind
        let (frames, note) = fitted(track.segments, index, in: track)
        return (index, frames, chosen == .return ? .return : chosen == .settle ? .page : .glide, note)
    }

    /// What of a whole recording given as a plain trace (`wholeRecording`) the window draws as its
    /// reference, as it draws a tracked video's (`referenceSegment`): its rows and what they are.
    /// Nil for a trace one model explains (`Fit.unexplained`: a return held before its release is
    /// one motion, drawn whole, as the window's Fit fits it whole) or a whole recording without
    /// such a segment. `law`: the edge return a return is fitted with.
    public static func referencePart(of trace: FitTrace, law: EdgeReturnLaw = .uikit)
        -> (trace: FitTrace, kind: FitKind)?
    {
        guard var track = wholeRecording(trace) else { return nil }
        if let one = try? Fit.run(trace, kind: .auto, law: law), Fit.unexplained(one) == nil { return nil }
        track.segments = named(track)
        guard let part = referenceSegment(track) else { return nil }
        return (rows(track, part.frames), part.kind)
    }

    /// A pager rests on its pages, and its pages are all one length, at least `shortestPage`: any
    /// two places it rests at are a whole number of pages apart. Why the rests of `track` cannot be
    /// a pager's (a sentence), or nil when they can: three or more places (two are always some
    /// page apart) of which two lie closer than `shortestPage` but more than `pageTolerance`
    /// apart, or whose distances no one page of that length or more divides. A free fling that
    /// stops in a finite time (Chromium's, a chart's in a GIF) is traced as well by a page's
    /// constant-deceleration approach as by a glide; its rests tell it is no page settle.
    public static func restsAreNoPages(_ track: Track) -> String? {
        let rests = track.segments.filter { $0.kind == .rest }.map { rest in
            track.frames[rest.first...rest.last].reduce(0) { $0 + $1.offset } / Double(rest.last - rest.first + 1)
        }
        let tolerance = max(pageTolerance, 2 * track.pointsPerPixel)
        return restsAreNoPages(rests, tolerance: tolerance)
    }

    /// `restsAreNoPages` for the places `rests` (pt), equal within `tolerance` (pt).
    static func restsAreNoPages(_ rests: [Double], tolerance: Double) -> String? {
        var places: [Double] = []
        for rest in rests.sorted() where places.last.map({ rest - $0 > tolerance }) ?? true { places.append(rest) }
        guard places.count >= 3 else { return nil }
        let listed = places.map { Fit.format(($0 * 10).rounded() / 10) }.joined(separator: ", ")
        let gaps = zip(places, places.dropFirst()).map { $1 - $0 }
        let closest = gaps.min()!
        if closest < shortestPage - tolerance {
            return "it rests at \(listed) pt, two of them \(Fit.format((closest * 10).rounded() / 10)) pt apart: "
                + "no pager's pages (a page is \(Fit.format(shortestPage)) pt long at least)"
        }
        // Every page length that fits the closest two a whole number of pages apart.
        let distances = places.dropFirst().map { $0 - places[0] }
        var count = 1.0
        while closest / count >= shortestPage - tolerance {
            let guess = closest / count
            let pages = distances.map { ($0 / guess).rounded() }
            let page = zip(pages, distances).reduce(0) { $0 + $1.0 * $1.1 } / pages.reduce(0) { $0 + $1 * $1 }
            if zip(pages, distances).allSatisfy({ abs($0 * page - $1) <= tolerance }) { return nil }
            count += 1
        }
        return "it rests at \(listed) pt: no one page length divides their distances, so they are no pager's pages"
    }

    /// The shortest page a pager has (pt): a cell no narrower than a finger's touch target (44 pt,
    /// Apple's Human Interface Guidelines).
    static let shortestPage = 44.0
    /// How far apart (pt; or 2 pixels of the recording, when more) two rests on one page may be.
    static let pageTolerance = 3.0

    /// A glide or settle that turns and comes back (a return from its turning point, not from a
    /// hold) is one page spring overshooting its page when the spring from the release fits the
    /// whole way, there and back, within `overshootFit` (rms, pt) of the whole travel plus the
    /// pixel grid's 0.3 pt: the spring's own way back is no edge return. An edge bounce's way
    /// in (the glide slowed by the rubber band) and out (the return's own law) are two laws and
    /// stay two segments.
    static func overshoots(_ track: Track, _ segments: [TrackSegment]) -> [TrackSegment] {
        var result: [TrackSegment] = []
        for segment in segments {
            if segment.kind == .return, let before = result.last, before.kind == .glide || before.kind == .settle,
                before.last == segment.first, segment.last - before.first >= 5
            {
                let trace = rows(track, (before.first + 1)...segment.last)
                let travel = abs(track.frames[segment.first].offset - track.frames[before.first].offset)
                if let page = try? Fit.run(trace, kind: .page), Fit.rms(page.residuals) <= 0.3 + overshootFit * travel {
                    result[result.count - 1] = TrackSegment(kind: .settle, first: before.first, last: segment.last)
                    continue
                }
            }
            result.append(segment)
        }
        return result
    }

    /// Seconds of the rest after a return that its fit includes, so it knows where the edge is.
    static let edgeRest = 0.3

    /// How closely (share of the travel, rms) one page spring must fit a glide and its way back.
    static let overshootFit = 0.002

    /// Each glide named a settle when a page fits it better.
    static func settles(_ track: Track) -> [TrackSegment] {
        track.segments.indices.map { index in
            let segment = track.segments[index]
            guard segment.kind == .glide, segment.last - segment.first >= 4 else { return segment }
            // The rows `fit` fits: from the frame after the fastest (the finger lifted between),
            // up to the edge when it bounces off one (past it the rubber band slows it).
            let edge = lastBeforeEdge(track, track.segments, index)
            let trace = rows(track, (segment.first + 1)...(edge ?? segment.last))
            guard let glide = try? Fit.run(trace, kind: .glide), let page = try? Fit.run(trace, kind: .page) else {
                return segment
            }
            var named = segment
            let pageRMS = Fit.rms(page.residuals), glideRMS = Fit.rms(glide.residuals)
            // An exponential faster than `.fast` (r 0.99, 1/10 s) that ends where a spring would
            // put it: a page arriving, which decelerationRate would not reproduce.
            let rate = glide.values.first { $0.key == "decelerationRate" }?.value ?? 1
            // A page's approach (constant deceleration to rest in 2·D/u) has one parameter fewer
            // than a glide that happens to stop at the same place: taken when it fits about as well.
            let approaches = page.landing == .approach
            // One that runs past where it comes to rest and back is a glide bouncing off an edge:
            // a page settling does not cross its page (a page spring overshooting is joined with
            // its way back by `overshoots`, when one spring traces both), and a page fitting the
            // few rows before the edge better does not make it one.
            if edge == nil && !segment.atEdge
                && (pageRMS < 0.8 * glideRMS
                    || ((rate < Self.fastestGlide || approaches) && pageRMS <= 1.25 * glideRMS + 0.05))
            {
                named.kind = .settle
            }
            return named
        }
    }

    /// The frames segment `index` of `segments` is fitted on, and a note when a glide stops at an
    /// edge: a return from the hold before its release (two frames of it) to the rest after it
    /// (`edgeRest`), so it knows where the edge is (its first still frame can sit a pixel short,
    /// the last creep drawn later); a glide or settle from the frame after the fastest (the
    /// finger lifted between the two), a glide up to an edge it bounces off.
    public static func fitted(_ segments: [TrackSegment], _ index: Int, in track: Track)
        -> (frames: ClosedRange<Int>, note: String?)
    {
        let segment = segments[index]
        let first = segment.kind == .return ? max(0, segment.first - 2) : min(segment.first + 1, segment.last)
        var last = segment.last
        var note: String?
        if segment.kind == .glide, let edgeLast = lastBeforeEdge(track, segments, index) {
            last = edgeLast
            note =
                segment.atEdge
                ? "glide: fitted up to the edge (t = \(Fit.format(track.frames[last].t)) s), where it stops dead "
                    + "(no bounce): a glide that meets an edge, not a page settling"
                : "glide: fitted up to the edge (t = \(Fit.format(track.frames[last].t)) s); past it the rubber band "
                    + "slows it, and the return brings it back"
            if last - first + 1 < shortestSureGlide {
                note! +=
                    "; only \(last - first + 1) frames before the edge: the rate from so short a glide may be "
                    + "several % off (at 0.998, 5 frames gave 0.99834)"
            }
        }
        if segment.kind == .return, index + 1 < segments.count, segments[index + 1].kind == .rest {
            let rest = segments[index + 1]
            while last < rest.last, track.frames[last + 1].t - track.frames[rest.first].t <= edgeRest { last += 1 }
        }
        return (first...max(first, last), note)
    }

    /// Frames of glide before an edge below which its rate is said to be uncertain.
    static let shortestSureGlide = 10

    /// Overshoot (pixels) below which a return's decay is said to be uncertain.
    static let smallestSureReturn = 20.0

    /// A return fitted with `law` and with the other one: the other replaces it when its rms
    /// residual is 20 % lower, or within 10 % when UIKit's, let go from a hold, needs an eased
    /// start (`easedStart`);
    /// otherwise it is named in a note when it fits within 10 %: the two laws can trace the same
    /// return (UIKit's q^τ and the spring with k = δ are one exponential), and then this return
    /// alone cannot tell which one made it.
    static func weighLaws(_ result: Fit.Result, _ trace: FitTrace, law: EdgeReturnLaw, fromHold: Bool)
        -> Fit.Result
    {
        let other: EdgeReturnLaw = law == .uikit ? .spring : .uikit
        guard let alternative = try? Fit.run(trace, kind: .return, law: other) else { return result }
        let mine = Fit.rms(result.residuals), theirs = Fit.rms(alternative.residuals)
        let values = alternative.values.filter { $0.key != nil }.map { "\($0.name) \(Fit.format($0.value))" }
        let compared = String(format: "rms %.3f pt against %.3f pt", theirs, mine)
        if theirs < 0.8 * mine {
            var chosen = alternative
            chosen.notes.insert(
                "return: edgeReturn \(other.rawValue) fits it clearly better than \(law.rawValue) (\(compared))", at: 0)
            return chosen
        }
        guard theirs <= 1.1 * mine else { return result }
        // Let go from a hold, UIKit's law starts slowly only with a velocity held outward at
        // release that nearly cancels the decay: the eased start of a spring let go from rest,
        // which the feel cannot set (it is the finger's). Named by the spring then, whose values
        // reproduce it. (From a glide's turning point UIKit's return does start so: the glide's
        // own velocity, still pushing outward, balances the decay there.)
        func value(_ name: String) -> Double { result.values.first { $0.name == name }?.value ?? 0 }
        let held = value("velocity held at release"), pull = value("overshoot at release") * value("decay")
        if law == .uikit, fromHold, pull > 0, held * 0.998 >= Self.easedStart * pull {
            var chosen = alternative
            chosen.notes.insert(
                String(
                    format:
                        "return: named by edgeReturn spring: UIKit's law fits as closely (%@) only with %.0f pt/s held "
                        + "outward at release, %.0f %% of the decay's pull, an eased start no finger gives a feel",
                    compared, held, 100 * held * 0.998 / pull), at: 0)
            return chosen
        }
        var kept = result
        kept.notes.append(
            "return: edgeReturn \(other.rawValue) fits it as well (\(values.joined(separator: ", ")); \(compared)): "
                + "this return alone cannot tell the two laws apart")
        return kept
    }

    /// The share of the decay's initial pull (overshoot × decay rate) above which a velocity held
    /// outward at release makes a UIKit return an eased start (the real recording's: 29 %).
    static let easedStart = 0.8

    /// A glide that runs into an edge and comes back (the next segments a return from its turning
    /// point, then a rest, which says where the edge is) is free motion only up to the edge: past
    /// it the rubber band slows it, another law. The last frame of `segments[index]` before it
    /// crosses the edge, or nil when it does not bounce or too little would be left.
    static func lastBeforeEdge(_ track: Track, _ segments: [TrackSegment], _ index: Int) -> Int? {
        let glide = segments[index]
        // Stopped dead by an edge: free up to the frame before.
        if glide.atEdge, let contact = TrackSegment.edgeContact(track.frames, glide) {
            return contact - 1 - (glide.first + 1) >= 3 ? contact - 1 : nil
        }
        guard index + 2 < segments.count, segments[index + 1].kind == .return, segments[index + 2].kind == .rest,
            segments[index + 1].first == glide.last
        else { return nil }
        let edge = track.frames[segments[index + 2].first].offset
        let direction: Double = track.frames[glide.last].offset >= track.frames[glide.first].offset ? 1 : -1
        guard
            let crossing = (glide.first...glide.last).first(where: {
                (track.frames[$0].offset - edge) * direction > 0
            })
        else { return nil }
        let last = crossing - 1
        return last - (glide.first + 1) >= 3 ? last : nil
    }

    /// UIKit's `.fast` deceleration rate per ms: a free glide slowing faster than this is no
    /// glide a scroll view is set to.
    public static let fastestGlide = 0.99

    public static func fit(_ track: Track, law: EdgeReturnLaw = .uikit, models: Bool = true) -> Report {
        var pieces: [Piece] = []
        let segments = named(track)
        // Glides a page would have been named but for the recording's rests: said so.
        let noPages = restsAreNoPages(track)
        let pageLike = noPages == nil ? [] : Set(settles(track).filter { $0.kind == .settle }.map(\.first))
        // The last glide's fitted rate: a return after it decays its held velocity by that rate.
        var glideRate: Double?
        for (index, segment) in segments.enumerated() {
            switch segment.kind {
            case .rest: continue
            case .drag:
                pieces.append(
                    Piece(
                        segment: segment, result: nil,
                        problem: "a drag's rubber band needs the finger's positions, which a recording does not show"))
            case .glide, .settle, .return:
                let kind: FitKind = segment.kind == .glide ? .glide : segment.kind == .settle ? .page : .return
                let (range, edgeNote) = fitted(segments, index, in: track)
                let (first, last) = (range.lowerBound, range.upperBound)
                if segment.kind == .return, segment.last - segment.first < 3 {
                    pieces.append(
                        Piece(
                            segment: segment, result: nil,
                            problem: "a return of \(segment.last - segment.first + 1) frames is too short to fit; at "
                                + "least 4 are needed"))
                    continue
                }
                do {
                    let trace = rows(track, first...last)
                    // Its warnings measure the segment's travel, as its line shows it (the rows fitted
                    // start a frame later, and a glide's end at an edge).
                    let travel = track.frames[segment.last].offset - track.frames[segment.first].offset
                    var result = try Fit.run(trace, kind: kind, law: law, glideRate: glideRate, travel: travel)
                    if segment.kind == .glide {
                        glideRate = result.values.first { $0.key == "decelerationRate" }?.value
                    }
                    if let edgeNote { result.notes.insert(edgeNote, at: 0) }
                    if segment.kind == .glide, pageLike.contains(segment.first), let noPages {
                        result.notes.append("glide: a page settling fits it as well, but \(noPages)")
                    }
                    if kind == .return {
                        let overshoot = abs(track.frames[segment.first].offset - track.frames[segment.last].offset)
                        if overshoot / track.pointsPerPixel < Self.smallestSureReturn {
                            result.notes.append(
                                String(
                                    format:
                                        "return: only %.0f pt past the edge: its decay is uncertain (a bounce of 11 "
                                        + "pt at @1× gave edgeDecay 0.993 for 0.99)", overshoot))
                        }
                        // Let go from a hold (still for 80 ms up to its first frame or the one
                        // before: the lift can move the content a last pixel), not from a turning point.
                        let fromHold =
                            max(
                                TrackSegment.stillBefore(track.frames, segment.first),
                                TrackSegment.stillBefore(track.frames, max(0, segment.first - 1)))
                            >= TrackSegment.holdTime
                        result = Self.weighLaws(result, trace, law: law, fromHold: fromHold)
                    }
                    pieces.append(Piece(segment: segment, result: result, problem: nil))
                } catch {
                    pieces.append(Piece(segment: segment, result: nil, problem: error.message))
                }
            }
        }
        // Free motion: glides, up to an edge they bounce off (the zoo's models are glide laws; a
        // page settling is a spring's or a page rule's motion, which they would only imitate).
        let free = segments.indices.compactMap { index -> TrackSegment? in
            let segment = segments[index]
            guard segment.kind == .glide else { return nil }
            var cut = segment
            if segment.kind == .glide, let last = Self.lastBeforeEdge(track, segments, index) { cut.last = last }
            return cut
        }
        let longest = free.max { ($0.last - $0.first) < ($1.last - $1.first) }
        var ranking: [ModelFit.Result] = []
        if models, let longest {
            // UIKit's row is the glide's own fit (its rate and power, fitted on the same frames, with
            // power 1 preferred when it fits about as well): one glide, one UIKit fit.
            let own = pieces.first { $0.segment.first == longest.first && $0.segment.kind == .glide }?.result
            var uikit: [String: Double] = [:]
            for key in ["decelerationRate", "decelerationPower"] {
                if let value = own?.values.first(where: { $0.key == key })?.value { uikit[key] = value }
            }
            ranking = ModelFit.glide(
                track.frames[min(longest.first + 1, longest.last)...longest.last].map { ($0.t, $0.offset) },
                pinned: uikit.count == 2 ? [UIKitModel.name: uikit] : [:])
        }
        return Report(pieces: pieces, models: ranking, modelSegment: longest, segments: segments)
    }
}
