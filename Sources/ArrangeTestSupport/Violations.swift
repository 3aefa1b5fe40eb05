/// The failed checks of one property case, collected so that a case reports one readable issue
/// instead of one per node.
public struct Violations: CustomStringConvertible, Sendable {
  /// The messages of the failed checks, in order.
  public private(set) var messages: [String] = []

  /// Creates an empty list.
  public init() {}

  /// Whether every check passed.
  public var isEmpty: Bool { messages.isEmpty }

  /// Records `message` unless `condition` holds.
  public mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { messages.append(message()) }
  }

  /// Records `message`.
  public mutating func fail(_ message: String) {
    messages.append(message)
  }

  /// The first ten messages, one per line.
  public var description: String {
    var lines = messages.prefix(10).map { "• " + $0 }
    if messages.count > 10 { lines.append("… and \(messages.count - 10) more") }
    return lines.joined(separator: "\n")
  }
}
