"""How much main-thread work each frame of the exported page costs while a finger flicks it, with
the CPU slowed four times (CDP Emulation.setCPUThrottlingRate 4), in Debian's headless Chromium
(which paces frames at 60 Hz without a GPU). A benchmark, not a test: it prints numbers.

Per frame: the main thread's busy time (its tasks in Chrome's trace, category `toplevel`) from
one frame of the page's compositor to the next (its BeginFrame, from
`disabled-by-default-devtools.timeline.frame`): input dispatch, the page's callback (the core's
step), style, layout, paint and commit. Only those two categories are traced for these numbers:
`devtools.timeline` makes the browser record every event dispatch, function call and lifecycle
phase, work a user's frame never does, which the throttle multiplies too (with it, a page that
draws nothing measured p99 6.7-10.7 ms; without it 5.6-6.9 ms). The same is measured on a page that
draws nothing (the floor: the browser's own cost of a frame and a touch on this machine), and the
page's share is what it adds to it.

    python3 Wasm/test/browser_bench.py .build/debug/scrollab [SECONDS] [--page FILE.html ...] [--rounds N]
        [--breakdown]

Frames are also split by what the finger was doing, from the times the bench sent its touches
(the trace's clock is the bench's `time.monotonic()`): "drag" (from a touch's start to its end),
"lift" (the frame its end was sent in), "glide start" (the three frames after it), "glide" (the
rest, until the next touch). `--page` benches the given page files (say an older
page against a newer one) instead of a fresh export; `--rounds N` measures every page and the
floor N times, alternating, since other work on the machine makes absolute numbers drift.
`--skeleton` also benches SKELETON (below), the least a page moving content by its own physics
does. `--breakdown` also runs each page once more with `devtools.timeline` traced and prints, for each
page and kind of frame, where the CPU time went: the mean per frame of each trace event's own time
(EventDispatch:pointermove, FireAnimationFrame, FunctionCall, UpdateLayoutTree, Layout, PrePaint,
Paint, Layerize, ScrollLayer, and the tasks' own time); those runs' totals are inflated by the
tracing itself and are not the headline numbers.
"""

import bisect
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from browser_test import export, flick, open_page  # noqa: E402
from cdp import Browser  # noqa: E402


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


# The floor: a page that draws nothing but keeps a frame callback running and takes the same
# touches. What the browser itself spends on a frame and a touch on this machine; the exported
# page's own cost is what it adds to this.
FLOOR = """<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<style>html, body { margin: 0; height: 100%; overflow: hidden; } #s { height: 100%; touch-action: none; }</style>
</head><body><div id="s"></div><script>
window.scrollLab = { sides: [1] };
for (const type of ['pointerdown', 'pointermove', 'pointerup'])
    document.getElementById('s').addEventListener(type, (e) => e.preventDefault());
function frame() { requestAnimationFrame(frame); }
requestAnimationFrame(frame);
</script></body></html>"""


# `--skeleton`: the least a page can do to move content by its own physics from the main thread:
# 100 plain cards in a scroller, the finger's samples read, a fixed exponential glide after the lift,
# one scroll offset written a frame; no core, no indicator, no bar, no pictures or text.
SKELETON = """<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<style>html, body { margin: 0; height: 100%; overflow: hidden; } #s { position:absolute; inset:0; overflow: scroll; scrollbar-width:none; touch-action: none; }
.c { position:absolute; left:16px; width:358px; height:300px; background:#fff; border-radius:16px; box-shadow:0 3px 10px rgba(0,0,0,.12) } body{background:#f2f2f7}</style>
</head><body><div id="s"><div id="x" style="position:absolute;top:0;left:0;width:1px;height:40000px"></div></div><script>
window.scrollLab = { sides: [1] };
const s = document.getElementById('s');
for (let i = 0; i < 100; i++) { const d = document.createElement('div'); d.className = 'c'; d.style.top = (i * 314) + 'px'; s.appendChild(d); }
let offset = 10000, v = 0, last = null, samples = [], down = false, glideFrom = null, running = false;
s.scrollTop = offset;
function wake() { if (!running) { running = true; requestAnimationFrame(frame); } }
s.addEventListener('pointerdown', (e) => { down = true; last = e.clientY; samples = [[e.timeStamp, e.clientY]]; glideFrom = null; s.setPointerCapture(e.pointerId); wake(); e.preventDefault(); });
s.addEventListener('pointermove', (e) => { for (const c of e.getCoalescedEvents()) { offset -= c.clientY - last; last = c.clientY; samples.push([c.timeStamp, c.clientY]); } e.preventDefault(); });
s.addEventListener('pointerup', (e) => { down = false; const a = samples[Math.max(0, samples.length - 4)], b = samples[samples.length - 1]; v = -(b[1] - a[1]) / Math.max(1, b[0] - a[0]) * 1000; glideFrom = null; wake(); });
function frame(ms) {
  if (!down) { if (glideFrom === null) glideFrom = { t: ms, o: offset, v }; const dt = (ms - glideFrom.t) / 1000, k = 2; offset = glideFrom.o + glideFrom.v / k * (1 - Math.exp(-k * dt)); v = glideFrom.v * Math.exp(-k * dt); }
  s.scrollTop = offset;
  running = down || Math.abs(v) > 5;
  if (running) requestAnimationFrame(frame);
}
</script></body></html>"""


