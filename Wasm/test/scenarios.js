// Gestures on the default phone (390 × 844 pt) shared by the conformance test and the browser
// test, and the frame loop of `scrollab replay` (ScrollLabKit's `Replay`) over the core.
'use strict';

/// Moves from `y0` to `y1` over `duration` s, a sample every `step` s, starting at `t0`.
function drag(t0, y0, y1, duration, step) {
    const events = [];
    const n = Math.max(1, Math.round(duration / step));
    for (let i = 1; i <= n; i++) {
        const f = i / n;
        // Ease in: a finger speeding up toward the lift, as a flick does.
        events.push({ t: +(t0 + i * step).toFixed(6), type: 'move', x: 195, y: +(y0 + (y1 - y0) * f * f).toFixed(3) });
    }
    return events;
}

function gesture(t0, y0, y1, duration, step, holdAfter = 0) {
    const moves = drag(t0, y0, y1, duration, step);
    const last = moves[moves.length - 1];
    return [{ t: t0, type: 'down', x: 195, y: y0 }, ...moves,
        { t: +(last.t + holdAfter).toFixed(6), type: 'up', x: 195, y: y1 }];
}

const scenarios = [
    // A flick up the list: 300 pt in 96 ms, samples every 8 ms (a 120 Hz touch screen).
    { name: 'fling', scene: 'list', events: gesture(0, 700, 400, 0.096, 0.008) },
    // A pull down past the top edge by 250 pt of finger, held still, then let go.
    { name: 'pull past the top edge', scene: 'list', events: gesture(0, 300, 550, 0.4, 0.016, 0.1) },
    // A flick, then a finger catching the glide 0.4 s later and flicking again.
    {
        name: 'catch of a moving glide', scene: 'list',
        events: [...gesture(0, 700, 400, 0.096, 0.008), ...gesture(0.5, 500, 350, 0.08, 0.008)]
    },
    // A short quick swipe up on the pager: the next page.
    { name: 'page turn', scene: 'pager', events: gesture(0, 600, 420, 0.12, 0.008) }
];

/// The axis geometry of `scrollab replay`'s default scenes on the default phone.
function sceneGeometry(scene) {
    const viewport = 844;
    if (scene === 'pager') return { viewport, lower: 0, upper: 4 * 844, snapCount: 5, snapSpacing: 844, snapFirst: 0 };
    return { viewport, lower: 0, upper: 3000 - 844 };
}

/// `Replay.run`: at each frame t = i/fps, the events due by t (each at its own time), then the
/// clock to t, then a sample.
function replayInCore(view, events, fps, frames) {
    const out = [];
    let next = 0;
    for (let frame = 0; frame < frames; frame++) {
        const t = frame / fps;
        while (next < events.length && events[next].t <= t) {
            const e = events[next++];
            if (e.type === 'down') view.down(e.t, e.y);
            else if (e.type === 'move') view.move(e.t, e.y);
            else if (e.type === 'up') view.up(e.t, e.y);
            else if (e.type === 'wheel') view.wheel(e.t, e.dy);
        }
        view.advance(t);
        out.push({ t, offset: view.offset(t), velocity: view.velocity(t), phase: view.phase(t), page: view.page(t) });
    }
    return out;
}

module.exports = { scenarios, sceneGeometry, replayInCore };
