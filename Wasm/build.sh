#!/usr/bin/env bash
# Builds the engines (ArrangeGeometry, ArrangeLayout, ArrangeDragDrop) as Embedded Swift for
# wasm32, with the small C runtime in Wasm/runtime.c, into one WebAssembly module, OUTPUT
# (default .build/wasm/arrange.wasm): the web library's arenas (Wasm/ArrangeWasmArenas.swift),
# which any page uses, the board page too. It holds only what its entry points reach. The
# objects are LLVM bitcode and the linker optimizes the module whole (link-time optimization: it
# inlines and drops across the engines' modules), which makes it about a tenth smaller than
# linking machine code; then wasm-opt (binaryen) makes it smaller still.
# With `layout` as second argument it builds the gallery's layout module instead (default
# .build/wasm/arrange-layout.wasm): ArrangeLayout and the layout documents' reader
# (ArrangeJSON, ArrangeLayoutJSON, Wasm/ArrangeWasmLayout.swift), for the layout playground.
# Usage: Wasm/build.sh [OUTPUT] [library|layout]
set -euo pipefail
cd "$(dirname "$0")/.."
what=${2:-library}
case "$what" in
  library) output=${1:-.build/wasm/arrange.wasm} ;;
  layout) output=${1:-.build/wasm/arrange-layout.wasm} ;;
  *) echo "usage: Wasm/build.sh [OUTPUT] [library|layout]" >&2; exit 2 ;;
esac
# A fixed place to build in: the module holds no path of it, and the same sources give the same
# bytes.
work=.build/wasm/objects-$what
rm -rf "$work"
mkdir -p "$work"
toolchain=$(dirname "$(dirname "$(command -v swiftc)")")
embedded="$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm"
# The Swift compiler's optimizer does not always give the same code for the same sources: its
# result for a function has depended on where in memory its data happened to be (address
# space layout randomization): of 24 compiles of the library's entry point, 3 differed, in
# one function each, and the module then by 2 to 14 bytes. Run with the addresses fixed
# (`setarch -R`, where the system allows it) and with Swift's own hashing seeded alike, 32
# of 32 gave the same code.
swiftc() {
  if setarch "$(uname -m)" -R true 2>/dev/null; then
    SWIFT_DETERMINISTIC_HASHING=1 setarch "$(uname -m)" -R swiftc "$@"
  else
    SWIFT_DETERMINISTIC_HASHING=1 command swiftc "$@"
  fi
}
# The compiler's module cache is the build's own (not the one in the home folder, which other
# builds fill and change meanwhile): what a compile reads is only the sources and the toolchain.
flags=(-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo
  -parse-as-library -Osize -Xcc -fno-stack-protector -I "$work" -lto=llvm-full
  -enable-experimental-feature Extern -module-cache-path "$work/module-cache")
engines=(ArrangeGeometry ArrangeLayout ArrangeDragDrop)
if [ "$what" = layout ]; then engines=(ArrangeGeometry ArrangeLayout); fi
# The engines are compiled alike for both modules: the layout module takes the library's
# objects when they are newer than every source they come from (and this script), and compiles
# them itself otherwise.
library=.build/wasm/objects-library
# ArrangeLayout and ArrangeDragDrop import only ArrangeGeometry: once it is built, the two are
# compiled side by side (each compile is one thread; CI's machine has two cores).
compile() {
  local module=$1
  if [ "$what" = layout ] && [ -f "$library/$module.o" ] && [ -f "$library/$module.swiftmodule" ] \
    && [ -z "$(find "Sources/$module" Wasm/build.sh -newer "$library/$module.o" | head -n 1)" ]; then
    cp "$library/$module.o" "$library/$module.swiftmodule" "$work/"
    return
  fi
  swiftc "${flags[@]}" -module-name "$module" $(find "Sources/$module" -name '*.swift' | sort) \
    -emit-module-path "$work/$module.swiftmodule" -c -o "$work/$module.o"
}
compile ArrangeGeometry
pids=()
for module in "${engines[@]:1}"; do
  compile "$module" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