def measure(page, seconds, detailed=False):
    """Main-thread work per frame (wall, CPU) while `page` is flicked for `seconds`, throttled 4x;
    `detailed` also traces `devtools.timeline` (for --breakdown; it inflates every frame)."""
    browser = Browser()
    touches = []
    try:
        open_page(browser, page)
        browser.call("Emulation.setCPUThrottlingRate", rate=4)
        categories = ["toplevel", "disabled-by-default-devtools.timeline.frame"]
        if detailed:
            categories.append("devtools.timeline")
        browser.call("Tracing.start", transferMode="ReportEvents", traceConfig={"includedCategories": categories})
        end = time.time() + seconds
        up = True
        while time.time() < end:
            # Alternate flicks up and down the list, one every 0.9 s: the list is always moving.
            # When each touch started and ended, on the trace's clock (µs of CLOCK_MONOTONIC).
            down = time.monotonic() * 1e6
            flick(browser, 195, 700 if up else 300, 400 if up else 600)
            touches.append((down, time.monotonic() * 1e6))
            up = not up
            time.sleep(0.9)
        browser.call("Tracing.end")
        browser.wait_for("Tracing.tracingComplete", limit=120)
        events = [e for m in browser.events if m["method"] == "Tracing.dataCollected" for e in m["params"]["value"]]
    finally:
        browser.close()
    return per_frame_work(events, touches)


def frame_kinds(touches, frames):
    """What the finger was doing in each frame interval: drag, lift or glide (see the top), from
    the (start, end) times of the bench's touches."""
    sent = sorted([(start, "down") for start, _ in touches] + [(end, "up") for _, end in touches])
    kinds, j, down, since = [], 0, False, 99
    for a, b in zip(frames, frames[1:]):
        lifted = False
        while j < len(sent) and sent[j][0] < b:
            if sent[j][1] == "down":
                down = True
            else:
                down, lifted = False, True
            j += 1
        since = 0 if lifted else since + 1
        kinds.append("lift" if lifted else "drag" if down else "glide start" if since <= 3 else "glide")
    return kinds


def per_frame_work(events, touches):
    names = {}
    for e in events:
        if e.get("name") == "thread_name":
            names[(e["pid"], e["tid"])] = e["args"]["name"]
    main_threads = {k for k, v in names.items() if v == "CrRendererMain"}
    renderers = {pid for pid, _ in main_threads}
    compositors = {k for k, v in names.items() if v == "Compositor" and k[0] in renderers}
    frames = sorted(
        e["ts"] for e in events if e.get("name") == "BeginFrame" and (e["pid"], e["tid"]) in compositors)
    # The main thread's busy intervals: its tasks (two nested trace events per task), merged.
    spans = sorted(
        (e["ts"], e["ts"] + e.get("dur", 0)) for e in events
        if e.get("ph") == "X" and e.get("name") in ("ThreadControllerImpl::RunTask", "RunTask")
        and (e["pid"], e["tid"]) in main_threads)
    busy = []
    for start, end in spans:
        if busy and start <= busy[-1][1]:
            busy[-1][1] = max(busy[-1][1], end)
        else:
            busy.append([start, end])
    # Work per frame: the busy time from one compositor frame to the next.
    # The same with the tasks' thread time (`tdur`, CPU time on the main thread): on a busy machine
    # a task's wall time also counts the time the thread waited for a core.
    cpu = sorted(
        (e["ts"], e.get("tdur", e.get("dur", 0))) for e in events
        if e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask"
        and (e["pid"], e["tid"]) in main_threads)
    per_frame_cpu = []
    j = 0
    for a, b in zip(frames, frames[1:]):
        while j < len(cpu) and cpu[j][0] < a:
            j += 1
        total, k = 0, j
        while k < len(cpu) and cpu[k][0] < b:
            total += cpu[k][1]
            k += 1
        per_frame_cpu.append(total / 1000)
    per_frame = []
    j = 0
    for a, b in zip(frames, frames[1:]):
        while j < len(busy) and busy[j][1] <= a:
            j += 1
        total, k = 0, j
        while k < len(busy) and busy[k][0] < b:
            total += min(b, busy[k][1]) - max(a, busy[k][0])
            k += 1
        per_frame.append(total / 1000)
    return per_frame, per_frame_cpu, frame_kinds(touches, frames), self_times(events, main_threads, frames)


