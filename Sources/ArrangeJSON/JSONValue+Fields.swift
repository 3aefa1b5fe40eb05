/// Reading fields out of a value, for readers that take JSON from people and programs they do
/// not trust (a board page's change requests): a field that must be a whole number is one —
/// `1.0`, `1e0`, `true` and `"1"` are not — read from its literal, so nothing is rounded on the
/// way.
extension JSONValue {
  /// The member `key` of an object (its first, when given twice; ``firstRepeatedKey`` finds
  /// those); `nil` for a missing member or a value that is not an object.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = content else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The value as a whole number without sign, fraction or exponent, when it is one that fits.
  package var wholeNumber: Int? {
    guard case .number(_, let literal) = content, !literal.isEmpty, literal.utf8.count <= 18,
      literal.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return nil }
    return Int(literal)
  }

  /// The value as an integer that may be negative, when it is one (no fraction or exponent)
  /// that fits.
  package var integer: Int? {
    guard case .number(_, let literal) = content else { return nil }
    let digits = literal.hasPrefix("-") ? literal.dropFirst() : Substring(literal)
    guard !digits.isEmpty, digits.utf8.count <= 18,
      digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return nil }
    return Int(literal)
  }

  /// The value as a string, when it is one.
  package var string: String? {
    if case .string(let text) = content { return text }
    return nil
  }

  /// The value as `true` or `false`, when it is one.
  package var bool: Bool? {
    if case .bool(let flag) = content { return flag }
    return nil
  }

  /// The value's elements, when it is an array.
  package var array: [JSONValue]? {
    if case .array(let items) = content { return items }
    return nil
  }

  /// Whether the value is `null`.
  package var isNull: Bool {
    if case .null = content { return true }
    return false
  }

  /// A key given twice in one object, anywhere in the value, or `nil`.
  ///
  /// An outer object's repeated key is found before its members'. A key given twice could be read two ways, so a strict reader refuses it.
  package var firstRepeatedKey: String? {
    var pending: [JSONValue] = [self]
    while let value = pending.popLast() {
      switch value.content {
      case .array(let items): pending.append(contentsOf: items.reversed())
      case .object(let members):
        var seen: Set<String> = []
        for member in members where !seen.insert(member.key).inserted { return member.key }
        pending.append(contentsOf: members.reversed().map { $0.value })
      default: break
      }
    }
    return nil
  }
}
