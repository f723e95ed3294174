// The core's C-ABI surface in the WebAssembly build: make a feel from its parameters, make a
// scroll view's axis running it, feed it pointer and wheel samples with their timestamps, step it
// to a time and read its offset, velocity, phase and page. A page (or node) talks to it through
// these functions and one shared buffer for text (names, keys, messages), UTF-8.
//
// Input reaches the axis as the desktop's scenes route it (`SingleAxisScene.handle`): the clock
// moves to each event's time first; a press starts a drag, moves follow it, a lift ends it; wheel
// deltas make a touchpad stream that ends `wheelStreamGap` after the last one (or at `wheelEnd`).

/// Bytes of text exchanged with the page.
let bufferSize = 4096
nonisolated(unsafe) let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bufferSize)

/// The feel being made: its model's name and the pairs set so far.
nonisolated(unsafe) var feelName = "uikit"
nonisolated(unsafe) var feelPairs: [(key: String, value: ParameterValue)] = []

/// One scroll view: its axis and the input state its scene keeps (a class: changed in place).
final class View {
    var axis: ScrollAxis

    init(viewport: Double, bounds: ClosedRange<Double>, targets: SnapTargets, feel: Feel, offset: Double?) {
        axis = ScrollAxis(viewportLength: viewport, bounds: bounds, snapTargets: targets, feel: feel, offset: offset)
    }

    var pointerDown = false
    var lastWheel: Double?
    var fingersOn = false

    /// Seconds without a delta after which a wheel stream counts as ended (`SingleAxisScene`).
    static let wheelStreamGap = 0.06

    func advance(to t: Double) {
        if let last = lastWheel, !fingersOn, t >= last + Self.wheelStreamGap {
            lastWheel = nil
            _ = axis.endScrollStream(at: last + Self.wheelStreamGap, lastEventTime: last)
        }
        _ = axis.advance(to: t)
    }

    func endWheelStreamNow(at t: Double) {
        guard let last = lastWheel else { return }
        lastWheel = nil
        fingersOn = false
        _ = axis.endScrollStream(at: t, lastEventTime: last, lifted: true)
    }
}

nonisolated(unsafe) var views: [View] = []

func text(_ start: Int32, _ length: Int32) -> String {
    let count = Int(max(0, min(length, Int32(bufferSize) - start)))
    return String(decoding: UnsafeBufferPointer(start: buffer + Int(start), count: count), as: UTF8.self)
}

/// Writes `message` to the buffer; returns its length in bytes.
func write(_ message: String) -> Int32 {
    var count = 0
    for byte in message.utf8 where count < bufferSize {
        buffer[count] = byte
        count += 1
    }
    return Int32(count)
}

/// The address of the shared text buffer (4096 bytes).
@_cdecl("sl_buffer")
public func slBuffer() -> UnsafeMutablePointer<UInt8> { buffer }

/// Starts a feel of the model whose name is the buffer's first `nameLength` bytes, at its defaults.
@_cdecl("sl_feel_begin")
public func slFeelBegin(_ nameLength: Int32) {
    feelName = text(0, nameLength)
    feelPairs = []
}

/// Sets the key in the buffer's first `keyLength` bytes to `value`.
@_cdecl("sl_feel_number")
public func slFeelNumber(_ keyLength: Int32, _ value: Double) {
    feelPairs.append((text(0, keyLength), .number(value)))
}

/// Sets the key (the buffer's first `keyLength` bytes) to the text that follows it (`valueLength` bytes).
@_cdecl("sl_feel_text")
public func slFeelText(_ keyLength: Int32, _ valueLength: Int32) {
    feelPairs.append((text(0, keyLength), .string(text(keyLength, valueLength))))
}

/// Sets the key to on (1) or off (0).
@_cdecl("sl_feel_flag")
public func slFeelFlag(_ keyLength: Int32, _ on: Int32) {
    feelPairs.append((text(0, keyLength), .bool(on != 0)))
}

