#!/usr/bin/env bash
# Writes the web library's module of the WebAssembly interface's numbers, OUTPUT (default
# WebLibrary/src/codes.js), from their one definition in Swift (Wasm/ArrangeWasmCodes.swift),
# which the module's entry points use too. CI runs it and checks that the committed file is what
# it writes, as it checks the module's bytes.
# Usage: Wasm/generate-codes.sh [OUTPUT]
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-WebLibrary/src/codes.js}
work=.build/wasm/codes
mkdir -p "$work" "$(dirname "$output")"
swiftc -parse-as-library Wasm/ArrangeWasmCodes.swift Wasm/GenerateCodes.swift -o "$work/generate"
"$work/generate" > "$output.new"
mv "$output.new" "$output"
echo "wrote $output"
