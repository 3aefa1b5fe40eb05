/// The checks every request to the board server passes: the `Host` it was sent to, the page
/// it came from (`Origin`), and the secret token of the printed address.
///
/// - `Host` must name the address the server listens on (`127.0.0.1`, `localhost` or `[::1]`
///   with its port, or the `--host` given). A page on another site that points its own domain
///   at 127.0.0.1 (DNS rebinding) sends its own domain, and is refused.
/// - `Origin`, when a browser sends one, must be this server: a page on another site cannot
///   write to the board or open its WebSocket, even knowing the address.
/// - Every read of the board, every change and the WebSocket need the token, which only the
///   address printed by `arrange serve` carries; the page itself and its scripts do not.
package struct ServerGate: Sendable {
  /// The secret every board request must carry; `nil` for a server with no API (a request
  /// that needs a token is then always refused).
  package let token: String?
  /// The `Host` values accepted, lowercased (`127.0.0.1:8080`, `localhost:8080`, …).
  package let hosts: Set<String>

  /// A gate for a server on `port`, listening on `host`, that asks for `token`.
  package init(token: String, host: String, port: Int) {
    self.init(token: Optional(token), host: host, port: port)
  }

  /// A gate for a server of files alone on `port`, listening on `host`: it checks `Host` and
  /// `Origin`, and has no token to accept.
  package init(host: String, port: Int) {
    self.init(token: nil, host: host, port: port)
  }

  private init(token: String?, host: String, port: Int) {
    self.token = token
    var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
    let lowered = host.lowercased()
    if lowered != "0.0.0.0" && lowered != "::" {
      names.insert(lowered.contains(":") && !lowered.hasPrefix("[") ? "[\(lowered)]" : lowered)
    }
    hosts = Set(names.map { "\($0):\(port)" })
  }

  /// Why a request is refused, with the HTTP status to answer.
  package struct Refusal: Error, Hashable, Sendable {
    /// The HTTP status code (403 or 401).
    package var status: Int
    /// What went wrong, for the response body.
    package var message: String
  }

  /// Checks a request's `Host` and `Origin` headers and, when `needsToken`, the token it
  /// carries; `nil` when it may go on.
  package func check(host: String?, origin: String?, token given: String?, needsToken: Bool)
    -> Refusal?
  {
    if let refusal = checkAddress(host: host, origin: origin) { return refusal }
    guard needsToken else { return nil }
    guard let token, Self.equalInConstantTime(given ?? "", token) else {
      return Refusal(
        status: 401, message: "Open the address `arrange serve` printed, with its token.")
    }
    return nil
  }

  /// Checks a request's `Host` and `Origin` headers alone; `nil` when it may go on.
  package func checkAddress(host: String?, origin: String?) -> Refusal? {
    guard let host, hosts.contains(host.lowercased()) else {
      return Refusal(status: 403, message: "This server answers only to its own address.")
    }
    if let origin, !isOwnOrigin(origin) {
      return Refusal(status: 403, message: "Requests from other sites are refused.")
    }
    return nil
  }

  /// Whether `origin` is this server (`http://` and one of the accepted hosts).
  func isOwnOrigin(_ origin: String) -> Bool {
    let lowered = origin.lowercased()
    guard lowered.hasPrefix("http://") else { return false }
    return hosts.contains(String(lowered.dropFirst(7)))
  }

  /// Whether two strings are equal, in a time that depends only on their lengths.
  static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for index in x.indices { difference |= x[index] ^ y[index] }
    return difference == 0
  }

  /// A new random token: 128 bits from the system's generator, as 32 hexadecimal digits.
  package static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    var text = ""
    for _ in 0..<4 {
      let word = UInt32.random(in: .min ... .max, using: &generator)
      let digits = String(word, radix: 16)
      text += String(repeating: "0", count: 8 - digits.count) + digits
    }
    return text
  }
}
