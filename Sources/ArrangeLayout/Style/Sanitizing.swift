import ArrangeGeometry

/// `value` when it is a finite non-negative number, otherwise 0.
func nonNegative(_ value: Double) -> Double {
  value >= 0 && value.isFinite ? value : 0
}

extension EdgeInsets {
  /// These insets with every negative, NaN or infinite edge replaced by 0.
  var sanitized: EdgeInsets {
    EdgeInsets(
      top: nonNegative(top), leading: nonNegative(leading), bottom: nonNegative(bottom),
      trailing: nonNegative(trailing))
  }
}
