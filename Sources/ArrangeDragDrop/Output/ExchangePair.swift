/// One individual exchange of an exchange event: the two slots whose items swap.
public struct ExchangePair: Hashable, Sendable, CustomStringConvertible {
  /// The first slot.
  public var first: Slot
  /// The second slot.
  public var second: Slot

  /// Creates a pair.
  public init(_ first: Slot, _ second: Slot) {
    self.first = first
    self.second = second
  }

  /// `0,3 with 1,3`.
  public var description: String { "\(first) with \(second)" }
}
