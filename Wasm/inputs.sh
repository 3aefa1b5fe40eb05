#!/usr/bin/env bash
# Prints one SHA-256 of everything the WebAssembly modules are built from: every file of Wasm/,
# the Swift sources of the modules they compile (the three engines, ArrangeJSON and
# ArrangeLayoutJSON), and the versions of the tools (swiftc, clang, wasm-ld, wasm-opt) and of the
# Embedded standard library's tables they link. Wasm/build.sh records it beside the hash of each
# module it builds into the repository (Wasm/modules.sha256); CI builds a module again only
# when these inputs are not the ones recorded for it (the build is deterministic: the same
# inputs give the same bytes), and otherwise checks that the module is the one recorded.
#
# Usage: Wasm/inputs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
toolchain=$(dirname "$(dirname "$(command -v swiftc)")")
{
  # Every file of Wasm/ and every Swift file of the modules (their documentation catalogs are
  # not compiled), by path and content, in an order that does not depend on the locale.
  {
    find Wasm -type f ! -name modules.sha256 -print0
    find Sources/ArrangeGeometry Sources/ArrangeLayout Sources/ArrangeDragDrop Sources/ArrangeJSON \
      Sources/ArrangeLayoutJSON -type f -name '*.swift' -print0
  } | LC_ALL=C sort -z | xargs -0 sha256sum
  swiftc --version 2>&1
  "$toolchain/bin/clang" --version 2>&1 | head -n 1
  "$toolchain/bin/wasm-ld" --version 2>&1
  if command -v wasm-opt >/dev/null; then wasm-opt --version; else echo "no wasm-opt"; fi
  sha256sum "$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"
} | sha256sum | cut -d ' ' -f 1
