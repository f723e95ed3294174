"""Records the tracking fixtures in Assets/recordings/fixtures: Debian's Chromium, headless, scrolls
the pages of scroll-pages.html under real touch flings (CDP Input.dispatchTouchEvent with touch
emulation, timestamps 16 ms apart: Chromium's own gesture detector, scroller and fling curve move
the page), Page.startScreencast captures what it draws, and a recorder's clock samples those draws
on a regular grid (60 fps MP4, 25 fps GIF): a draw the browser missed repeats the frame before, as
a screen recorder's does. On a busy machine the browser's threads are given a higher priority, and
a take with a step over half the view between two frames (no one could follow it) is made again.

The second, independent measurement: the scroll offset the browser drew each frame with, which it
reports beside the frame (the screencast's metadata: the compositor's scroll offset, in CSS px).
Each recorded frame also carries, in the page's status bar (12 blocks), the number of the page's
animation frame that drew it; the page logs the offset its script read then, one frame behind
(Chromium's compositor moves the content before the page hears of it). NAME.csv beside each
fixture, one row per recorded frame: t (s, the recorder's clock), offset (pt = CSS px from the
first frame, positive toward the end of the content: the drawn offset), page_t (s, the page's
animation-frame time, from the first frame's), frame (the page's frame number), raf_offset (the
offset the page's script read in that frame, from the first frame's).

    python3 scripts/record_fixtures.py [OUT_FOLDER] [NAME ...]
"""

import base64
import json
import math
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

import numpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Wasm", "test"))
from cdp import Browser  # noqa: E402

PAGE = os.path.join(ROOT, "Assets", "recordings", "fixtures", "scroll-pages.html")
# The recording's pixels per CSS px (unless a recording says): the pages are laid out 270 CSS px wide,
# small already; a GIF is downscaled further, as GIFs in READMEs are.
SCALE = 1.0


def fling(x0, y0, x1, y1, duration, hold=0.0):
    """A finger from (x0, y0) to (x1, y1) over `duration` s, accelerating (as a flick does), then
    lifted (after `hold` s kept still)."""
    return {"from": (x0, y0), "to": (x1, y1), "duration": duration, "hold": hold}


# name: page kind, viewport (CSS px), start offset, gestures (each: seconds after the previous one's
# start, the gesture), recording length (s), format, grid fps, and scale (recording px per CSS px).
RECORDINGS = {
    "appbar-table": dict(
        kind="appbar", size=(270, 480), start=0, gestures=[(0.4, fling(135, 400, 135, 200, 0.12))],
        length=2.6, format="mp4", fps=60),
    "appbar-two-flings": dict(
        kind="appbar", size=(270, 480), start=600, gestures=[
            (0.3, fling(135, 420, 135, 300, 0.10)), (0.75, fling(135, 400, 135, 260, 0.10))],
        length=3.0, format="mp4", fps=60),
    "collapsing-header": dict(
        kind="collapsing", size=(270, 480), start=0, gestures=[(0.4, fling(135, 420, 135, 220, 0.12))],
        length=2.6, format="mp4", fps=60),
    "collapsing-header-back": dict(
        kind="collapsing", size=(270, 480), start=700, gestures=[(0.4, fling(135, 200, 135, 360, 0.10))],
        length=2.4, format="mp4", fps=60),
    "photo-grid-top": dict(
        kind="photos", size=(270, 480), start=1400, gestures=[(0.4, fling(135, 160, 135, 420, 0.11))],
        length=2.6, format="mp4", fps=60),
    "chart-flings": dict(
        kind="chart", size=(270, 320), start=300, gestures=[
            (0.3, fling(200, 200, 80, 200, 0.12)), (1.3, fling(200, 200, 100, 200, 0.10)),
            (1.3, fling(70, 200, 190, 200, 0.12))],
        length=4.4, format="gif", fps=25, scale=2 / 3),
}


