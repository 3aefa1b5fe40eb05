/// A rule's answer: allowed, or refused with an optional reason for people.
///
/// Boolean literals work too: `true` allows, `false` refuses without a reason.
public enum RuleVerdict: Hashable, Sendable, ExpressibleByBooleanLiteral {
  /// Allowed.
  case allow
  /// Refused, with the app's reason if it gave one.
  case refuse(String?)

  /// `true` allows, `false` refuses without a reason.
  public init(booleanLiteral value: Bool) { self = value ? .allow : .refuse(nil) }

  /// Allowed when `condition` holds, otherwise refused with `reason`:
  /// `.allow(if: !card.isLocked, otherwise: "Locked cards stay put")`.
  public static func allow(if condition: Bool, otherwise reason: String? = nil) -> RuleVerdict {
    condition ? .allow : .refuse(reason)
  }

  /// Whether the rule allows it.
  public var isAllowed: Bool { self == .allow }

  /// The app's reason for a refusal.
  public var reason: String? {
    if case .refuse(let reason) = self { return reason }
    return nil
  }
}
