// The same touch samples through the WebAssembly core (here, in node) and through the desktop's
// `scrollab replay`: the offsets must agree within 0.01 pt at every frame, for every model of the
// zoo, at 60 and 120 Hz, for a fling, a pull past an edge, a catch of a moving glide and a page turn.
//
//   node Wasm/test/conformance.js .build/wasm/ScrollPhysics.wasm .build/debug/scrollab
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { scrollLabCore } = require('../core.js');
const { scenarios, sceneGeometry, replayInCore } = require('./scenarios.js');

const [wasmPath, scrollab] = process.argv.slice(2);
if (!wasmPath || !scrollab) {
    console.error('usage: node conformance.js CORE.wasm SCROLLAB');
    process.exit(2);
}
const core = scrollLabCore(fs.readFileSync(wasmPath));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'scrollab-conformance-'));
const tolerance = 0.01;
let worst = 0, cases = 0, failures = 0;
try {
    for (const model of core.models) {
        for (const fps of [60, 120]) {
            const params = model === 'uikit' ? { model, refreshRate: fps } : { model };
            const paramsFile = path.join(folder, 'params.json');
            fs.writeFileSync(paramsFile, JSON.stringify(params));
            for (const scenario of scenarios) {
                const gestureFile = path.join(folder, 'gesture.json');
                fs.writeFileSync(gestureFile, JSON.stringify({ events: scenario.events }));
                const csv = execFileSync(scrollab, [
                    'replay', '--gesture', gestureFile, '--params', paramsFile, '--fps', String(fps),
                    '--scene', scenario.scene, '--trace', '-'
                ], { encoding: 'utf8' });
                const rows = csv.trim().split('\n').slice(1).map((line) => line.split(','));
                const times = rows.map((r) => Number(r[0]));
                const view = core.view(params, sceneGeometry(scenario.scene));
                const ours = replayInCore(view, scenario.events, fps, times.length);
                let largest = 0, at = 0;
                rows.forEach((row, i) => {
                    const d = Math.abs(Number(row[1]) - ours[i].offset);
                    if (!(d <= largest)) { largest = d; at = i; }
                });
                const phases = rows.filter((row, i) => row[3] !== ours[i].phase).length;
                cases++;
                worst = Math.max(worst, largest);
                const line = `${model} ${fps} Hz ${scenario.name}: ${rows.length} frames, ` +
                    `max |Δoffset| ${largest.toExponential(2)} pt (frame ${at}), phases differing ${phases}`;
                if (!(largest <= tolerance) || phases > 0) {
                    failures++;
                    console.log('FAIL ' + line);
                } else if (process.env.VERBOSE) {
                    console.log('ok   ' + line);
                }
            }
        }
    }
} finally {
    fs.rmSync(folder, { recursive: true, force: true });
}
console.log(`conformance: ${cases} cases (${core.models.length} models × 2 rates × ${scenarios.length} gestures), ` +
    `largest offset difference ${worst.toExponential(2)} pt (tolerance ${tolerance} pt), ${failures} failing`);
process.exit(failures === 0 && cases > 0 ? 0 : 1);