if [ "$what" = layout ]; then
  # The layout documents' reader, without its command and its SVG (those use Foundation), over
  # the package's JSON reader; their package-level names are reached as in the package, and
  # their imports are read as there.
  swiftc "${flags[@]}" -package-name Arrange -enable-upcoming-feature InternalImportsByDefault \
    -enable-upcoming-feature MemberImportVisibility -module-name ArrangeJSON \
    $(find Sources/ArrangeJSON -name '*.swift' | sort) \
    -emit-module-path "$work/ArrangeJSON.swiftmodule" -c -o "$work/ArrangeJSON.o"
  swiftc "${flags[@]}" -package-name Arrange -enable-upcoming-feature InternalImportsByDefault \
    -enable-upcoming-feature MemberImportVisibility -module-name ArrangeLayoutJSON \
    Sources/ArrangeLayoutJSON/LayoutDocument.swift Sources/ArrangeLayoutJSON/LayoutDocumentError.swift \
    $(find Sources/ArrangeLayoutJSON/Schema -name '*.swift' | sort) \
    -emit-module-path "$work/ArrangeLayoutJSON.swiftmodule" -c -o "$work/ArrangeLayoutJSON.o"
  swiftc "${flags[@]}" -package-name Arrange -module-name ArrangeWasmLayout \
    Wasm/ArrangeWasmLayout.swift -c -o "$work/entry.o"
  objects=("$work/entry.o" "$work/ArrangeLayoutJSON.o" "$work/ArrangeJSON.o" "$work/ArrangeLayout.o"
    "$work/ArrangeGeometry.o")
else
  swiftc "${flags[@]}" -module-name ArrangeWasm Wasm/ArrangeWasmArenas.swift Wasm/ArrangeWasmGeometry.swift \
    Wasm/ArrangeWasmShared.swift Wasm/ArrangeWasmCodes.swift Wasm/ArrangeWasmRecords.swift \
    Wasm/ArrangeWasmOutput.swift -c -o "$work/entry.o"
  objects=("$work/entry.o" "$work/ArrangeDragDrop.o" "$work/ArrangeLayout.o" "$work/ArrangeGeometry.o")
fi
"$toolchain/bin/clang" --target=wasm32 -O2 -nostdlib -ffreestanding -fno-builtin -flto \
  -c Wasm/runtime.c -o "$work/runtime.o"
if [ "$what" = layout ]; then
  # Machine code, not bitcode: the link's own code generation calls __multi3, which a
  # definition in bitcode would not be there to answer.
  "$toolchain/bin/clang" --target=wasm32 -O2 -nostdlib -ffreestanding -fno-builtin \
    -c Wasm/numbers.c -o "$work/numbers.o"
  objects+=("$work/numbers.o")
fi
mkdir -p "$(dirname "$output")"
"$toolchain/bin/wasm-ld" --no-entry --gc-sections --strip-all --lto-O2 -o "$output" \
  "${objects[@]}" "$work"/runtime.o "$embedded/libswiftUnicodeDataTables.a"
# Binaryen's optimizer for size takes another sixth off (6 KB gzipped), which keeps the web
# library within its size; the features are those the linked module uses (and node and every
# current browser run).
if ! command -v wasm-opt > /dev/null; then
  echo "Wasm/build.sh needs wasm-opt: apt-get install binaryen" >&2
  exit 1
fi
# Then once more with the control flow rebuilt (`--flatten --rereloop`): 1.2 KB less once gzipped
# than -Oz alone, which the library's 100 KB bar needs. The library's module is then shrunk until
# it stops shrinking (`--converge`: 0.2 KB more, for that bar); the layout module, which has no
# such bar, is not (converging took it 17 s more, twice the CPU, for 0.2 KB of 162).
features=(--enable-bulk-memory --enable-sign-ext --enable-mutable-globals
  --enable-nontrapping-float-to-int)
# The module's data starts at 1,024 (wasm-ld's global base) and its stack and heap above it: the
# first kilobyte is never used, so an address's constant part can go into the access's offset
# (`--low-memory-unused`: 0.7 KB less once gzipped).
wasm-opt -Oz --low-memory-unused "${features[@]}" "$output" -o "$output"
converge=()
if [ "$what" = library ]; then converge=(--converge); fi
wasm-opt --flatten --rereloop -Oz -Oz "${converge[@]}" --low-memory-unused "${features[@]}" "$output" -o "$output"
echo "built $output ($(wc -c < "$output") bytes, $(wasm-opt --version))"
# A module the repository ships is recorded with the inputs it was built from (Wasm/inputs.sh):
# CI builds it again only when they change (.ci/steps/wasm).
committed=$(case "$what" in library) echo WebLibrary/dist/arrange.wasm ;;
  layout) echo Sources/ArrangeServe/Gallery/arrange-layout.wasm ;; esac)
if [ "$(realpath -m "$output")" = "$(realpath -m "$committed")" ]; then
  record=Wasm/modules.sha256
  line="$(bash Wasm/inputs.sh) $(sha256sum < "$output" | cut -d ' ' -f 1) $committed"
  { grep -v " $committed\$" "$record" 2>/dev/null || true; echo "$line"; } | LC_ALL=C sort -k 3 > "$record.new"
  mv "$record.new" "$record"
  echo "recorded in $record: the inputs it was built from"
fi
