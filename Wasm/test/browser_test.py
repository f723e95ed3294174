"""The exported page in a real browser: Debian's Chromium, headless, on a 390 × 844 phone viewport
with touch emulation. A scripted flick (CDP Input.dispatchTouchEvent, which reaches the page as
Pointer Events with coalesced samples and timestamps) moves the list; the page's own record of
the samples it read (window.scrollLab.lastGesture) is replayed by the desktop's `scrollab replay`,
and every frame the page drew after the lift must show the offset the desktop computes for that
instant (within 0.01 pt), and the same rest. Screenshots go to OUT (look at them).

    python3 Wasm/test/browser_test.py .build/debug/scrollab OUT_FOLDER
"""

import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from cdp import Browser  # noqa: E402

TOLERANCE = 0.01


def export(scrollab, folder, name, *flags):
    path = os.path.join(folder, name)
    subprocess.run([scrollab, "export", "--web", "--out", path, *flags], check=True)
    return path


def open_page(browser, path):
    browser.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=3, mobile=True)
    browser.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    browser.call("Page.enable")
    browser.call("Page.navigate", url="file://" + os.path.abspath(path))
    deadline = time.time() + 20
    while not browser.evaluate("!!(window.scrollLab && window.scrollLab.sides.length)"):
        if time.time() > deadline:
            raise RuntimeError(f"{path}: window.scrollLab never appeared")
        time.sleep(0.05)
    time.sleep(0.8)  # the page measures the display's rate over its first 30 frames


def flick(browser, x, y0, y1, moves=12, step=0.008):
    """A finger flicking from y0 to y1 (ease-in, as the conformance test's fling), `step` s apart."""
    browser.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y0}])
    for i in range(1, moves + 1):
        time.sleep(step)
        f = i / moves
        browser.call("Input.dispatchTouchEvent", type="touchMove", touchPoints=[{"x": x, "y": y0 + (y1 - y0) * f * f}])
    browser.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])


def swipe_left(browser, x0, y, distance, moves=12, step=0.008):
    """A finger swiping `distance` pt to the left from (x0, y), ease-in, `step` s apart."""
    browser.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x0, "y": y}])
    for i in range(1, moves + 1):
        time.sleep(step)
        f = i / moves
        browser.call("Input.dispatchTouchEvent", type="touchMove", touchPoints=[{"x": x0 - distance * f * f, "y": y}])
    browser.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])


def wait_for_rest(browser, limit=8.0):
    deadline = time.time() + limit
    time.sleep(0.1)
    while browser.evaluate("scrollLab.phase") != "idle":
        if time.time() > deadline:
            raise RuntimeError("the page never came to rest")
        time.sleep(0.05)
    time.sleep(0.1)


def screenshot(browser, path):
    import base64
    data = browser.call("Page.captureScreenshot", format="png")["data"]
    with open(path, "wb") as f:
        f.write(base64.b64decode(data))


def replay_offsets(scrollab, folder, gesture, refresh_rate):
    t0 = gesture[0]["t"]
    events = []
    for sample in gesture:
        event = {"t": round(sample["t"] - t0, 9), "type": sample["type"]}
        event.update({"x": sample["x"], "y": sample["y"]})
        events.append(event)
    gesture_file = os.path.join(folder, "gesture.json")
    params_file = os.path.join(folder, "params.json")
    with open(gesture_file, "w") as f:
        json.dump({"events": events}, f)
    with open(params_file, "w") as f:
        json.dump({"refreshRate": refresh_rate}, f)
    csv = subprocess.run(
        [scrollab, "replay", "--gesture", gesture_file, "--params", params_file, "--fps", "1000", "--trace", "-"],
        check=True, capture_output=True, text=True,
    ).stdout
    rows = [line.split(",") for line in csv.strip().split("\n")[1:]]
    return t0, [(float(r[0]), float(r[1])) for r in rows]


