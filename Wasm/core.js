// ScrollLab's physics core in a page or in node: instantiates ScrollPhysics.wasm (the Swift core
// built with Embedded Swift) with JavaScript's Math as its math, and wraps its C-ABI surface.
//
//   const core = scrollLabCore(wasmBytes);
//   const view = core.view({model: "uikit", decelerationRate: 0.99},        // a parameter file's object
//                          {viewport: 844, lower: 0, upper: 2156,           // pt along the axis
//                           snapCount: 0, snapSpacing: 0, snapFirst: 0,    // snap targets (pages), if any
//                           start: 0});                                    // rest offset (default lower)
//   view.down(t, y); view.move(t, y); view.up(t, y);   // s, pt (screen coordinate along the axis)
//   view.wheel(t, delta);                              // pt toward the end of the content
//   view.advance(t); view.offset(t); view.velocity(t); view.phase(t); view.page(t);
//   view.frame(clock, t)   // advance(clock), then {offset, velocity, phase, page} at t in one call
//                          // (the same values; one object per view, refilled by each call)
//   view.motionEnd()       // when the motion under way ends (s; its phase is idle from then), or NaN
//   view.offsets(from, step, count)  // the offsets at from, from + step, … (at most 4096), a
//                          // Float64Array of the core's memory, valid until the next call into the core
// Reading (offset, velocity, phase, page, motionEnd, offsets) never moves the clock or changes the
// view: a page may read the rest of a glide ahead of time.
//
// An unknown model, key or out-of-range value throws an Error with the core's one-line message.
function scrollLabCore(bytes) {
    const env = {
        exp: Math.exp, expm1: Math.expm1, log: Math.log, log10: Math.log10, log1p: Math.log1p,
        pow: Math.pow, sin: Math.sin, cos: Math.cos, atan2: Math.atan2
    };
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env });
    const x = instance.exports;
    const encoder = new TextEncoder(), decoder = new TextDecoder();
    const put = (text, at) => {
        const utf8 = encoder.encode(text);
        new Uint8Array(x.memory.buffer, x.sl_buffer() + at, utf8.length).set(utf8);
        return utf8.length;
    };
    const get = (length) => decoder.decode(new Uint8Array(x.memory.buffer, x.sl_buffer(), length).slice());
    // A phase name is one of five; it is looked up by its length and first and last bytes rather
    // than decoded every frame.
    const phaseNames = new Map();
    let nameBytes = new Uint8Array(0);
    const phaseName = (length) => {
        // (One view of the buffer's first bytes, made again only if the memory grew.)
        if (nameBytes.buffer !== x.memory.buffer) nameBytes = new Uint8Array(x.memory.buffer, x.sl_buffer(), 16);
        const bytes = nameBytes;
        const key = length * 65536 + (bytes[0] || 0) * 256 + (bytes[length - 1] || 0);
        let name = phaseNames.get(key);
        if (name === undefined) phaseNames.set(key, (name = get(length)));
        return name;
    };
    // The three numbers sl_frame writes (viewed again if the memory grew: its buffer is replaced).
    let frameState = new Float64Array(0);
    const frameNumbers = () => {
        if (frameState.buffer !== x.memory.buffer) frameState = new Float64Array(x.memory.buffer, x.sl_frame_state(), 3);
        return frameState;
    };
    const models = [];
    for (let i = 0; i < x.sl_model_count(); i++) models.push(get(x.sl_model_name(i)));

    function view(params, geometry) {
        x.sl_feel_begin(put(typeof params.model === 'string' ? params.model : 'uikit', 0));
        for (const [key, value] of Object.entries(params)) {
            if (key === 'model') continue;
            const keyLength = put(key, 0);
            if (typeof value === 'number') x.sl_feel_number(keyLength, value);
            else if (typeof value === 'string') x.sl_feel_text(keyLength, put(value, keyLength));
            else if (typeof value === 'boolean') x.sl_feel_flag(keyLength, value ? 1 : 0);
            else if (value === null) x.sl_feel_null(keyLength);
            else throw new Error(`key "${key}": an array or object is not a parameter value`);
        }
        const g = geometry;
        const id = x.sl_view_new(g.viewport, g.lower, g.upper, g.snapCount || 0, g.snapSpacing || 0, g.snapFirst || 0,
            typeof g.start === 'number' ? g.start : NaN);
        if (id < 0) throw new Error(get(-id));
        const state = { offset: 0, velocity: 0, phase: 'idle', page: null };
        return {
            down: (t, p) => x.sl_down(id, t, p),
            move: (t, p) => x.sl_move(id, t, p),
            up: (t, p) => x.sl_up(id, t, p),
            wheel: (t, d) => x.sl_wheel(id, t, d),
            advance: (t) => x.sl_advance(id, t),
            offset: (t) => x.sl_offset(id, t),
            velocity: (t) => x.sl_velocity(id, t),
            phase: (t) => phaseName(x.sl_phase(id, t)),
            page: (t) => { const p = x.sl_page(id, t); return p < 0 ? null : p; },
            motionEnd: () => x.sl_motion_end(id),
            offsets: (from, step, count) => {
                const written = x.sl_offsets(id, from, step, count);
                return new Float64Array(x.memory.buffer, x.sl_samples(), written);
            },
            frame: (clock, t) => {
                const name = phaseName(x.sl_frame(id, clock, t)), numbers = frameNumbers();
                state.offset = numbers[0]; state.velocity = numbers[1]; state.phase = name;
                state.page = numbers[2] < 0 ? null : numbers[2];
                return state;
            }
        };
    }
    return { models, view, exports: x };
}

if (typeof module !== 'undefined') module.exports = { scrollLabCore };