def touch_schedule(gestures, t0):
    """(wall time, CDP method, params) for every touch event, timestamps as scheduled."""
    events = []
    start = t0
    for delay, g in gestures:
        start += delay
        (x0, y0), (x1, y1) = g["from"], g["to"]
        moves = max(3, round(g["duration"] / 0.016))
        events.append((start, "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}))
        for i in range(1, moves + 1):
            f = (i / moves) ** 1.5
            t = start + i * g["duration"] / moves
            point = {"x": round(x0 + (x1 - x0) * f, 1), "y": round(y0 + (y1 - y0) * f, 1)}
            events.append((t, "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]}))
        end = start + g["duration"] + g["hold"] + 0.004
        events.append((end, "Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []}))
    return events


def boost(pid):
    """Raises the browser's processes' priority (when allowed): on a machine busy with other work a
    browser that misses most of its frames records a fling in a few jumps no one could follow."""
    family, changed = {pid}, True
    while changed:
        changed = False
        for entry in os.listdir("/proc"):
            if entry.isdigit() and int(entry) not in family:
                try:
                    with open(f"/proc/{entry}/stat") as f:
                        parent = int(f.read().rsplit(")", 1)[1].split()[1])
                except (OSError, ValueError, IndexError):
                    continue
                if parent in family:
                    family.add(int(entry))
                    changed = True
    # Linux keeps a priority per thread.
    for member in family:
        try:
            threads = os.listdir(f"/proc/{member}/task")
        except OSError:
            continue
        for thread in threads:
            try:
                os.setpriority(os.PRIO_PROCESS, int(thread), -10)
            except OSError:
                pass


def record(name, spec, folder, work):
    width, height = spec["size"]
    browser = Browser(width=width, height=height, flags=("--disable-threaded-scrolling", "--hide-scrollbars"))
    try:
        browser.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                     mobile=True)
        browser.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        browser.call("Page.enable")
        browser.call("Page.navigate", url=f"file://{PAGE}?kind={spec['kind']}")
        deadline = time.time() + 20
        while not browser.evaluate("!!window.ready"):
            if time.time() > deadline:
                raise RuntimeError(f"{name}: the page did not load")
            time.sleep(0.05)
        boost(browser.process.pid)
        target = "document.scrollingElement"
        axis = "scrollLeft" if spec["kind"] == "chart" else "scrollTop"
        browser.evaluate(f"{target}.{axis} = {spec['start']}")
        blocks = browser.evaluate(
            "[...document.querySelectorAll('#code i')].map(b => { const r = b.getBoundingClientRect(); "
            "return [r.left + r.width / 2, r.top + r.height / 2]; })")
        time.sleep(0.8)
        boost(browser.process.pid)
        browser.call("Page.startScreencast", format="jpeg", quality=95, everyNthFrame=1)
        t0 = time.time() + 0.3
        schedule = touch_schedule(spec["gestures"], t0)
        end = t0 + spec["length"]
        frames = []  # (browser timestamp s, png bytes)
        sock = browser.ws.sock
        while time.time() < end or not frames:
            now = time.time()
            while schedule and schedule[0][0] <= now:
                when, method, params = schedule.pop(0)
                browser.next_id += 1
                browser.ws.send(json.dumps({"id": browser.next_id, "method": method,
                                            "params": dict(params, timestamp=when)}))
            wait = max(0.0, min(0.004, (schedule[0][0] - now) if schedule else 0.004))
            if not browser.ws.pending and not select.select([sock], [], [], wait)[0]:
                continue
            message = json.loads(browser.ws.receive())
            if message.get("method") == "Page.screencastFrame":
                p = message["params"]
                frames.append((p["metadata"]["timestamp"], base64.b64decode(p["data"]), p["metadata"]))
                browser.next_id += 1
                browser.ws.send(json.dumps({"id": browser.next_id, "method": "Page.screencastFrameAck",
                                            "params": {"sessionId": p["sessionId"]}}))
        browser.call("Page.stopScreencast")
        log = browser.evaluate("window.frameLog")
        origin = browser.evaluate("performance.timeOrigin") / 1000
    finally:
        browser.close()
    # The frames' pixels, RGB, through FFmpeg.
    pngs = os.path.join(work, name)
    shutil.rmtree(pngs, ignore_errors=True)
    os.makedirs(pngs)
    for i, (_, data, _) in enumerate(frames):
        with open(os.path.join(pngs, f"{i:05d}.jpg"), "wb") as f:
            f.write(data)
    raw = subprocess.run(["ffmpeg", "-loglevel", "error", "-i", os.path.join(pngs, "%05d.jpg"), "-f", "rawvideo",
                          "-pix_fmt", "rgb24", "-"], check=True, capture_output=True).stdout
    pixels = numpy.frombuffer(raw, numpy.uint8).reshape(len(frames), height, width, 3)
    # Each draw's frame number from its status bar.
    numbers = []
    for image in pixels:
        n = 0
        for i, (x, y) in enumerate(blocks):
            if image[int(y), int(x)].mean() < 128:
                n |= 1 << i
        numbers.append(n)
    by_number = {entry[0]: entry for entry in log}
    # A draw whose number is not in the log, or goes back, was read wrong (or caught mid-update): left out.
    kept, last = [], 0
    for i, n in enumerate(numbers):
        if n in by_number and n > last:
            kept.append(i)
            last = n
    if len(kept) < len(numbers):
        print(f"{name}: {len(numbers) - len(kept)} of {len(numbers)} draws left out (a frame number shown again, or unreadable)")
    frames = [frames[i] for i in kept]
    pixels = pixels[kept]
    numbers = [numbers[i] for i in kept]
    # The recorder: at each tick of its clock, the last draw it has received.
    stamps = [t for t, _, _ in frames]
    first = next(i for i, n in enumerate(numbers) if n in by_number)
    grid_start = stamps[first]
    ticks = int((stamps[-1] - grid_start) * spec["fps"]) + 1
    chosen = []
    j = first
    for k in range(ticks):
        t = grid_start + k / spec["fps"]
        while j + 1 < len(frames) and stamps[j + 1] <= t + 1e-6:
            j += 1
        chosen.append(j)
    # A recording a person could follow: no step between frames over half the view.
    offsets = [by_number[numbers[j]][2] for j in chosen]
    jump = max(abs(b - a) for a, b in zip(offsets, offsets[1:]))
    view = width if spec["kind"] == "chart" else height - 76
    if jump > view / 2:
        return f"{name}: a step of {jump:.0f} px between two frames (the browser missed its frames)"
    rows = []
    base = None
    for k, j in enumerate(chosen):
        entry = by_number.get(numbers[j])
        if entry is None:
            raise RuntimeError(f"{name}: recorded frame {k} shows frame number {numbers[j]}, not in the page's log")
        if base is None:
            base = entry
        drawn = frames[j][2]["scrollOffsetX" if spec["kind"] == "chart" else "scrollOffsetY"]
        if k == 0:
            drawn0 = drawn
        rows.append((k / spec["fps"], drawn - drawn0, (entry[1] - base[1]) / 1000, entry[0], entry[2] - base[2]))
    # Encode: downscaled; MP4 (H.264, as phones record) or GIF (a palette, dithered).
    out = os.path.join(folder, f"{name}.{spec['format']}")
    scale = spec.get("scale", SCALE)
    size = f"{round(width * scale / 2) * 2}x{round(height * scale / 2) * 2}"
    source = ["-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{width}x{height}", "-r", str(spec["fps"]), "-i", "-"]
    if spec["format"] == "mp4":
        command = ["ffmpeg", "-y", "-loglevel", "error", *source, "-vf", f"scale={size}:flags=area",
                   "-c:v", "libx264", "-preset", "veryslow", "-crf", "26", "-pix_fmt", "yuv420p",
                   "-movflags", "+faststart", out]
    else:
        command = ["ffmpeg", "-y", "-loglevel", "error", *source, "-filter_complex",
                   f"scale={size}:flags=area,split[a][b];[a]palettegen=max_colors=16[p];"
                   "[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle", out]
    encoder = subprocess.Popen(command, stdin=subprocess.PIPE)
    for j in chosen:
        encoder.stdin.write(pixels[j].tobytes())
    encoder.stdin.close()
    if encoder.wait() != 0:
        raise RuntimeError(f"{name}: ffmpeg failed")
    with open(os.path.join(folder, f"{name}.csv"), "w") as f:
        f.write("t,offset,page_t,frame,raf_offset\n")
        for t, offset, page_t, number, raf in rows:
            f.write(f"{t:.6f},{offset:.3f},{page_t:.6f},{number},{raf:.3f}\n")
    repeats = sum(1 for a, b in zip(chosen, chosen[1:]) if a == b)
    print(f"{name}: {len(chosen)} frames ({repeats} repeat the one before), {len(frames)} draws captured, "
          f"offset {min(r[1] for r in rows):.0f} to {max(r[1] for r in rows):.0f} px, "
          f"{os.path.getsize(out) / 1024:.0f} kB")


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Assets", "recordings", "fixtures")
    names = sys.argv[2:] or list(RECORDINGS)
    work = tempfile.mkdtemp(prefix="scrollab-fixtures-")
    try:
        for name in names:
            for attempt in range(8):
                problem = record(name, RECORDINGS[name], folder, work)
                if problem is None:
                    break
                print(problem + "; again")
            else:
                sys.exit(f"{name}: no usable recording in 8 tries")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