/// Sets the key to null (an optional value unset).
@_cdecl("sl_feel_null")
public func slFeelNull(_ keyLength: Int32) {
    feelPairs.append((text(0, keyLength), .null))
}

/// A scroll view running the feel made so far: `viewport` pt long, scrolling over
/// `lower`...`upper`, with `snapCount` snap targets `snapSpacing` apart from `snapFirst` (none
/// when 0), at rest at `start` (clamped to the bounds; NaN: `lower`). Returns its number, or
/// −(length of the message in the buffer) when the feel is refused.
@_cdecl("sl_view_new")
public func slViewNew(
    _ viewport: Double, _ lower: Double, _ upper: Double, _ snapCount: Int32, _ snapSpacing: Double,
    _ snapFirst: Double, _ start: Double
) -> Int32 {
    let model: ZooModel
    do throws(ModelParameterError) {
        model = try FeelZoo.make(feelName, feelPairs)
    } catch {
        return -max(1, write(error.description))
    }
    guard viewport > 0, lower <= upper else { return -write("the viewport or the bounds are not usable") }
    let targets =
        snapCount > 0
        ? SnapTargets.evenlySpaced(count: Int(snapCount), spacing: snapSpacing, first: snapFirst) : SnapTargets([])
    views.append(
        View(
            viewport: viewport, bounds: lower...upper, targets: targets, feel: Feel(model),
            offset: start.isFinite ? start : nil))
    return Int32(views.count - 1)
}

/// View `number`, if there is one.
func viewNumbered(_ number: Int32) -> View? { number >= 0 && Int(number) < views.count ? views[Int(number)] : nil }

/// A pointer goes down at `position` (pt along the axis, screen coordinates) at `t` (s).
@_cdecl("sl_down")
public func slDown(_ number: Int32, _ t: Double, _ position: Double) {
    guard let view = viewNumbered(number) else { return }
    view.advance(to: t)
    view.endWheelStreamNow(at: t)
    view.pointerDown = true
    _ = view.axis.beginDrag(at: t, pointer: position)
}

/// The pointer moved to `position` at `t` (one coalesced sample).
@_cdecl("sl_move")
public func slMove(_ number: Int32, _ t: Double, _ position: Double) {
    guard let view = viewNumbered(number) else { return }
    view.advance(to: t)
    guard view.pointerDown else { return }
    view.axis.dragMoved(at: t, pointer: position)
}

/// The pointer lifted at `position` at `t`.
@_cdecl("sl_up")
public func slUp(_ number: Int32, _ t: Double, _ position: Double) {
    guard let view = viewNumbered(number) else { return }
    view.advance(to: t)
    guard view.pointerDown else { return }
    view.pointerDown = false
    _ = view.axis.endDrag(at: t, pointer: position)
}

/// A wheel or touchpad delta of `delta` pt along the axis at `t` (positive scrolls toward the end).
@_cdecl("sl_wheel")
public func slWheel(_ number: Int32, _ t: Double, _ delta: Double) {
    guard let view = viewNumbered(number) else { return }
    view.advance(to: t)
    guard !view.pointerDown, delta != 0, delta.isFinite else { return }
    if view.lastWheel == nil { _ = view.axis.beginDrag(at: t, pointer: 0, input: .touchpad) }
    view.lastWheel = t
    view.axis.dragScrolled(at: t, by: delta)
}

/// Moves the view's clock to `t` (s); motion is closed-form, so any step gives the same offsets.
@_cdecl("sl_advance")
public func slAdvance(_ number: Int32, _ t: Double) {
    viewNumbered(number)?.advance(to: t)
}

/// The content offset at `t`, pt (after `sl_advance` to `t`).
@_cdecl("sl_offset")
public func slOffset(_ number: Int32, _ t: Double) -> Double {
    viewNumbered(number)?.axis.offset(at: t) ?? .nan
}

