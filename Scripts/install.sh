#!/usr/bin/env bash
# Installs `arrange` without needing Swift afterwards: a release build with the Swift standard
# library and Foundation linked in statically, and the page's web files beside it.
#
#   Scripts/install.sh            # into ~/.local (the program is ~/.local/bin/arrange)
#   Scripts/install.sh /usr/local # or any prefix
#
# The web files go in bin/Arrange_ArrangeServe.resources, next to the program, which is where
# it looks for them first. ARRANGE_BUILD_PATH names the build folder (default .build-install).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${1:-${PREFIX:-$HOME/.local}}"
scratch="${ARRANGE_BUILD_PATH:-.build-install}"
options=(-c release --static-swift-stdlib --product arrange --scratch-path "$scratch")

echo "building arrange (release, Swift runtime linked in; a few minutes the first time)"
swift build "${options[@]}"
built="$(swift build "${options[@]}" --show-bin-path)"

mkdir -p "$prefix/bin"
# Copied under a temporary name, then renamed: a running arrange keeps its file.
install -m 0755 "$built/arrange" "$prefix/bin/.arrange.new"
if command -v strip >/dev/null 2>&1; then strip "$prefix/bin/.arrange.new"; fi
mv -f "$prefix/bin/.arrange.new" "$prefix/bin/arrange"
rm -rf "$prefix/bin/Arrange_ArrangeServe.resources"
cp -R "$built/Arrange_ArrangeServe.resources" "$prefix/bin/"

echo "installed $prefix/bin/arrange $("$prefix/bin/arrange" --version)"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on your PATH" ;;
esac