def self_times(events, main_threads, frames):
    """Each frame's main-thread CPU time by trace event name, each event's own (its time less that of
    the events nested in it; EventDispatch named with its event's type): where a frame's work went."""
    spans = sorted(
        (e["ts"], -e.get("dur", 0), e["name"] + (":" + e["args"]["data"]["type"] if e["name"] == "EventDispatch"
                                                 and "data" in e.get("args", {}) else ""), e["tdur"], e.get("dur", 0))
        for e in events if e.get("ph") == "X" and "tdur" in e and (e["pid"], e["tid"]) in main_threads)
    per = [{} for _ in frames[1:]]
    stack, own = [], []
    for ts, _, name, tdur, dur in spans:
        while stack and stack[-1][0] + stack[-1][1] <= ts:
            stack.pop()
        entry = [ts, dur, name, tdur]
        if stack:
            stack[-1][3] -= tdur
        stack.append(entry)
        own.append(entry)
    for ts, _, name, tdur in own:
        i = bisect.bisect_right(frames, ts) - 1
        if 0 <= i < len(per):
            per[i][name] = per[i].get(name, 0) + tdur / 1000
    return per


def breakdown(name, frames):
    """The mean CPU time per frame of each kind by trace event name (see self_times)."""
    _, cpu, kinds, per = frames
    lines = []
    for kind in ("drag", "lift", "glide start"):
        mine = [i for i, k in enumerate(kinds) if k == kind]
        if not mine:
            continue
        totals = {}
        for i in mine:
            for event, ms in per[i].items():
                totals[event] = totals.get(event, 0) + ms / len(mine)
        top = sorted(totals.items(), key=lambda item: -item[1])
        lines.append(f"    {name}, {kind} (CPU mean {sum(cpu[i] for i in mine) / len(mine):.2f} ms): " + ", ".join(
            f"{event} {ms:.2f}" for event, ms in top if ms >= 0.02))
    return "\n".join(lines)


def describe(name, frames):
    wall, cpu, kinds = frames[:3]
    line = (f"{name}: {len(wall)} frames, main-thread work per frame p50 {percentile(wall, 50):.2f} ms, "
            f"p99 {percentile(wall, 99):.2f} ms, max {max(wall):.2f} ms wall; CPU time p50 "
            f"{percentile(cpu, 50):.2f} ms, p99 {percentile(cpu, 99):.2f} ms, max {max(cpu):.2f} ms")
    # Where the slow frames are: each kind's share of the frames, its p50/p99, and how many of the
    # frames over the whole run's p99 (the 1% that set it) are of that kind.
    slow = percentile(wall, 99)
    parts = []
    for kind in ("drag", "lift", "glide start", "glide"):
        mine = [w for w, k in zip(wall, kinds) if k == kind]
        times = [c for c, k in zip(cpu, kinds) if k == kind]
        if mine:
            parts.append(f"{kind} {len(mine)} frames p50 {percentile(mine, 50):.2f} p99 {percentile(mine, 99):.2f}"
                         f" (CPU {percentile(times, 50):.2f}/{percentile(times, 99):.2f};"
                         f" {sum(w >= slow for w in mine)} at or over p99)")
    return line + "\n      by phase: " + "; ".join(parts)


def main():
    args = sys.argv[1:]
    pages, rounds, rest, detail, skeleton = [], 1, [], False, False
    while args:
        arg = args.pop(0)
        if arg == "--page":
            pages.append(args.pop(0))
        elif arg == "--breakdown":
            detail = True
        elif arg == "--skeleton":
            skeleton = True
        elif arg == "--rounds":
            rounds = int(args.pop(0))
        else:
            rest.append(arg)
    scrollab = rest[0]
    seconds = float(rest[1]) if len(rest) > 1 else 14
    work = tempfile.mkdtemp(prefix="scrollab-bench-")
    named = [(f"page {p}", p) for p in pages] if pages else [("page", export(scrollab, work, "list.html"))]
    floor = os.path.join(work, "floor.html")
    with open(floor, "w") as f:
        f.write(FLOOR)
    if skeleton:
        path = os.path.join(work, "skeleton.html")
        with open(path, "w") as f:
            f.write(SKELETON)
        named.append(("skeleton (the least a page moving content by its own physics does)", path))
    named.append(("floor (a page that draws nothing)", floor))
    results = []
    for n in range(rounds):
        for name, path in named:
            results.append((name if rounds == 1 else f"{name} (round {n + 1})", measure(path, seconds)))
    for name, frames in results:
        if len(frames[0]) < 600:
            print(f"{name}: only {len(frames[0])} frames traced; run longer")
    print("browser bench, CPU throttled 4x (budget at 120 Hz: 8.3 ms):")
    for name, frames in results:
        print("  " + describe(name, frames))
    pages_p99 = [percentile(frames[0], 99) for name, frames in results if name.startswith("page")]
    print(f"  the page's p99 under the 8.3 ms bar in {sum(p < 8.3 for p in pages_p99)} of {len(pages_p99)} runs")
    if detail:
        print("where each kind of frame's CPU time went, by trace event (its own time, nested events apart; "
              "one more run of each page with devtools.timeline traced, which inflates every number), ms:")
        for name, path in named:
            print(breakdown(name, measure(path, seconds, detailed=True)))
    (wall, cpu), (floor_wall, floor_cpu) = results[0][1][:2], results[len(named) - 1][1][:2]
    print(f"  the first page's own share: CPU p50 {percentile(cpu, 50) - percentile(floor_cpu, 50):+.2f} ms, "
          f"p99 {percentile(cpu, 99) - percentile(floor_cpu, 99):+.2f} ms over the floor")


if __name__ == "__main__":
    main()
