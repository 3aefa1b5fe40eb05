extension Int {
  /// The 1-based number of a 0-based position, as text for a message; any number from a
  /// request or an argument may reach a message, so there is no arithmetic that can overflow
  /// (`Int.max` reads as "9223372036854775808").
  var ordinalText: String {
    if self == .max { return "9223372036854775808" }
    return String(self + 1)
  }
}