def offset_at(rows, t):
    """The replay's offset at `t` (s), linear between its 1 ms rows (the glide is smooth there)."""
    i = min(max(0, int(t * 1000)), len(rows) - 2)
    (ta, a), (tb, b) = rows[i], rows[i + 1]
    return rows[-1][1] if t >= rows[-1][0] else a + (b - a) * (t - ta) / (tb - ta)


def difference(rows, t, page):
    """How far the page's offset at `t` is from the replay's. Inside the one millisecond in which
    the glide comes to rest (it snaps onto the pixel grid there, a step of up to 1/6 pt at 3x),
    the 1 ms rows cannot say which side of the step `t` is on: the page then matches either end."""
    i = min(max(0, int(t * 1000)), len(rows) - 2)
    ends = [rows[i][1], rows[i + 1][1]]
    linear = abs(page - offset_at(rows, t))
    return min([linear] + [abs(page - end) for end in ends]) if ends[1] == rows[-1][1] else linear


def look(browser, script):
    """What the page shows, read from its elements (a JSON-able expression)."""
    return json.loads(browser.evaluate(f"JSON.stringify({script})"))


# The desktop phone's first cards (Sources/Scenes/Art.swift, titles and subtitles: card i shows
# title i and subtitle 7i), status bar (Chrome.statusBar: four signal bars, Wi-Fi, battery with its
# charge and cap) and carousel (CarouselScene: titles from the sixth, a dot a card).
LIST_TITLES = ["Morning light over the bay", "A quiet street in Kyoto", "Desert roads at dusk", "Notes from the north"]
LIST_SUBTITLES = ["12 min read · Travel", "Interview · 6 min read", "Video · 3:42", "Map · 14 places"]
STATUS_ICONS = 8


