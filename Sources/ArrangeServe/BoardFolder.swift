import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The boards of a folder, as `arrange serve DIR` and `arrange DIR` list them: every regular
/// file directly in the folder whose name ends in `.md`, and nothing else.
///
/// A name is listed only when it is one a board may have (``isBoardName(_:)``): not hidden, valid
/// UTF-8 without control characters, at most 255 bytes. Symbolic links are not listed (one
/// could lead out of the folder, or to a board listed under another name), nor folders, pipes or
/// devices. Any Markdown file is listed: one that is no board to arrange shows its headings as
/// columns, and every line arrange does not understand is kept as it is.
package struct BoardFolder: Sendable {
  /// The folder, symbolic links and `..` resolved.
  package let path: String
  /// The folder as it was given (shown to people).
  package let shownPath: String

  /// The most boards listed: a folder with more lists the first ones by name.
  package static let listLimit = 1000

  /// The folder at `path`; `nil` when `path` is not a folder.
  package init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
      let resolved = realpath(path, nil)
    else { return nil }
    defer { free(resolved) }
    self.path = String(cString: resolved)
    shownPath = path
  }

  /// Whether `path` names a folder (through symbolic links).
  package static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether `name` may name a board of a folder: it ends in `.md` (in any case), does not
  /// start with `.`, holds no `/`, no control character (NUL, line breaks, escapes) and no
  /// replacement of invalid UTF-8, and has at most 255 bytes.
  package static func isBoardName(_ name: String) -> Bool {
    let bytes = name.utf8
    guard bytes.count > 3, bytes.count <= 255, bytes.first != UInt8(ascii: "."),
      name.lowercased().hasSuffix(".md")
    else { return false }
    return name.unicodeScalars.allSatisfy { scalar in
      scalar != "/" && scalar != "\u{FFFD}" && scalar != "\u{2028}" && scalar != "\u{2029}"
        && scalar.properties.generalCategory != .control
    }
  }

  /// The boards' names, sorted as people sort them (case aside, numbers by value).
  ///
  /// At most ``listLimit``; `isComplete` is false when the folder holds more. Empty when the
  /// folder cannot be read.
  package func boards() -> (names: [String], isComplete: Bool) {
    guard let directory = opendir(path) else { return ([], true) }
    defer { closedir(directory) }
    let descriptor = dirfd(directory)
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        let bytes = raw.prefix { $0 != 0 }
        return String(validating: bytes, as: UTF8.self)
      }
      guard let name, Self.isBoardName(name), isRegularFile(name, in: descriptor) else { continue }
      names.append(name)
    }
    names.sort { $0.localizedStandardCompare($1) == .orderedAscending }
    return (Array(names.prefix(Self.listLimit)), names.count <= Self.listLimit)
  }

  /// Whether `name` is a board of the folder now: a board's name, and a regular file directly in
  /// the folder (not a symbolic link).
  package func contains(_ name: String) -> Bool {
    guard Self.isBoardName(name) else { return false }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return isRegularFile(name, in: descriptor)
  }

  /// Whether `name` in the folder open as `descriptor` is a regular file, links not followed.
  private func isRegularFile(_ name: String, in descriptor: Int32) -> Bool {
    var info = stat()
    return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0
      && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Why `name` may be taken for another board of `names`, or `nil` when it cannot.
  ///
  /// The others are the boards whose names are the same as it once Unicode's compatibility
  /// normalisation (NFKC) is applied, and so look the same to a person. Names are compared by
  /// their bytes everywhere else.
  package static func lookAlikeWarning(for name: String, among names: [String]) -> String? {
    let bytes = Array(name.utf8)
    let looks = name.precomposedStringWithCompatibilityMapping.utf8
    let others = names.filter {
      Array($0.utf8) != bytes
        && $0.precomposedStringWithCompatibilityMapping.utf8.elementsEqual(looks)
    }
    guard !others.isEmpty else { return nil }
    let spelled = ([name] + others).map { "“\($0)” (\(Self.spelling(of: $0)))" }
    return "\(others.count + 1) boards have names that look the same: "
      + spelled.joined(separator: ", ") + ". Each opens its own file; rename all but one to tell "
      + "them apart."
  }

  /// What tells look-alike names apart: the code points of each character that is not plain
  /// ASCII (`U+212A`; `U+0065 U+0301` for a decomposed é), or "ASCII only".
  static func spelling(of name: String) -> String {
    let outside = name.filter { !$0.isASCII }.flatMap(\.unicodeScalars).map { scalar in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return outside.isEmpty ? "ASCII only" : outside.joined(separator: " ")
  }

  /// The path of board `name` (a name ``contains(_:)`` accepted).
  package func path(of name: String) -> String { path + "/" + name }

  /// `name` as one segment of a URL path.
  ///
  /// Letters, digits, `-`, `_`, `.` and `~` stay as they are, every other byte of its UTF-8
  /// becomes `%XX` (capital hexadecimal digits). Each name has one address, and
  /// ``name(inSegment:)`` takes no other spelling.
  package static func segment(of name: String) -> String {
    var text = ""
    for byte in name.utf8 {
      if isUnreserved(byte) {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let digits = Array("0123456789ABCDEF".utf8)
        text += "%"
        text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
        text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 15)]))
      }
    }
    return text
  }

  /// The board name a URL path segment spells, or `nil` unless it is exactly how
  /// ``segment(of:)`` writes a board's name (``isBoardName(_:)``): `..`, `%2F`, `%00`, `%2e`,
  /// small hexadecimal digits, an escaped letter or a name too long name nothing.
  package static func name(inSegment segment: Substring) -> String? {
    guard segment.utf8.count <= 3 * 255 else { return nil }
    var bytes: [UInt8] = []
    var iterator = segment.utf8.makeIterator()
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%") {
        guard let high = iterator.next().flatMap(hexValue),
          let low = iterator.next().flatMap(hexValue)
        else { return nil }
        bytes.append(high << 4 | low)
      } else {
        bytes.append(byte)
      }
    }
    guard let name = String(validating: bytes, as: UTF8.self), isBoardName(name),
      Self.segment(of: name) == segment
    else { return nil }
    return name
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
      || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F || byte == 0x2E
      || byte == 0x7E
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    default: return nil
    }
  }
}