/// The content velocity at `t`, pt/s.
@_cdecl("sl_velocity")
public func slVelocity(_ number: Int32, _ t: Double) -> Double {
    viewNumbered(number)?.axis.velocity(at: t) ?? .nan
}

/// The phase at `t` as its name in the buffer; returns the name's length.
@_cdecl("sl_phase")
public func slPhase(_ number: Int32, _ t: Double) -> Int32 {
    viewNumbered(number).map { write($0.axis.phase(at: t).rawValue) } ?? 0
}

/// The page (snap target) index at `t`, or −1 without snap targets.
@_cdecl("sl_page")
public func slPage(_ number: Int32, _ t: Double) -> Int32 {
    guard let page = viewNumbered(number)?.axis.pageIndex(at: t) else { return -1 }
    return Int32(page)
}

/// Offset, velocity and page of the last `sl_frame`, aligned for a page's `Float64Array`.
nonisolated(unsafe) let frameState = UnsafeMutablePointer<Double>.allocate(capacity: 3)

/// The address of the three numbers `sl_frame` writes.
@_cdecl("sl_frame_state")
public func slFrameState() -> UnsafeMutablePointer<Double> { frameState }

/// A frame's reading in one call (a page calls it every frame): moves the clock to `clock` as
/// `sl_advance` does, then writes the offset (pt), velocity (pt/s) and page (−1 without snap
/// targets) at `t` to `sl_frame_state` and the phase's name to the buffer; returns the name's
/// length. The same numbers as `sl_advance`, `sl_offset`, `sl_velocity`, `sl_page` and `sl_phase`
/// in turn; 0 (nothing written) for no such view.
@_cdecl("sl_frame")
public func slFrame(_ number: Int32, _ clock: Double, _ t: Double) -> Int32 {
    guard let view = viewNumbered(number) else { return 0 }
    view.advance(to: clock)
    frameState[0] = view.axis.offset(at: t)
    frameState[1] = view.axis.velocity(at: t)
    frameState[2] = view.axis.pageIndex(at: t).map { Double($0) } ?? -1
    return write(view.axis.phase(at: t).rawValue)
}

/// Room for `sl_offsets`' samples (offsets, pt).
let sampleCapacity = 4096
nonisolated(unsafe) let samples = UnsafeMutablePointer<Double>.allocate(capacity: sampleCapacity)

/// The address of the offsets `sl_offsets` writes.
@_cdecl("sl_samples")
public func slSamples() -> UnsafeMutablePointer<Double> { samples }

/// The offsets at `count` times `from`, `from + step`, … (s), pt, written to `sl_samples` (at most
/// 4096); returns how many were written. A read, as `sl_offset` is: the clock does not move and
/// nothing changes, so a page can read the rest of a glide at its start. The axis is read once for
/// all of them (reading it through its view per sample cost more than the offset itself).
@_cdecl("sl_offsets")
public func slOffsets(_ number: Int32, _ from: Double, _ step: Double, _ count: Int32) -> Int32 {
    guard let view = viewNumbered(number), count > 0 else { return 0 }
    let axis = view.axis
    let written = min(Int(count), sampleCapacity)
    for i in 0..<written { samples[i] = axis.offset(at: from + Double(i) * step) }
    return Int32(written)
}

/// When the motion under way ends, s (the time from which its phase is idle), or NaN when none
/// runs (at rest or dragging).
@_cdecl("sl_motion_end")
public func slMotionEnd(_ number: Int32) -> Double {
    viewNumbered(number)?.axis.motionEndTime ?? .nan
}

/// The number of models in the zoo.
@_cdecl("sl_model_count")
public func slModelCount() -> Int32 { Int32(FeelZoo.models.count) }

/// Model `index`'s name in the buffer; returns its length.
@_cdecl("sl_model_name")
public func slModelName(_ index: Int32) -> Int32 {
    index >= 0 && Int(index) < FeelZoo.models.count ? write(FeelZoo.models[Int(index)].name) : 0
}
