public import ArrangeGeometry

/// Auto-scroll as a pure function of time, pointer and geometry.
///
/// A container scrolls while the pointer is inside one of its edge bands. The speed grows linearly
/// with the depth into the band, up to ``AutoScrollConfiguration/maximumSpeed`` at the edge, and
/// ramps up linearly over ``AutoScrollConfiguration/rampDuration`` after the pointer enters the
/// band. The distance scrolled between two times is the exact integral of that speed, so the result
/// does not depend on how often the host ticks: one tick of a second and sixty ticks of 1/60 s
/// scroll the same distance.
public enum AutoScroll {
  /// The depth of a container's edge bands: `bandFraction` of its length, at most `maximumBand`.
  public static func bandDepth(frame: Rect, axis: Axis, configuration: AutoScrollConfiguration)
    -> Double
  {
    let length = frame.size[axis]
    guard length.isFinite, length > 0 else { return 0 }
    return Swift.max(0, Swift.min(configuration.bandFraction * length, configuration.maximumBand))
  }

  /// The full-ramp speed for a pointer at `pointer`: negative towards the start, positive towards
  /// the end, zero outside the bands or outside the frame.
  public static func edgeSpeed(
    pointer: Point, frame: Rect, axis: Axis, configuration: AutoScrollConfiguration
  ) -> Double {
    guard pointer.isFinite, frame.contains(pointer) else { return 0 }
    let band = bandDepth(frame: frame, axis: axis, configuration: configuration)
    guard band > 0 else { return 0 }
    let position = pointer[axis]
    let start = frame.min(along: axis)
    let end = frame.max(along: axis)
    let speed = Swift.max(0, configuration.maximumSpeed.isFinite ? configuration.maximumSpeed : 0)
    if position < start + band {
      return -speed * Swift.min(1, (start + band - position) / band)
    }
    if position > end - band {
      return speed * Swift.min(1, (position - (end - band)) / band)
    }
    return 0
  }

  /// The integral of the ramp from the moment the pointer entered the band to `elapsed` later.
  static func rampIntegral(_ elapsed: Double, ramp: Double) -> Double {
    guard elapsed > 0 else { return 0 }
    guard ramp > 0 else { return elapsed }
    return elapsed < ramp ? elapsed * elapsed / (2 * ramp) : ramp / 2 + (elapsed - ramp)
  }

  /// The scroll offset at time `end`, starting from `offset` at time `start`, for a pointer that
  /// stayed at `pointer` and entered the band at `entered`; clamped to `0 ... maximumOffset`.
  ///
  /// ```swift
  /// let next = AutoScroll.offset(from: 0, maximumOffset: 500, pointer: Point(x: 50, y: 295),
  ///                              frame: Rect(x: 0, y: 0, width: 100, height: 300), axis: .vertical,
  ///                              entered: 0, start: 0, end: 1, configuration: .init())
  /// ```
  public static func offset(
    from offset: Double, maximumOffset: Double, pointer: Point, frame: Rect, axis: Axis,
    entered: Double, start: Double, end: Double, configuration: AutoScrollConfiguration
  ) -> Double {
    let speed = edgeSpeed(pointer: pointer, frame: frame, axis: axis, configuration: configuration)
    guard speed != 0, start.isFinite, end.isFinite, entered.isFinite, end > start else {
      return offset
    }
    let ramp = configuration.rampDuration
    let distance =
      speed * (rampIntegral(end - entered, ramp: ramp) - rampIntegral(start - entered, ramp: ramp))
    let upper = Swift.max(0, maximumOffset)
    return Swift.min(Swift.max(0, offset + distance), upper)
  }
}
