// The WebAssembly core on its own: what it imports (only math), its size, its one-line errors, and
// a fling through each model of the zoo moving the content and coming to rest.
//
//   node Wasm/test/core.test.js .build/wasm/ScrollPhysics.wasm
'use strict';
const fs = require('fs');
const assert = require('assert');
const { scrollLabCore } = require('../core.js');
const { scenarios, sceneGeometry, replayInCore } = require('./scenarios.js');

const wasmPath = process.argv[2];
const bytes = fs.readFileSync(wasmPath);
let checks = 0;
function check(name, body) {
    body();
    checks++;
    if (process.env.VERBOSE) console.log('ok   ' + name);
}

// Under 256 KB in either reading (256,000 or 262,144 bytes).
check('the module is under 256 KB', () => assert.ok(bytes.length < 256 * 1000, `${bytes.length} bytes`));

check('it imports only math, from env', () => {
    const imports = WebAssembly.Module.imports(new WebAssembly.Module(bytes));
    const math = new Set(['exp', 'expm1', 'log', 'log10', 'log1p', 'pow', 'sin', 'cos', 'atan2']);
    for (const i of imports) {
        assert.ok(i.module === 'env' && math.has(i.name) && i.kind === 'function', JSON.stringify(i));
    }
});

const core = scrollLabCore(bytes);

check('every model of the zoo, UIKit first: one per preset file\'s model', () => {
    // Every model has its preset file (Assets/presets/<name>.json states its model; UIKit's state
    // none), so the presets say which models the desktop has, and the core must have them all.
    const folder = require('path').join(__dirname, '..', '..', 'Assets', 'presets');
    const stated = new Set(['uikit']);
    for (const name of fs.readdirSync(folder).filter((f) => f.endsWith('.json'))) {
        const model = JSON.parse(fs.readFileSync(require('path').join(folder, name), 'utf8')).model;
        if (typeof model === 'string') stated.add(model);
    }
    assert.strictEqual(core.models[0], 'uikit');
    assert.deepStrictEqual([...core.models].sort(), [...stated].sort());
});

check('an unknown model is one line naming the models', () => {
    assert.throws(() => core.view({ model: 'flutter' }, sceneGeometry('list')),
        { message: `unknown model "flutter" (models: ${core.models.join(', ')})` });
});

check('a value out of range is one line naming the key and the range', () => {
    assert.throws(() => core.view({ model: 'uikit', decelerationRate: 2 }, sceneGeometry('list')),
        { message: 'model "uikit": key "decelerationRate": 2 is out of range; allowed range [0.9, 0.9999] per ms' });
    assert.throws(() => core.view({ model: 'android', flywheel: 'yes' }, sceneGeometry('list')),
        /model "android": key "flywheel": "yes" is not on or off/);
});

check('keys and values outside ASCII are compared and refused as any other (the module has no Unicode tables: Runtime.c)', () => {
    // Precomposed and decomposed accents, an emoji: each an unknown key or value, in one line that names it.
    assert.throws(() => core.view({ model: 'uikit', 'décélération': 1 }, sceneGeometry('list')),
        /model "uikit": key "décélération": unknown key/);
    assert.throws(() => core.view({ model: 'uikit', edgeReturn: 'spri\u0301ng' }, sceneGeometry('list')),
        /key "edgeReturn": "spri\u0301ng"/);
    assert.throws(() => core.view({ model: 'u\u{1F600}' }, sceneGeometry('list')), /unknown model "u\u{1F600}"/u);
});

check('choices, flags and unset values are read as a parameter file gives them', () => {
    const view = core.view({ model: 'uikit', edgeReturn: 'spring', rubberBandLimit: null }, sceneGeometry('list'));
    view.advance(0);
    assert.strictEqual(view.offset(0), 0);
    core.view({ model: 'android', flywheel: false }, sceneGeometry('list'));
});

for (const model of core.models) {
    check(`${model}: a fling moves the list and comes to rest; the pager turns one page`, () => {
        const fling = scenarios.find((s) => s.name === 'fling');
        const frames = replayInCore(core.view({ model }, sceneGeometry('list')), fling.events, 60, 600);
        const last = frames[frames.length - 1];
        assert.ok(last.offset > 300 && last.offset <= 2156, `${model} rests at ${last.offset}`);
        assert.strictEqual(last.phase, 'idle');
        assert.strictEqual(last.velocity, 0);
        const turn = scenarios.find((s) => s.name === 'page turn');
        const pages = replayInCore(core.view({ model }, sceneGeometry('pager')), turn.events, 60, 300);
        assert.strictEqual(pages[pages.length - 1].page, 1, `${model} page`);
        const rest = pages[pages.length - 1].offset;
        assert.ok(Math.abs(rest - 844) < 1e-6, `${model} offset ${rest}`);
    });
}

