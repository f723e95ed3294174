#!/bin/sh
# Builds the physics core (Sources/ScrollPhysics, every model of the zoo) to WebAssembly with
# Embedded Swift: Wasm/Sources adds the math imports, the C-ABI surface and the C runtime the
# module needs, so the page imports only Math.* functions. Output: .build/wasm/ScrollPhysics.wasm.
set -eu
cd "$(dirname "$0")/.."
out=.build/wasm
mkdir -p "$out"
bin=$(dirname "$(command -v swiftc)")
target=wasm32-unknown-none-wasm
swiftc -target $target -enable-experimental-feature Embedded -enable-experimental-feature Extern \
    -Xfrontend -disable-stack-protector -wmo -Osize -parse-as-library -module-name ScrollPhysics \
    -c $(find Sources/ScrollPhysics -name '*.swift' | sort) Wasm/Sources/*.swift -o "$out/ScrollPhysics.o"
"$bin/clang" --target=wasm32-unknown-unknown -Os -ffreestanding -fno-builtin -nostdlib \
    -c Wasm/Sources/Runtime.c -o "$out/Runtime.o"
exports=$(grep -ho '@_cdecl("[a-z_]*")' Wasm/Sources/*.swift | sed 's/@_cdecl("\(.*\)")/--export=\1/')
"$bin/wasm-ld" --no-entry $exports --gc-sections --strip-all "$out/ScrollPhysics.o" "$out/Runtime.o" \
    -o "$out/ScrollPhysics.linked.wasm"
# Binaryen's optimizer (Debian's binaryen) for size; the module's behaviour is the linker's.
# Only the features the linker's output uses, so node 20 and every current browser load it.
wasm-opt -Oz --enable-nontrapping-float-to-int --enable-sign-ext --enable-bulk-memory --enable-mutable-globals \
    "$out/ScrollPhysics.linked.wasm" -o "$out/ScrollPhysics.wasm"
echo "$out/ScrollPhysics.wasm: $(wc -c < "$out/ScrollPhysics.wasm") bytes"
# What `scrollab export --web` puts into a page, beside the core.
cp Wasm/core.js Wasm/page/page.html "$out/"
