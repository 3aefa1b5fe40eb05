extension Point: CustomStringConvertible {
  /// `(x, y)`, with whole numbers printed without a fraction.
  public var description: String { "(\(compact(x)), \(compact(y)))" }
}

extension Size: CustomStringConvertible {
  /// `width×height`, with whole numbers printed without a fraction.
  public var description: String { "\(compact(width))×\(compact(height))" }
}

extension Rect: CustomStringConvertible {
  /// `(x, y, width×height)`, with whole numbers printed without a fraction.
  public var description: String {
    "(\(compact(minX)), \(compact(minY)), \(compact(width))×\(compact(height)))"
  }
}

extension EdgeInsets: CustomStringConvertible {
  /// `(top, leading, bottom, trailing)`.
  public var description: String {
    "(top: \(compact(top)), leading: \(compact(leading)), bottom: \(compact(bottom)), "
      + "trailing: \(compact(trailing)))"
  }
}

/// A number as people write it: `12` rather than `12.0`, `2.5` as it is.
func compact(_ value: Double) -> String {
  if value.isFinite && value == value.rounded() && Swift.abs(value) < 1e15 {
    return "\(Int64(value))"
  }
  return "\(value)"
}
