"""The served page live, where the user is: the real window (`scrollab play --serve`) under its own
Xvfb, and Debian's Chromium, headless, with touch emulation, on the address the window printed.

- without the token the server answers 403; with it, the page;
- the window's panel shows the address and a QR code that `zbarimg` decodes to exactly it;
- a slider dragged in the window reaches the page without a reload (its acknowledgement comes back)
  and changes the page's next flick;
- a scene the page cannot show (the banner): the page says so and keeps its last scene;
- with --bench N: the latency from a change in the window (a scene key, by xdotool) to the page's
  acknowledgement of it, median and p95 over N changes (a benchmark: numbers, not a pass/fail).

Screenshots (window and page) go to OUT; look at them.

    python3 Wasm/test/phone_test.py .build/debug/scrollab OUT [--bench 100]
"""

import base64
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from cdp import Browser  # noqa: E402
from browser_test import difference, flick, offset_at, wait_for_rest  # noqa: E402

TOLERANCE = 0.01


def start_x():
    """A display of its own (Xvfb picks a free number and writes it to the pipe)."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                            pass_fds=[write], stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            raise RuntimeError("Xvfb did not start")
        number += chunk
    os.close(read)
    return xvfb, ":" + number.decode().strip()


def widgets(path):
    found = {}
    try:
        with open(path) as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if len(fields) == 5:
                    found[fields[0]] = tuple(int(v) for v in fields[1:])
    except FileNotFoundError:
        pass
    return found


def wait(what, condition, limit=30.0):
    deadline = time.time() + limit
    while True:
        value = condition()
        if value:
            return value
        if time.time() > deadline:
            raise RuntimeError(f"gave up waiting for {what}")
        time.sleep(0.02)


def message(report):
    try:
        with open(report) as f:
            first = f.readline().rstrip("\n").split("\t")
        return first[1] if len(first) == 2 and first[0] == "message" else ""
    except FileNotFoundError:
        return ""


def replay(scrollab, folder, gesture, params):
    """`scrollab replay` of the page's samples with `params`: (t of the touch-down, [(t, offset)] at 1 kHz)."""
    t0 = gesture[0]["t"]
    events = [{"t": round(s["t"] - t0, 9), "type": s["type"], "x": s["x"], "y": s["y"]} for s in gesture]
    with open(os.path.join(folder, "gesture.json"), "w") as f:
        json.dump({"events": events}, f)
    with open(os.path.join(folder, "params.json"), "w") as f:
        json.dump(params, f)
    csv = subprocess.run([scrollab, "replay", "--gesture", os.path.join(folder, "gesture.json"), "--params",
                          os.path.join(folder, "params.json"), "--fps", "1000", "--trace", "-"],
                         check=True, capture_output=True, text=True).stdout
    return t0, [(float(r[0]), float(r[1])) for r in (line.split(",") for line in csv.strip().split("\n")[1:])]


def window_replay(path, rest):
    """The window's trace rows (t, offset) since its last rest at 0, once it rests at `rest` (within 0.01 pt)."""
    try:
        with open(path) as f:
            lines = f.read().strip().split("\n")
    except FileNotFoundError:
        return None
    rows = []
    for line in lines:
        fields = line.split(",")
        try:
            rows.append((float(fields[0]), float(fields[1])))
        except (ValueError, IndexError):
            rows = []  # a header: the columns changed
    zero = max((i for i, (_, offset) in enumerate(rows) if offset == 0), default=None)
    if zero is None or not rows or abs(rows[-1][1] - rest) > TOLERANCE:
        return None
    return rows[zero:]


