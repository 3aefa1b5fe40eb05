import ArrangeGeometry

/// Places the visible children of a group one after another along its main axis, as
/// distribution, alignment, margin mode and reading direction say.
struct ChildPlacer {
  let axis: Axis
  let alignment: CrossAlignment
  let padCrossStart: Double
  /// The margin of margin mode, sanitized, or `nil`.
  let margin: Double?
  let spacing: Double
  let gap: Double
  let crossLength: Double
  /// The group's width, which frames are mirrored in when `rtl`.
  let width: Double
  let rtl: Bool
  /// Where the first child starts along the main axis.
  let start: Double
  /// Where the next child starts along the main axis.
  var position: Double
  /// How far the largest child placed so far overflows across.
  var crossOverflow = 0.0

  /// A placer for a group of `visible` visible children whose main sizes and spacing leave
  /// `extra` of the main length over (negative when they overflow it).
  @inline(__always)
  init(
    _ group: GroupStyle, padding: EdgeInsets, gap: Double, visible: Int, extra: Double,
    crossLength: Double, width: Double, rtl: Bool
  ) {
    axis = group.axis
    alignment = group.alignment
    padCrossStart = padding.start(along: axis.cross)
    margin = group.margin.map { nonNegative($0) }
    spacing = gap
    self.crossLength = crossLength
    self.width = width
    self.rtl = rtl
    var lead = 0.0
    var gap = 0.0
    if extra > 0 && visible > 0 {
      switch group.distribution {
      case .start: break
      case .center: lead = extra / 2
      case .end: lead = extra
      case .spaceBetween: gap = visible > 1 ? extra / Double(visible - 1) : 0
      case .spaceAround:
        gap = extra / Double(visible)
        lead = gap / 2
      case .spaceEvenly:
        gap = extra / Double(visible + 1)
        lead = gap
      }
    }
    self.gap = gap
    start = padding.start(along: axis) + lead
    position = start
  }

  /// Starts placing again from the first child.
  @inline(__always)
  mutating func restart() {
    position = start
    crossOverflow = 0
  }

  /// The frame of a hidden child: empty, where the next child starts.
  @inline(__always)
  func hiddenFrame() -> Edges {
    let corner = Point(main: position, cross: padCrossStart, axis: axis)
    return mirrored(Edges(minX: corner.x, minY: corner.y, maxX: corner.x, maxY: corner.y))
  }

  /// The frame of the next visible child, `main` long and `cross` across, aligned by
  /// `alignment` (the group's alignment when `nil`).
  @inline(__always)
  mutating func frame(main size: Double, cross: Double, alignment: CrossAlignment?) -> Edges {
    var main = size
    var start = position
    position = clampFinite(position + main + spacing + gap)
    var crossOffset = 0.0
    if let margin {
      let inset = Swift.min(margin / 2, main / 2)
      start = clampFinite(start + inset)
      main -= 2 * inset
    } else {
      if cross - crossLength > crossOverflow { crossOverflow = cross - crossLength }
      switch alignment ?? self.alignment {
      case .start, .stretch: break
      case .center: crossOffset = (crossLength - cross) / 2
      case .end: crossOffset = crossLength - cross
      }
    }
    // The far edge is `start + main`, the very sum the next sibling starts at.
    let crossStart = clampFinite(padCrossStart + crossOffset)
    let far = clampFinite(start + main)
    let crossFar = clampFinite(crossStart + cross)
    return mirrored(
      axis == .horizontal
        ? Edges(minX: start, minY: crossStart, maxX: far, maxY: crossFar)
        : Edges(minX: crossStart, minY: start, maxX: crossFar, maxY: far))
  }

  /// `frame` mirrored in the group's width when the group reads right to left: both edges, so
  /// shared edges stay shared.
  @inline(__always)
  private func mirrored(_ frame: Edges) -> Edges {
    guard rtl else { return frame }
    var result = frame
    result.minX = clampFinite(width - frame.maxX)
    result.maxX = clampFinite(width - frame.minX)
    return result
  }
}
