#!/usr/bin/env sh
# Builds the single file for people who copy one file, and what `arrange serve` serves:
# dist/arrange-lib.js (an ES module, minified, with its source map) from src/, by esbuild (Debian's
# 0.17: `apt-get install esbuild`). CI checks that the committed file is what the sources build,
# as it checks dist/arrange.wasm (Wasm/build.sh) and src/codes.js (Wasm/generate-codes.sh).
set -eu
cd "$(dirname "$0")"
if ! command -v esbuild > /dev/null; then
  echo "WebLibrary/build.sh needs esbuild: apt-get install esbuild" >&2
  exit 1
fi
esbuild src/index.js --bundle --format=esm --minify --sourcemap --target=es2022 \
  --define:ARRANGE_BUNDLE=true --log-level=warning --outfile=dist/arrange-lib.js
echo "built dist/arrange-lib.js ($(wc -c < dist/arrange-lib.js) bytes, esbuild $(esbuild --version))"