def align(trace_rows, rows):
    """When the window's replay began (its scene time): found from the one row nearest the middle of
    the glide, by the replay's own offsets (monotonic there); every other row is then checked."""
    t, offset = trace_rows[len(trace_rows) // 2]
    for (ta, a), (tb, b) in zip(rows, rows[1:]):
        if min(a, b) <= offset <= max(a, b) and a != b:
            return t - (ta + (tb - ta) * (offset - a) / (b - a))
    raise RuntimeError(f"the window's offset {offset} is not on the replay's path")


def screenshot_page(browser, path):
    with open(path, "wb") as f:
        f.write(base64.b64decode(browser.call("Page.captureScreenshot", format="png")["data"]))


def blind_test(scrollab, out, home, browser):
    """`scrollab blind --serve` with no display at all: a practice trial and two counted ABX trials answered on
    the page; the page shows and exposes no feel's name or values; the answers land in the results file."""
    with open(os.path.join(home, "b.json"), "w") as f:
        json.dump({"decelerationRate": 0.99}, f)
    results = os.path.join(home, "results.jsonl")
    log = open(os.path.join(home, "blind-stderr.txt"), "w+")
    blind = subprocess.Popen(
        [scrollab, "blind", "--serve", "--serve-address", "127.0.0.1", "--params-b", "b.json", "--trials", "2",
         "--practice", "1", "--seed", "7", "--participant", "phone", "--out", results],
        cwd=home, env={"PATH": "/usr/bin:/bin", "HOME": home}, stderr=log, stdout=subprocess.PIPE, text=True)
    try:
        def printed():
            log.seek(0)
            match = re.search(r"serving the blind test at (http://\S+)", log.read())
            return match.group(1) if match else None
        url = wait("the blind test's address", printed, 30)
        browser.call("Page.navigate", url=url)
        wait("the blind page", lambda: browser.evaluate(
            "!!(window.scrollLab && scrollLab.live && scrollLab.live.sequence)"), 30)
        time.sleep(0.8)
        secret = ["b.json", "UIKit", "UIScrollView", "decelerationRate", "0.99", "defaults"]
        shown_text = browser.evaluate("document.body.innerText")
        exposed = browser.evaluate(
            "JSON.stringify({config: scrollLab.config, sides: scrollLab.sides.map((s) => [s.label, s.title]),"
            " live: scrollLab.live, title: document.title})")
        for word in secret:
            assert word not in shown_text, f"the blind page shows {word!r}: {shown_text!r}"
            assert word not in exposed, f"the blind page exposes {word!r}: {exposed}"
        assert browser.evaluate("scrollLab.config") is None
        labels = json.loads(browser.evaluate("JSON.stringify(scrollLab.sides.map((s) => s.label))"))
        assert labels == ["A", "B", "X"], labels
        screenshot_page(browser, os.path.join(out, "phone-blind.png"))
        print("blind page: phones", labels, "; shows", repr(shown_text.replace("\n", " | ")[:120]))

        def answer(which):
            before = browser.evaluate("scrollLab.live.sequence")
            browser.evaluate(f"document.querySelector('#blind button[data-answer=\"{which}\"]').click()")
            wait("the next trial", lambda: browser.evaluate("scrollLab.live.sequence") != before, 10)
        flick(browser, 195, 700, 400)
        answer("A")
        feedback = browser.evaluate("document.getElementById('blind').innerText")
        assert "practice" in feedback.lower() and "undefined" not in feedback, feedback
        before = browser.evaluate("scrollLab.live.sequence")
        browser.evaluate("document.querySelector('#blind button').click()")  # Next
        wait("the first counted trial", lambda: browser.evaluate("scrollLab.live.sequence") != before, 10)
        for which in ["B", "A"]:
            flick(browser, 195, 700, 400)
            answer(which)
        assert "over" in browser.evaluate("document.getElementById('blind').innerText")
        output, _ = blind.communicate(timeout=20)
        assert blind.returncode == 0, blind.returncode
        with open(results) as f:
            records = [json.loads(line) for line in f if line.strip()]
        counted = [r for r in records if not r.get("practice")]
        assert len(records) == 3 and len(counted) == 2, records
        assert all(r["participant"] == "phone" for r in records)
        print("blind test on the page:", output.strip().split("\n")[0][:160])
    finally:
        if blind.poll() is None:
            blind.terminate()
            blind.wait(10)
        log.close()


def main():
    scrollab, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    bench = int(sys.argv[sys.argv.index("--bench") + 1]) if "--bench" in sys.argv else 0
    os.makedirs(out, exist_ok=True)
    home = tempfile.mkdtemp(prefix="scrollab-phone-")
    xvfb, display = start_x()
    env = {"DISPLAY": display, "PATH": "/usr/bin:/bin", "HOME": home,
           "SCROLLAB_WIDGETS": os.path.join(home, "widgets.txt")}
    stderr = open(os.path.join(home, "stderr.txt"), "w+")
    trace = os.path.join(home, "trace.csv")
    app = subprocess.Popen([scrollab, "play", "--fresh", "--window", "1280x860", "--trace", trace, "--serve",
                            "--serve-address", "127.0.0.1"], cwd=os.getcwd(), env=env, stderr=stderr,
                           stdout=subprocess.DEVNULL)
    browser = None
    try:
        def printed_url():
            stderr.seek(0)
            match = re.search(r"serving the phone at (http://\S+)", stderr.read())
            return match.group(1) if match else None
        url = wait("the window's address", printed_url, 90)
        print("served at", url)
        port = int(url.split(":")[2].split("/")[0])
        # Without the token: 403, and not the page.
        for path in ["/", "/favicon.ico", "/" + "0" * 32 + "/"]:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5)
                raise AssertionError(f"{path}: served without the token")
            except urllib.error.HTTPError as error:
                assert error.code == 403, (path, error.code)
        xdo = lambda *args: subprocess.run(["xdotool", *args], env=env, check=True)  # noqa: E731
        window_id = wait("the window", lambda: subprocess.run(
            ["xdotool", "search", "--name", "ScrollLab"], env=env, capture_output=True, text=True).stdout.split())[0]
        report = os.path.join(home, "widgets.txt")
        # The whole code in sight (a widget is reported by the part that shows).
        wait("the QR code in the panel", lambda: "phone QR" in widgets(report)
             and abs(widgets(report)["phone QR"][2] - widgets(report)["phone QR"][3]) <= 1)
        time.sleep(0.5)
        shot = os.path.join(out, "phone-window.png")
        subprocess.run(["import", "-window", "root", shot], env=env, check=True)
        decoded = subprocess.run(["zbarimg", "--raw", "-q", shot], capture_output=True, text=True).stdout
        assert decoded == url + "\n", f"the QR code in the window reads {decoded!r}, the address is {url!r}"
        print("the window's QR code decodes to the address shown")

        browser = Browser(width=390, height=844)
        browser.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=3, mobile=True)
        browser.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        browser.call("Page.enable")
        browser.call("Page.navigate", url=url)
        sequence = lambda: browser.evaluate(  # noqa: E731
            "window.scrollLab && scrollLab.live ? scrollLab.live.sequence : null")
        first = wait("the page's first acknowledgement", sequence, 30)
        browser.evaluate("window.loadedOnce = true")
        time.sleep(0.8)
        screenshot_page(browser, os.path.join(out, "phone-page.png"))
        # The panel once the page has answered: "Phone up to date."
        subprocess.run(["import", "-window", "root", os.path.join(out, "phone-window-live.png")], env=env, check=True)

        # A flick on the page, a slider dragged in the window, the same flick again.
        flick(browser, 195, 700, 400)
        wait_for_rest(browser)
        before = browser.evaluate("scrollLab.offset")
        rate = "scrollLab.config.sides[0].params.decelerationRate"
        rate_before = browser.evaluate(rate)
        def find_slider():
            found = next((v for k, v in widgets(report).items() if k.lower().startswith("deceleration rate")), None)
            if found is None or found[1] + found[3] > 800:
                # Further down the panel: the wheel over it scrolls its sections.
                xdo("mousemove", "--window", window_id, "1000", "600")
                xdo("click", "--repeat", "3", "5")
                time.sleep(0.15)
                return None
            return found
        # The drag is tried again (at most twice more) when the panel was still settling from its scroll and
        # took no drag: what is checked is that a drag the window took reaches the page.
        for attempt in range(3):
            wait("the deceleration slider", find_slider)
            time.sleep(0.3)
            x, y, w, h = find_slider() or wait("the deceleration slider", find_slider)
            xdo("mousemove", "--window", window_id, str(x + w // 2), str(y + h // 2))
            time.sleep(0.05)
            xdo("mousedown", "1")
            for step in range(1, 11):
                time.sleep(0.02)
                xdo("mousemove", "--window", window_id, str(x + w // 2 - 8 * step), str(y + h // 2))
            xdo("mouseup", "1")
            try:
                wait("the slider's change on the page", lambda: browser.evaluate(rate) != rate_before, 5)
                break
            except RuntimeError:
                if attempt == 2:
                    raise
        changed = wait("the acknowledgement", lambda: (sequence() or 0) > first and sequence(), 10)
        assert browser.evaluate("window.loadedOnce === true"), "the page was reloaded"
        time.sleep(0.5)
        flick(browser, 195, 700, 400)
        wait_for_rest(browser)
        after = browser.evaluate("scrollLab.offset")
        print(f"decelerationRate {rate_before} → {browser.evaluate(rate)} (change {changed}); "
              f"the same flick rests at {before:.2f} pt, then {after:.2f} pt")
        assert abs(after - before) > 5, "the slider did not change the page's next flick"

        # That flick came back to the window: it replays there (A), and the page's frames, the desktop's
        # `scrollab replay` of the page's own samples with the page's own values, and the window's replay
        # agree within 0.01 pt.
        state = json.loads(browser.evaluate(
            "JSON.stringify({offset: scrollLab.offset, rate: scrollLab.refreshRate, gesture: scrollLab.lastGesture,"
            " frames: scrollLab.frames, params: scrollLab.config.sides[0].params,"
            " length: scrollLab.config.contentLength})"))
        # The page's list is the window's (200 cards, about 6,200 pt), not the export's 3,000 pt one: a
        # flick that reaches its end ends where it does in the window.
        assert state["length"] > 3000, state["length"]
        wait("the gesture in the window", lambda: "gesture from the phone" in message(report)
             or "Replayed" in message(report), 10)
        print("the window says:", message(report))
        gesture = state["gesture"]
        params = dict(state["params"], refreshRate=state["rate"])
        t0, rows = replay(scrollab, home, gesture, params)
        lift = gesture[-1]["t"]
        since = max(lift + 0.02, gesture[-1].get("received", lift))
        frames = [(f["t"], f["offset"]) for f in state["frames"] if f["t"] >= since]
        worst = max(difference(rows, t - t0, page) for t, page in frames)
        assert len(frames) >= 20 and worst <= TOLERANCE, (len(frames), worst)
        # The window's trace: its replay of the gesture, frame by frame, once it has come to rest.
        trace_rows = wait("the window's replay at rest", lambda: window_replay(trace, rows[-1][1]), 15)
        start = align(trace_rows, rows)
        subprocess.run(["import", "-window", "root", os.path.join(out, "phone-window-gesture.png")], env=env,
                       check=True)
        window_worst = max(abs(offset - offset_at(rows, t - start)) for t, offset in trace_rows if t - start > 0.02)
        print(f"a flick of {len(gesture)} samples: page vs replay {worst:.2e} pt over {len(frames)} frames; "
              f"window vs replay {window_worst:.2e} pt over {len(trace_rows)} frames; rest {state['offset']:.3f} pt "
              f"(replay {rows[-1][1]:.3f}, window {trace_rows[-1][1]:.3f})")
        assert window_worst <= TOLERANCE, window_worst
        # And it can be fitted: the window's glide after the lift, as `scrollab fit` reads a recording, gives
        # back the deceleration rate the slider set.
        glide = os.path.join(home, "glide.csv")
        lift_at = start + gesture[-1]["t"] - t0
        with open(glide, "w") as f:
            f.write("t,offset\n")
            for t, offset in trace_rows:
                if t > lift_at + 0.03:
                    f.write(f"{t - lift_at:.6f},{offset:.6f}\n")
        fitted = subprocess.run([scrollab, "fit", glide, "--kind", "glide"], capture_output=True, text=True,
                                check=True).stdout
        match = re.search(r"decelerationRate\D*([0-9.]+)", fitted)
        assert match, fitted
        print(f"fitted to the window's replay of the phone's flick: decelerationRate {match.group(1)} "
              f"(set {state['params']['decelerationRate']})")
        assert abs(float(match.group(1)) - state["params"]["decelerationRate"]) < 1e-3, fitted

        # A scene the page cannot show: it says so and keeps the list.
        xdo("key", "--window", window_id, "4")
        wait("the page's refusal", lambda: browser.evaluate("scrollLab.live.shown === false"), 10)
        assert browser.evaluate("scrollLab.config.scene") == "list"
        note = browser.evaluate("document.getElementById('notice').textContent")
        assert "banner" in note, note
        screenshot_page(browser, os.path.join(out, "phone-page-banner.png"))
        print("the banner: the page says", repr(note))
        xdo("key", "--window", window_id, "1")
        wait("the list again", lambda: browser.evaluate("scrollLab.live.shown === true"), 10)

        # A flood (60 silent connections, bounded in count and time), an oversized message and a bad path
        # while the window runs: refused, and the window goes on drawing and serving (a scene key reaches
        # the page).
        import socket
        flood = []
        for _ in range(60):
            connection = socket.create_connection(("127.0.0.1", port), timeout=5)
            flood.append(connection)
        token_path = url.split(str(port))[1]
        for path, body, code in [(token_path + "message", b"{" + b" " * 300000 + b"}", 413),
                                 (token_path + "core.js", None, 404)]:
            request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body)
            try:
                urllib.request.urlopen(request, timeout=5)
                raise AssertionError(f"{path}: accepted")
            except urllib.error.HTTPError as error:
                assert error.code in (code, 503), (path, error.code)
            except (ConnectionError, urllib.error.URLError):
                pass  # the server closed a connection it would not read: refused all the same
        before_flood = sequence()
        xdo("key", "--window", window_id, "2")
        wait("a change during the flood", lambda: sequence() != before_flood, 10)
        for connection in flood:
            connection.close()
        xdo("key", "--window", window_id, "1")
        wait("the list after the flood", lambda: browser.evaluate("scrollLab.config.scene") == "list", 10)
        print("a flood of 60 connections, an oversized message, a bad path: refused; the window went on")

        if bench:
            latencies = []
            for i in range(bench):
                before_seq = sequence()
                key = "2" if i % 2 == 0 else "1"
                sent = time.time()
                xdo("key", "--window", window_id, key)
                wait("an acknowledgement", lambda: sequence() != before_seq, 10)
                acked = browser.evaluate("scrollLab.live.at")
                latencies.append(acked - sent * 1000)
            latencies.sort()
            p95 = latencies[int(0.95 * (len(latencies) - 1))]
            print(f"change → page acknowledged, {len(latencies)} changes: median {statistics.median(latencies):.1f} ms, "
                  f"p95 {p95:.1f} ms, max {latencies[-1]:.1f} ms")
        assert app.poll() is None, "the window quit"
        # The window quits: the page says its changes no longer arrive (it looked served before).
        app.terminate()
        app.wait(15)
        wait("the page to see the window gone", lambda: browser.evaluate("scrollLab.live.connected") is False, 10)
        notice = browser.evaluate("document.getElementById('notice').textContent")
        assert "not serving" in notice, notice
        print(f"the window quit: the page says \"{notice}\"")
        blind_test(scrollab, out, home, browser)
        print("phone test passed")
    finally:
        if browser:
            browser.close()
        app.terminate()
        try:
            app.wait(15)
        except subprocess.TimeoutExpired:
            app.kill()
        xvfb.terminate()
        xvfb.wait()
        stderr.close()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
