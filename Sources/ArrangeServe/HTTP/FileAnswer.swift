import CArrangeZlib

/// One of the page's files as the server answers it, made once: as it is, and gzipped for a
/// browser that accepts it (the module and the script are most of what a page loads).
struct FileAnswer: Sendable {
  /// The answer's head and body as the file is.
  var identity: (head: [UInt8], body: [UInt8])
  /// The answer gzipped, when the type is worth it and gzip made it smaller.
  var gzip: (head: [UInt8], body: [UInt8])?

  /// The media types worth compressing (text, and the WebAssembly module).
  static func isCompressible(_ type: String) -> Bool {
    type.hasPrefix("text/") || type.hasPrefix("application/wasm")
      || type.hasPrefix("application/json") || type.hasPrefix("image/svg")
  }

  /// The answers for `bytes` of media type `type`.
  init(_ bytes: [UInt8], type: String) {
    identity = Self.response(bytes, type: type, encoding: nil)
    if Self.isCompressible(type), let packed = Self.gzipped(bytes), packed.count < bytes.count {
      gzip = Self.response(packed, type: type, encoding: "gzip")
    }
  }

  /// A whole answer of `bytes`, made once; its head by ``ResponseHead`` (a page's security
  /// fields), with `Content-Encoding` when `encoding` is given.
  static func response(
    _ bytes: [UInt8], type: String, encoding: String?
  ) -> (head: [UInt8], body: [UInt8]) {
    var extra = encoding.map { "Content-Encoding: \($0)\r\n" } ?? ""
    // Whether it is gzipped depends on the request's Accept-Encoding, for every cache between.
    if isCompressible(type) { extra += "Vary: Accept-Encoding\r\n" }
    let head = ResponseHead.bytes(
      status: 200, type: type, length: bytes.count, extra: extra, kind: .page, closes: false)
    return (head, bytes)
  }

  /// The answer for a request whose `Accept-Encoding` is `accepted`.
  func answer(accepting accepted: String?) -> (head: [UInt8], body: [UInt8]) {
    guard let gzip, let accepted, Self.acceptsGzip(accepted) else { return identity }
    return gzip
  }

  /// Whether an `Accept-Encoding` value lets the answer be gzip: `gzip` (or `x-gzip`, or `*`)
  /// listed with no weight or a weight above 0 (RFC 9110, 12.5.3).
  static func acceptsGzip(_ value: String) -> Bool {
    var star = false
    for entry in value.lowercased().split(separator: ",") {
      let parts = entry.split(separator: ";")
      guard let name = parts.first?.trimmingSpaces(), !name.isEmpty else { continue }
      var weight = 1.0
      for parameter in parts.dropFirst() {
        // A weight that is no number from 0 to 1 (`q=`, `q=nan`, `q=-1`) refuses: the file as
        // it is always works.
        let pair = parameter.trimmingSpaces().split(
          separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        if pair.count == 2, pair[0].trimmingSpaces() == "q" {
          let value = Double(pair[1].trimmingSpaces()) ?? 0
          weight = value.isNaN || value > 1 ? 0 : value
        }
      }
      if name == "gzip" || name == "x-gzip" { return weight > 0 }
      if name == "*" { star = weight > 0 }
    }
    return star
  }

  /// `bytes` as one gzip member at zlib's best level, or `nil` if zlib failed.
  static func gzipped(_ bytes: [UInt8]) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: arrange_gzip_bound(bytes.count))
    let count = bytes.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        arrange_gzip(input.baseAddress, input.count, output.baseAddress, output.count)
      }
    }
    guard count >= 0 else { return nil }
    out.removeSubrange(count...)
    return out
  }
}
