#!/usr/bin/env bash
# Builds the engines (ArrangeGeometry, ArrangeLayout, ArrangeDragDrop) and their web entry points
# (Wasm/ArrangeWasm.swift for the board, Wasm/ArrangeWasmArenas.swift for any page) as Embedded Swift for wasm32, with the small C runtime in
# Wasm/runtime.c, into one WebAssembly module.
# Usage: Wasm/build.sh [OUTPUT]   (default .build/wasm/arrange.wasm)
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/wasm/arrange.wasm}
# A fixed place to build in: the module holds no path of it, and the same sources give the same
# bytes.
work=.build/wasm/objects
rm -rf "$work"
mkdir -p "$work"
toolchain=$(dirname "$(dirname "$(command -v swiftc)")")
embedded="$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm"
flags=(-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo
  -parse-as-library -Osize -Xcc -fno-stack-protector -I "$work")
for module in ArrangeGeometry ArrangeLayout ArrangeDragDrop; do
  swiftc "${flags[@]}" -module-name "$module" $(find "Sources/$module" -name '*.swift' | sort) \
    -emit-module-path "$work/$module.swiftmodule" -c -o "$work/$module.o"
done
swiftc "${flags[@]}" -module-name ArrangeWasm Wasm/ArrangeWasm.swift Wasm/ArrangeWasmArenas.swift -c -o "$work/ArrangeWasm.o"
"$toolchain/bin/clang" --target=wasm32 -O2 -nostdlib -ffreestanding -fno-builtin \
  -c Wasm/runtime.c -o "$work/runtime.o"
mkdir -p "$(dirname "$output")"
"$toolchain/bin/wasm-ld" --no-entry --gc-sections --strip-all -o "$output" "$work"/ArrangeWasm.o \
  "$work"/ArrangeDragDrop.o "$work"/ArrangeLayout.o "$work"/ArrangeGeometry.o "$work"/runtime.o \
  "$embedded/libswiftUnicodeDataTables.a"
echo "built $output ($(wc -c < "$output") bytes)"