check('a frame read in one call (view.frame) is the five calls\' reading, every model, every scenario', () => {
    // Two views of the same feel take the same samples; at each 60 Hz frame one is read with
    // frame(clock, t), the other with advance(clock), offset, velocity, phase and page, the clock
    // kept behind the frame as the page keeps it.
    for (const model of core.models) {
        for (const scenario of scenarios) {
            const geometry = sceneGeometry(scenario.scene);
            const one = core.view({ model }, geometry), five = core.view({ model }, geometry);
            let next = 0, compared = 0;
            for (let frame = 0; frame < 300; frame++) {
                const t = frame / 60, clock = t - 0.05;
                while (next < scenario.events.length && scenario.events[next].t <= t) {
                    const e = scenario.events[next++];
                    for (const view of [one, five]) view[e.type](e.t, e.y);
                }
                const read = one.frame(clock, t);
                five.advance(clock);
                const expected = { offset: five.offset(t), velocity: five.velocity(t), phase: five.phase(t),
                    page: five.page(t) };
                assert.deepStrictEqual({ ...read }, expected, `${model}, ${scenario.name}, t ${t}`);
                compared++;
            }
            assert.strictEqual(compared, 300);
        }
    }
});

check('a glide read ahead at its lift (view.offsets, view.motionEnd) is what the frames then show', () => {
    // Two views of the same feel take the same samples; at each lift one reads the rest of the
    // motion in one call. Both then run on, read frame by frame (the clock behind the frame, as the
    // page keeps it): every frame of the other must show the offset read ahead for its time, and
    // the two must read the same (reading ahead changed nothing).
    let glides = 0, compared = 0;
    for (const model of core.models) {
        for (const scenario of scenarios) {
            const view = core.view({ model }, sceneGeometry(scenario.scene));
            const twin = core.view({ model }, sceneGeometry(scenario.scene));
            let next = 0, ahead = null;
            for (let frame = 0; frame < 300; frame++) {
                const t = frame / 60;
                while (next < scenario.events.length && scenario.events[next].t <= t) {
                    const e = scenario.events[next++];
                    view[e.type](e.t, e.y);
                    twin[e.type](e.t, e.y);
                    ahead = null;
                    if (e.type !== 'up') continue;
                    const end = view.motionEnd();
                    if (!(end > t)) continue;
                    assert.notStrictEqual(view.phase(end - 1e-4), 'idle', `${model}, ${scenario.name}`);
                    assert.strictEqual(view.phase(end + 1e-9), 'idle', `${model}, ${scenario.name}`);
                    // This frame's time and every frame's after it, to past the end.
                    const count = Math.ceil((end - t) * 60) + 2;
                    ahead = { frame, offsets: Float64Array.from(view.offsets(t, 1 / 60, count)) };
                    assert.strictEqual(ahead.offsets.length, count);
                    glides++;
                }
                const read = { ...view.frame(t - 0.25, t) }, plain = twin.frame(t - 0.25, t);
                assert.deepStrictEqual(read, { ...plain }, `${model}, ${scenario.name}, t ${t}`);
                if (ahead && frame - ahead.frame < ahead.offsets.length) {
                    const expected = ahead.offsets[frame - ahead.frame];
                    assert.ok(Math.abs(read.offset - expected) < 1e-9,
                        `${model}, ${scenario.name}, t ${t}: ${read.offset} read ahead as ${expected}`);
                    compared++;
                }
            }
        }
    }
    assert.ok(compared > 1000, `${compared} frames compared`);
    assert.ok(glides >= core.models.length, `${glides} glides read ahead`);
    // Nothing to read for a view at rest; no more than 4096 offsets at once.
    const still = core.view({}, sceneGeometry('list'));
    assert.ok(Number.isNaN(still.motionEnd()));
    assert.deepStrictEqual([...still.offsets(0, 0.5, 3)], [0, 0, 0]);
    assert.strictEqual(still.offsets(0, 0.001, 10000).length, 4096);
    assert.strictEqual(still.offsets(0, 0.001, 0).length, 0);
});

console.log(`core: ${checks} checks passed (${bytes.length} bytes, imports only Math)`);
