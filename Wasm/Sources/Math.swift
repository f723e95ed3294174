// The C math the physics core calls, as imports from the page (`Math.*` in JavaScript).
// Compiled only into the WebAssembly build: on the desktop these come from Glibc.

@_extern(wasm, module: "env", name: "exp") func exp(_ x: Double) -> Double
@_extern(wasm, module: "env", name: "expm1") func expm1(_ x: Double) -> Double
@_extern(wasm, module: "env", name: "log") func log(_ x: Double) -> Double
@_extern(wasm, module: "env", name: "log10") func log10(_ x: Double) -> Double
@_extern(wasm, module: "env", name: "log1p") func log1p(_ x: Double) -> Double
@_extern(wasm, module: "env", name: "pow") func pow(_ x: Double, _ y: Double) -> Double
@_extern(wasm, module: "env", name: "sin") func sin(_ x: Double) -> Double
@_extern(wasm, module: "env", name: "cos") func cos(_ x: Double) -> Double
@_extern(wasm, module: "env", name: "atan2") func atan2(_ y: Double, _ x: Double) -> Double

/// Euler's number, as Glibc's `M_E`.
let M_E = 2.718281828459045
