public import ArrangeGeometry

extension Double: Interpolatable {
  /// The value `fraction` of the way from `start` to `end`.
  public static func interpolate(from start: Double, to end: Double, fraction: Double) -> Double {
    start + (end - start) * fraction
  }
}

extension Rect: Interpolatable {
  /// The rectangle `fraction` of the way from `start` to `end`, corner by corner.
  public static func interpolate(from start: Rect, to end: Rect, fraction: Double) -> Rect {
    Rect(
      x: .interpolate(from: start.minX, to: end.minX, fraction: fraction),
      y: .interpolate(from: start.minY, to: end.minY, fraction: fraction),
      width: .interpolate(from: start.width, to: end.width, fraction: fraction),
      height: .interpolate(from: start.height, to: end.height, fraction: fraction))
  }
}

/// A change of a value over time: where it started, where it ends, when and how long.
///
/// Time is a parameter (seconds on any monotonic clock), so a transition is a plain value that
/// tests drive by hand. Progress eases out (fast first, gentle landing); a transition with no
/// duration is finished at once.
///
/// ```swift
/// let slide = Transition(from: ghost, to: slot, start: now, duration: 0.15)
/// let frame = slide.value(at: now + 0.05)
/// ```
public struct Transition<Value: Interpolatable>: Sendable {
  /// The value at the start.
  public var from: Value
  /// The value at the end.
  public var to: Value
  /// When it starts.
  public var start: Double
  /// How long it lasts (0 or less: no animation).
  public var duration: Double

  /// Creates a transition.
  public init(from: Value, to: Value, start: Double, duration: Double) {
    self.from = from
    self.to = to
    self.start = start
    self.duration = duration
  }

  /// A transition that is already at `value`.
  public static func still(_ value: Value) -> Transition {
    Transition(from: value, to: value, start: 0, duration: 0)
  }

  /// How far along it is at `time`, eased, from 0 to 1.
  public func progress(at time: Double) -> Double {
    guard duration > 0, time.isFinite else { return 1 }
    let linear = Swift.min(1, Swift.max(0, (time - start) / duration))
    let remaining = 1 - linear
    return 1 - remaining * remaining * remaining
  }

  /// The value at `time`.
  public func value(at time: Double) -> Value {
    let fraction = progress(at: time)
    return fraction >= 1 ? to : Value.interpolate(from: from, to: to, fraction: fraction)
  }

  /// Whether it has reached its end at `time`.
  public func isFinished(at time: Double) -> Bool {
    duration <= 0 || !(time < start + duration)
  }

  /// The same transition heading to `target` from wherever it is at `time`, over `duration`.
  public func retargeted(to target: Value, at time: Double, duration: Double) -> Transition {
    Transition(from: value(at: time), to: target, start: time, duration: duration)
  }
}

extension Transition: Equatable where Value: Equatable {}

extension Transition: Hashable where Value: Hashable {}