def main():
    scrollab, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="scrollab-browser-")
    list_page = export(scrollab, work, "list.html")
    browser = Browser()
    try:
        open_page(browser, list_page)
        screenshot(browser, os.path.join(out, "list-at-rest.png"))
        # The desktop phone's look: its cards in its order, each picture drawn, no navigation bar
        # while the large title shows, the status bar's icons.
        shown = look(browser, "{titles: [...document.querySelectorAll('.card .headline')].map((e) => e.textContent),"
                     " subtitles: [...document.querySelectorAll('.card .subheadline')].map((e) => e.textContent),"
                     " pictures: [...document.querySelectorAll('.card img')].map((e) => e.naturalWidth),"
                     " bar: getComputedStyle(document.querySelector('.navigation')).opacity,"
                     " icons: document.querySelectorAll('.status svg > *').length,"
                     " time: document.querySelector('.status').textContent}")
        assert shown["titles"][:4] == LIST_TITLES and shown["subtitles"][:4] == LIST_SUBTITLES, shown
        assert len(shown["pictures"]) >= 5 and min(shown["pictures"]) > 0, shown["pictures"]
        assert shown["bar"] == "0" and shown["icons"] == STATUS_ICONS and shown["time"] == "9:41", shown
        # Held past the top, the indicator shrinks by the overshoot against the top, as the desktop
        # phone's does; at rest again it is whole.
        thumb = "document.querySelector('.thumb').getBoundingClientRect()"
        whole = browser.evaluate(f"{thumb}.height")
        browser.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": 195, "y": 300}])
        for i in range(1, 21):
            time.sleep(0.02)
            browser.call("Input.dispatchTouchEvent", type="touchMove", touchPoints=[{"x": 195, "y": 300 + 20 * i}])
        time.sleep(0.2)
        over, held = -browser.evaluate("scrollLab.offset"), browser.evaluate(f"{thumb}.height")
        screenshot(browser, os.path.join(out, "list-pulled.png"))
        browser.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
        wait_for_rest(browser)
        assert over > 50 and abs(held - max(7, whole - over)) < 1, (whole, over, held)
        assert abs(browser.evaluate(f"{thumb}.height") - whole) < 1e-6
        # Held where the large title is going under the bar, the bar is part faded in, as the
        # desktop phone's (ListScene.collapse: over the 12 pt before 44 pt).
        browser.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": 195, "y": 500}])
        for i in range(1, 11):
            time.sleep(0.02)
            browser.call("Input.dispatchTouchEvent", type="touchMove", touchPoints=[{"x": 195, "y": 500 - 5 * i}])
        time.sleep(0.3)
        held = json.loads(browser.evaluate(
            "JSON.stringify({offset: scrollLab.offset,"
            " bar: +getComputedStyle(document.querySelector('.navigation')).opacity})"))
        screenshot(browser, os.path.join(out, "list-bar-fading.png"))
        browser.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
        wait_for_rest(browser)
        expected = min(max((held["offset"] - 32) / 12, 0), 1)
        assert 32 < held["offset"] < 44 and abs(held["bar"] - expected) < 1e-3, held
        flick(browser, 195, 700, 400)
        time.sleep(0.15)
        screenshot(browser, os.path.join(out, "list-gliding.png"))
        wait_for_rest(browser)
        state = browser.evaluate(
            "JSON.stringify({offset: scrollLab.offset, phase: scrollLab.phase, rate: scrollLab.refreshRate,"
            " gesture: scrollLab.lastGesture, frames: scrollLab.frames, history: scrollLab.history})")
        state = json.loads(state)
        gesture, frames = state["gesture"], state["frames"]
        kinds = [s["type"] for s in gesture]
        assert kinds[0] == "down" and kinds[-1] == "up" and kinds.count("move") >= 6, kinds
        assert gesture[0].get("pointerType") == "touch", gesture[0]
        assert state["offset"] > 200, f"the flick moved the list to {state['offset']} pt only"
        # Every sample since the page was laid out (the pull and the held drag before this flick).
        t0, rows = replay_offsets(scrollab, work, state["history"], state["rate"])
        lift = gesture[-1]["t"]
        # Frames from 20 ms after the lift, and only those drawn once the page had the lift: on a busy
        # machine Chrome can dispatch a touch end tens of ms after its timestamp, and a frame drawn
        # before then still showed the drag (the desktop's replay already has the lift).
        since = max(lift + 0.02, gesture[-1].get("received", lift))
        compared = [(f["t"], f["offset"], offset_at(rows, f["t"] - t0)) for f in frames if f["t"] >= since]
        assert len(compared) >= 20, f"only {len(compared)} frames after the lift"
        worst = max(difference(rows, t - t0, page) for t, page, _ in compared)
        rest = abs(state["offset"] - rows[-1][1])
        print(
            f"browser: a flick of {len(gesture)} samples at {state['rate']} Hz; {len(compared)} frames after the "
            f"lift, largest difference from the desktop's replay {worst:.2e} pt; rest {state['offset']:.3f} pt "
            f"(desktop {rows[-1][1]:.3f})")
        if worst > TOLERANCE:
            with open(os.path.join(out, "flick-mismatch.json"), "w") as f:
                json.dump({"gesture": gesture, "frames": frames, "rate": state["rate"], "rows": rows[:3000]}, f)
            bad = [(round(1000 * (t - lift), 1), page, desktop) for t, page, desktop in compared
                   if difference(rows, t - t0, page) > TOLERANCE]
            print(f"browser: frames that differ (ms after the lift, page, desktop): {bad[:8]}")
        assert worst <= TOLERANCE and rest <= TOLERANCE, (worst, rest)
        screenshot(browser, os.path.join(out, "list-after-flick.png"))
        # The large title is under the bar now: the bar shows, with the title small.
        assert look(browser, "getComputedStyle(document.querySelector('.navigation')).opacity") == "1"
        # At rest the page asks for no frames: nothing is drawn while nothing changes.
        count = "scrollLab.frames.length"
        drawn = browser.evaluate(count)
        time.sleep(0.5)
        assert browser.evaluate(count) == drawn, "the page kept drawing frames at rest"
        # The next touch wakes it: a second flick is drawn and glides.
        flick(browser, 195, 300, 600)
        time.sleep(0.2)
        assert browser.evaluate("scrollLab.phase") != "idle" and browser.evaluate(count) > 3, "no frames after a touch"
        # A flick that catches that glide: every sample since the page was laid out, replayed from
        # rest at the top, gives the frames of this gesture too.
        flick(browser, 195, 650, 450)
        wait_for_rest(browser)
        state = json.loads(browser.evaluate(
            "JSON.stringify({offset: scrollLab.offset, history: scrollLab.history, start: scrollLab.historyStart,"
            " frames: scrollLab.frames, gesture: scrollLab.lastGesture, rate: scrollLab.refreshRate})"))
        history, frames = state["history"], state["frames"]
        assert state["start"] == 0 and [s["type"] for s in history].count("down") == 5, state["start"]
        t0, rows = replay_offsets(scrollab, work, history, state["rate"])
        since = max(state["gesture"][-1]["t"] + 0.02, state["gesture"][-1].get("received", 0))
        compared = [(f["t"], f["offset"]) for f in frames if f["t"] >= since]
        worst = max(difference(rows, t - t0, page) for t, page in compared)
        rest = abs(state["offset"] - rows[-1][1])
        print(f"browser: a flick that caught a glide, replayed with the page's history ({len(history)} samples, "
              f"5 gestures): {len(compared)} frames, largest difference {worst:.2e} pt; rest {state['offset']:.3f} pt "
              f"(desktop {rows[-1][1]:.3f})")
        assert len(compared) >= 20 and worst <= TOLERANCE and rest <= TOLERANCE, (len(compared), worst, rest)
        # A new layout (a resize here) keeps the list where it was.
        flick(browser, 195, 600, 500)
        wait_for_rest(browser)
        before = browser.evaluate("scrollLab.offset")
        browser.call("Emulation.setDeviceMetricsOverride", width=390, height=700, deviceScaleFactor=3, mobile=True)
        time.sleep(0.8)
        after = browser.evaluate("scrollLab.offset")
        assert before > 100 and abs(after - before) < 1e-9, f"a resize moved the list from {before} to {after}"
        # The history starts again there, from rest where the new layout put the list.
        assert browser.evaluate("scrollLab.history.length") == 0
        assert abs(browser.evaluate("scrollLab.historyStart") - after) < 1e-9
        # A and B: both run, each labelled; on a phone one at a time, the button toggles them.
        b_file = os.path.join(work, "b.json")
        with open(b_file, "w") as f:
            json.dump({"model": "android"}, f)
        open_page(browser, export(scrollab, work, "ab.html", "--params-b", b_file))
        # Each phone's screen, which a replay of its samples needs: shorter than the window by the
        # toggle's row.
        screens = json.loads(browser.evaluate(
            "JSON.stringify({said: scrollLab.sides.map((s) => s.viewport), phone: (({width, height}) =>"
            " ({width, height}))(document.querySelector('.side.shown .phone').getBoundingClientRect())})"))
        assert all(v == screens["phone"] for v in screens["said"]) and screens["phone"]["height"] < 844, screens
        labels = browser.evaluate("JSON.stringify(scrollLab.sides.map((s) => s.label))")
        # Each side named as the window names a side: the defaults' preset title, else its file's name.
        expected = ["A · UIKit normal", "B · b.json"]
        assert json.loads(labels) == expected, labels
        browser.evaluate("document.getElementById('toggle').click()")
        time.sleep(0.3)
        shown = browser.evaluate("document.getElementById('toggle').textContent")
        assert shown.startswith("B · b.json"), shown
        screenshot(browser, os.path.join(out, "ab-toggled.png"))
        # On a screen wide enough for both phones side by side, one drag on either phone drives both
        # with the same pointer samples, as the desktop playground's A/B does.
        browser.call("Emulation.setDeviceMetricsOverride", width=1000, height=900, deviceScaleFactor=1, mobile=False)
        time.sleep(0.8)
        boxes = json.loads(browser.evaluate(
            "JSON.stringify([...document.querySelectorAll('.phone')].map((e) => e.getBoundingClientRect()))"))
        assert len(boxes) == 2 and boxes[0]["width"] > 300 and boxes[1]["left"] >= boxes[0]["right"], boxes
        both = "JSON.stringify(scrollLab.sides.map((s) => ({offset: s.offset, phase: s.phase, gesture: s.lastGesture})))"
        for touched in (1, 0):
            before = [s["offset"] for s in json.loads(browser.evaluate(both))]
            x = boxes[touched]["left"] + boxes[touched]["width"] / 2
            flick(browser, x, 700 if touched else 300, 400 if touched else 600)
            time.sleep(0.15)
            if touched:
                screenshot(browser, os.path.join(out, "ab-side-by-side-gliding.png"))
            deadline = time.time() + 8
            while any(s["phase"] != "idle" for s in json.loads(browser.evaluate(both))):
                assert time.time() < deadline, "the A/B phones never came to rest"
                time.sleep(0.05)
            sides = json.loads(browser.evaluate(both))
            a_samples, b_samples = sides[0]["gesture"], sides[1]["gesture"]
            assert len(a_samples) >= 8 and a_samples == b_samples, (touched, len(a_samples), len(b_samples))
            # The drag alone moves each list 300 pt (a glide after it, more).
            moved = [abs(s["offset"] - b) for s, b in zip(sides, before)]
            assert all(m > 100 for m in moved), f"a drag on phone {touched} moved the phones by {moved} pt"
            # Each phone's own feel moved it: both far from where they started, not to the same rest.
            if touched:
                assert all(s["offset"] > 100 for s in sides) and sides[0]["offset"] != sides[1]["offset"], sides
        screenshot(browser, os.path.join(out, "ab-side-by-side.png"))
        browser.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=3, mobile=True)
        for scene, extra in [("pager", []), ("carousel", [])]:
            open_page(browser, export(scrollab, work, scene + ".html", "--scene", scene, *extra))
            screenshot(browser, os.path.join(out, f"{scene}.png"))
            texts = look(browser, "[...document.querySelectorAll('.text')].map((e) => e.textContent)")
            pictures = look(browser, "[...document.querySelectorAll('.content img')].map((e) => e.naturalWidth)")
            if scene == "pager":
                # Videos (VideoPage): a picture of each caption, the creator and the caption, the feed's tabs.
                assert texts[:2] == ["@lena.films", "First snow in the valley"] and "For You" in texts, texts
                assert len(pictures) == 5 and min(pictures) > 0, pictures
            else:
                dots = look(browser, "[...document.querySelectorAll('.dot')].map((e) => e.classList.contains('on'))")
                assert texts[:2] == ["Weekend in the hills", "Video · 3:42"] and "Featured" in texts, texts
                assert len(pictures) == 10 and min(pictures) > 0, pictures
                assert dots == [True] + [False] * 9, dots
            # One swipe turns one page or card; at rest the page reads the one it rests on.
            if scene == "pager":
                flick(browser, 195, 600, 450)
            else:
                swipe_left(browser, 300, 400, 150)
            wait_for_rest(browser)
            page = browser.evaluate("scrollLab.page")
            assert page == 1, f"{scene}: at rest on page {page} after one swipe"
            if scene == "carousel":
                # The dots follow the card the carousel rests on.
                dots = look(browser, "[...document.querySelectorAll('.dot')].map((e) => e.classList.contains('on'))")
                assert dots == [False, True] + [False] * 8, f"the dots after one swipe: {dots}"
            screenshot(browser, os.path.join(out, f"{scene}-swiped.png"))
    finally:
        browser.close()


if __name__ == "__main__":
    main()
