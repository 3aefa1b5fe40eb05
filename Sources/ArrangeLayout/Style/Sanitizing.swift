import ArrangeGeometry

/// `value` when it is a finite non-negative number, otherwise 0.
@inline(__always)
func nonNegative(_ value: Double) -> Double {
  // Two selects, each a compare and a mask (one `&&` becomes bit tests on the exponent and
  // branches): NaN and +∞ fail the first, negatives and -∞ the second.
  let bounded = value < .infinity ? value : 0
  return bounded >= 0 ? bounded : 0
}

extension EdgeInsets {
  /// These insets with every negative, NaN or infinite edge replaced by 0.
  var sanitized: EdgeInsets {
    EdgeInsets(
      top: nonNegative(top), leading: nonNegative(leading), bottom: nonNegative(bottom),
      trailing: nonNegative(trailing))
  }
}

/// `value` with overflow to an infinity saturated at the largest finite `Double` of its sign.
///
/// Sums of finite lengths go through it wherever they could overflow, so that every finite
/// input gives finite frames (NaN, which no sum of finite values yields, passes through).
@inline(__always)
func clampFinite(_ value: Double) -> Double {
  // Branch-free (a max and a min instruction): this runs for every coordinate laid out.
  Swift.min(Swift.max(value, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude)
}
