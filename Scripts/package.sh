#!/usr/bin/env bash
# Packages `arrange` for people without Swift: a Debian package and a .tar.gz, each holding the
# stripped release program (the Swift runtime linked in) and the web files it serves.
#
#   Scripts/package.sh              # builds (as Scripts/install.sh does), into .build/package
#   Scripts/package.sh OUT          # into OUT
#   ARRANGE_INSTALLED=PREFIX Scripts/package.sh   # packages what Scripts/install.sh PREFIX made
#
# The .deb installs the program as /usr/lib/arrange/arrange with its web files beside it (where
# it looks for them) and /usr/bin/arrange as a link to it; it needs only what every Debian 12
# system has (libc6, libstdc++6, libgcc-s1, zlib1g). `sudo apt install ./arrange_*.deb` installs
# it; `dpkg -r arrange` removes it. The .tar.gz unpacks to arrange-VERSION/ with bin/arrange.
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-.build/package}"
version="$(grep -o '"[0-9][^"]*"' Sources/arrange/Arrange.swift | head -n 1 | tr -d '"')"
arch="$(dpkg --print-architecture 2>/dev/null || echo amd64)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

prefix="${ARRANGE_INSTALLED:-}"
if [ -z "$prefix" ]; then
  prefix="$stage/install"
  Scripts/install.sh "$prefix"
fi
program="$prefix/bin/arrange"
resources="$prefix/bin/Arrange_ArrangeServe.resources"
if [ ! -x "$program" ] || [ ! -d "$resources" ]; then
  echo "package.sh: no installed arrange with its web files in $prefix/bin" >&2
  exit 1
fi
if ldd "$program" | grep -E 'libswift|libFoundation|libdispatch' >&2; then
  echo "package.sh: $program links Swift libraries dynamically" >&2
  exit 1
fi
mkdir -p "$out"

# The Debian package.
root="$stage/deb"
mkdir -p "$root/DEBIAN" "$root/usr/lib/arrange" "$root/usr/bin" "$root/usr/share/doc/arrange"
install -m 0755 "$program" "$root/usr/lib/arrange/arrange"
strip "$root/usr/lib/arrange/arrange" 2>/dev/null || true
cp -R "$resources" "$root/usr/lib/arrange/"
ln -s ../lib/arrange/arrange "$root/usr/bin/arrange"
install -m 0644 README.md "$root/usr/share/doc/arrange/README.md"
install -m 0644 LICENSE "$root/usr/share/doc/arrange/copyright"
find "$root/usr" -type d -exec chmod 0755 {} +
find "$root/usr/lib/arrange/Arrange_ArrangeServe.resources" -type f -exec chmod 0644 {} +
deb_version="${version//-/\~}"
cat >"$root/DEBIAN/control" <<EOF
Package: arrange
Version: $deb_version
Section: utils
Priority: optional
Architecture: $arch
Depends: libc6 (>= 2.34), libstdc++6, libgcc-s1, zlib1g
Installed-Size: $(du -sk "$root/usr" | cut -f1)
Maintainer: The Arrange authors <arrange@localhost>
Description: Kanban boards in Markdown files, in a terminal and a browser
 arrange opens a taskell or Obsidian Kanban board (a Markdown file) in the
 terminal or, with \`arrange serve\`, in a browser, and saves every change to
 the file at once, keeping the bytes it does not change. Cards are dragged
 with the mouse or the keyboard.
EOF
deb="$out/arrange_${deb_version}_${arch}.deb"
# ARRANGE_DEB_COMPRESSION=gzip packs faster (CI's check); xz, dpkg's default, packs smaller.
dpkg-deb -Z"${ARRANGE_DEB_COMPRESSION:-xz}" --build --root-owner-group "$root" "$deb" >/dev/null

# The tarball: the same files, as Scripts/install.sh lays them out.
name="arrange-$version"
mkdir -p "$stage/tar/$name/bin"
cp "$root/usr/lib/arrange/arrange" "$stage/tar/$name/bin/arrange"
cp -R "$root/usr/lib/arrange/Arrange_ArrangeServe.resources" "$stage/tar/$name/bin/"
cp README.md LICENSE "$stage/tar/$name/"
tarball="$out/$name-linux-$(uname -m).tar.gz"
tar -C "$stage/tar" --owner=0 --group=0 -czf "$tarball" "$name"

echo "$deb ($(du -h "$deb" | cut -f1)), $tarball ($(du -h "$tarball" | cut -f1));" \
  "the program is $(du -h "$root/usr/lib/arrange/arrange" | cut -f1) stripped"
