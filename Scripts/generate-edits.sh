#!/usr/bin/env bash
# Writes the board page's module of request names, Sources/ArrangeServe/Web/edits.js, from their
# one definition in Swift (BoardRequest.Name): the test that checks the committed file writes it
# instead when ARRANGE_WRITE_GENERATED is set.
# Usage: Scripts/generate-edits.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ARRANGE_WRITE_GENERATED=1 swift test --filter EditsModuleTests
echo "wrote Sources/ArrangeServe/Web/edits.js"
