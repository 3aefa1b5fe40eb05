import ArrangeGeometry
import ArrangeLayout
import ArrangeTestSupport
import PropertyBased
import Testing

// Property checks run through `seededPropertyCheck`, defined in GroupPropertyTests.swift.

// MARK: - Generators

/// A flow with its items and container, as one printable input.
struct FlowCase: Sendable, CustomStringConvertible {
  var style: FlowStyle
  var sizes: [Size]
  var container: Size

  var layout: FlowLayout { FlowLayout(style: style, itemSizes: sizes, containerSize: container) }

  var description: String {
    let items = sizes.map { "\($0.width)×\($0.height)" }.joined(separator: ", ")
    return "\(describe(style)) in \(container.width)×\(container.height): [\(items)]"
  }
}

/// Small gaps, zero half of the time; whole or half units.
private let gaps = Gen.int(in: -4...8).map { $0 <= 0 ? 0 : Double($0) / 2 }

private let paddings = zip(Gen.bool, gaps, gaps, gaps, gaps).map { hasPadding, t, l, b, r in
  hasPadding ? EdgeInsets(top: t, leading: l, bottom: b, trailing: r) : .zero
}

private let flowStyles = zip(
  Gen<Axis>.case, gaps, gaps, paddings, Gen<FlowLineAlignment>.case, Gen<FlowItemAlignment>.case,
  Gen<LayoutDirection>.case
).map { axis, itemSpacing, lineSpacing, padding, lineAlignment, itemAlignment, direction in
  FlowStyle(
    axis: axis, itemSpacing: itemSpacing, lineSpacing: lineSpacing, padding: padding,
    lineAlignment: lineAlignment, itemAlignment: itemAlignment, direction: direction)
}

/// Item extents in whole units: along a line up to 40 (some longer than a narrow container),
/// across up to 12, zero now and then.
private let itemSizes = zip(Gen.int(in: 0...40), Gen.int(in: 0...12)).map {
  Size(width: Double($0), height: Double($1))
}

/// A container extent up to 120, infinite one time in ten.
private let containerExtents = Gen.int(in: 0...133).map { $0 > 120 ? Double.infinity : Double($0) }

/// Random flows.
///
/// All lengths are divided by 1, 2 or 4, so that every coordinate is exact in binary and points
/// on an edge are exactly on it.
private let flowCases = zip(
  flowStyles, itemSizes.array(of: 0...24), containerExtents, containerExtents,
  Gen.int(in: 0...2)
).map { style, sizes, along, across, unitIndex in
  let unit = [1.0, 2, 4][unitIndex]
  var style = style
  style.itemSpacing /= unit
  style.lineSpacing /= unit
  style.padding = EdgeInsets(
    top: style.padding.top / unit, leading: style.padding.leading / unit,
    bottom: style.padding.bottom / unit, trailing: style.padding.trailing / unit)
  let scaled = sizes.map { Size(width: $0.width / unit, height: $0.height / unit) }
  // Both container extents matter: the cross one is the mirror line of a vertical flow.
  let container = Size(main: along / unit, cross: across / unit, axis: style.axis)
  return FlowCase(style: style, sizes: scaled, container: container)
}

/// Where to probe a flow: an item (by a selector reduced modulo the count), one of twelve
/// anchors on or around it, and a nudge in half units.
private let probes = zip(
  Gen.int(in: 0...10_000), Gen.int(in: 0...11), Gen.int(in: -2...2), Gen.int(in: -2...2)
).array(of: 0...40)

/// Points anywhere around the flow, in half units.
private let loosePoints = zip(Gen.int(in: -40...300), Gen.int(in: -40...300)).map {
  Point(x: Double($0) / 2, y: Double($1) / 2)
}.array(of: 0...20)

// MARK: - Helpers

/// Reading-order coordinates for a flow.
///
/// `along` grows in the direction items are placed in a line, `across` in the direction lines
/// follow each other. Right-to-left mirrors x about the container's width (the content width
/// when the container is infinitely wide).
private struct ReadingAxes {
  let horizontal: Bool
  let rightToLeft: Bool
  let mirror: Double

  init(_ flow: FlowLayout) {
    horizontal = flow.style.axis == .horizontal
    rightToLeft = flow.style.direction == .rightToLeft
    let width = flow.containerSize.width
    mirror = width.isFinite && width >= 0 ? width : flow.contentSize.width
  }

  func x(_ rect: Rect) -> (Double, Double) {
    rightToLeft ? (mirror - rect.maxX, mirror - rect.minX) : (rect.minX, rect.maxX)
  }

  func along(_ rect: Rect) -> (Double, Double) { horizontal ? x(rect) : (rect.minY, rect.maxY) }

  func across(_ rect: Rect) -> (Double, Double) { horizontal ? (rect.minY, rect.maxY) : x(rect) }
}

/// The probe points for `flow`: anchors on and around its items, loose points, and two
/// non-finite points.
private func points(
  for flow: FlowLayout, probes: [(Int, Int, Int, Int)], loose: [Point]
) -> [Point] {
  var result = loose + [Point(x: .nan, y: 0), Point(x: 0, y: .infinity)]
  guard flow.count > 0 else { return result }
  let itemGap = validLength(flow.style.itemSpacing) / 2
  let lineGap = validLength(flow.style.lineSpacing) / 2
  for (selector, anchor, dx, dy) in probes {
    let f = flow.frame(ofItem: selector % flow.count)
    let anchors = [
      Point(x: f.minX, y: f.minY), Point(x: f.maxX, y: f.minY), Point(x: f.minX, y: f.maxY),
      Point(x: f.maxX, y: f.maxY), Point(x: f.midX, y: f.midY), Point(x: f.midX, y: f.minY),
      Point(x: f.minX, y: f.midY), Point(x: f.maxX, y: f.midY), Point(x: f.midX, y: f.maxY),
      Point(x: f.midX, y: f.maxY + lineGap), Point(x: f.maxX + itemGap, y: f.midY),
      Point(x: f.maxX + lineGap, y: f.midY),
    ]
    result.append(anchors[anchor].offsetBy(dx: Double(dx) / 2, dy: Double(dy) / 2))
  }
  return result
}

/// Whether `value` is a multiple of 1/64 (so sums and differences of such values are exact).
private func isDyadic(_ value: Double) -> Bool {
  Swift.abs(value) < 1e9 && (value * 64).rounded() == value * 64
}

/// Whether every coordinate of `flow` is exact in binary, so that ties are decided exactly.
private func isExact(_ flow: FlowLayout) -> Bool {
  flow.itemFrames.allSatisfy {
    isDyadic($0.minX) && isDyadic($0.minY) && isDyadic($0.width) && isDyadic($0.height)
  } && isDyadic(ReadingAxes(flow).mirror)
}

/// The point and, when the flow's coordinates are not exact, the points a rounding error away
/// from it: an answer that is right for any of them is accepted.
private func neighbourhood(of point: Point, in flow: FlowLayout) -> [Point] {
  guard point.isFinite, !isExact(flow) else { return [point] }
  let epsilon = 1e-7
  var result: [Point] = []
  for dx in [0, -epsilon, epsilon] {
    for dy in [0, -epsilon, epsilon] { result.append(point.offsetBy(dx: dx, dy: dy)) }
  }
  return result
}

/// The insertion index for `point`, written from the documented rule rather than the engine's
/// search: the line whose band (its extent plus half the line gap after it) holds the point,
/// then the first item whose middle lies beyond the point along the line.
private func referenceInsertionIndex(_ flow: FlowLayout, _ point: Point) -> Int {
  guard flow.count > 0 else { return 0 }
  guard point.isFinite else { return flow.count }
  // Negating x gives reading order under right-to-left without needing the mirror line.
  let horizontal = flow.style.axis == .horizontal
  let sign = flow.style.direction == .rightToLeft ? -1.0 : 1.0
  func along(_ rect: Rect) -> Double { horizontal ? sign * rect.midX : rect.midY }
  func acrossEnd(_ rect: Rect) -> Double {
    horizontal ? rect.maxY : Swift.max(sign * rect.minX, sign * rect.maxX)
  }
  let pointAlong = horizontal ? sign * point.x : point.y
  let pointAcross = horizontal ? point.y : sign * point.x
  let halfGap = validLength(flow.style.lineSpacing) / 2
  var chosen: Range<Int>? = nil
  for line in 0..<flow.lineCount {
    let items = flow.items(inLine: line)
    let end = items.map { acrossEnd(flow.frame(ofItem: $0)) }.max() ?? 0
    if line == flow.lineCount - 1 && pointAcross >= end { return flow.count }
    if chosen == nil && pointAcross < end + halfGap { chosen = items }
  }
  guard let items = chosen else { return flow.count }
  return items.first { along(flow.frame(ofItem: $0)) > pointAlong } ?? items.upperBound
}

/// The first item whose frame contains `point`, by checking every item.
private func referenceItem(_ flow: FlowLayout, _ point: Point) -> Int? {
  (0..<flow.count).first { flow.frame(ofItem: $0).contains(point) }
}

/// Everything observable about a flow's layout, for comparing two flows.
private func differences(_ a: FlowLayout, _ b: FlowLayout) -> [String] {
  var result: [String] = []
  if a.itemSizes != b.itemSizes { result.append("sizes \(a.itemSizes) vs \(b.itemSizes)") }
  if a.count != b.count
    || !zip(a.itemFrames, b.itemFrames).allSatisfy({
      $0.isApproximatelyEqual(to: $1)
    })
  {
    result.append("frames \(a.itemFrames) vs \(b.itemFrames)")
  }
  if !a.contentSize.isApproximatelyEqual(to: b.contentSize) {
    result.append("content size \(a.contentSize) vs \(b.contentSize)")
  }
  let linesA = (0..<a.lineCount).map { a.items(inLine: $0) }
  let linesB = (0..<b.lineCount).map { b.items(inLine: $0) }
  if linesA != linesB { result.append("lines \(linesA) vs \(linesB)") }
  return result
}

// MARK: - Properties

@Suite struct FlowPropertyTests {
  @Test("The item at a point is the one whose frame contains it")
  func itemAtPointMatchesBruteForce() async {
    let input = zip(flowCases, probes, loosePoints)
    await seededPropertyCheck(seed: "EMOeZ2+4Zv8rA18x1HP2MTLEpu4sdOCZEKuFVXOYNFc=", input: input) {
      input in
      let (flowCase, probes, loose) = input
      let flow = flowCase.layout
      var violations = Violations()
      for point in points(for: flow, probes: probes, loose: loose) {
        let actual = flow.item(at: point)
        let accepted = neighbourhood(of: point, in: flow).map { referenceItem(flow, $0) }
        violations.check(
          accepted.contains(actual),
          "item(at: \(point)) is \(actual.map(String.init) ?? "nil"), expected "
            + "\(accepted[0].map(String.init) ?? "nil"); frames \(flow.itemFrames)")
      }
      #expect(violations.isEmpty, "\(violations)")
    }
  }

  @Test("The insertion index follows the documented line-band and midpoint rule")
  func insertionIndexMatchesTheRule() async {
    let input = zip(flowCases, probes, loosePoints)
    await seededPropertyCheck(seed: "KDEVrrNY3i2ZP2NR9RHTxx3KX0Lg0RXdteTgyTibILw=", input: input) {
      input in
      let (flowCase, probes, loose) = input
      let flow = flowCase.layout
      var violations = Violations()
      for point in points(for: flow, probes: probes, loose: loose) {
        let actual = flow.insertionIndex(for: point)
        let accepted = neighbourhood(of: point, in: flow).map {
          referenceInsertionIndex(flow, $0)
        }
        let lines = (0..<flow.lineCount).map { flow.items(inLine: $0) }
        violations.check(
          accepted.contains(actual),
          "insertionIndex(for: \(point)) is \(actual), expected \(accepted[0]); "
            + "lines \(lines), frames \(flow.itemFrames)")
      }
      #expect(violations.isEmpty, "\(violations)")
    }
  }

  @Test("Edits to items, container and style give the layout a fresh flow gets")
  func editsMatchAFreshLayout() async {
    let garbage: [Double] = [.nan, -3, .infinity]
    let editSizes = zip(itemSizes, Gen.int(in: 0...40)).map { size, pick in
      pick < garbage.count ? Size(width: garbage[pick], height: size.height) : size
    }
    let edits = zip(
      Gen.int(in: 0...11), Gen.int(in: 0...10_000), Gen.int(in: 0...10_000), editSizes,
      flowStyles, containerExtents, containerExtents
    ).array(of: 1...20)
    let input = zip(flowCases, edits)
    await seededPropertyCheck(seed: "oTnA5i0WgsjDNQ8O8RFZAcGsMehv6rfyVqaDrGtWCXg=", input: input) {
      input in
      let (flowCase, edits) = input
      var flow = flowCase.layout
      var sizes = flowCase.sizes
      var style = flowCase.style
      var container = flowCase.container
      var log: [String] = []
      for (kind, first, second, size, newStyle, along, across) in edits {
        switch kind {
        case 0...2:
          let index = first % (sizes.count + 1)
          sizes.insert(size, at: index)
          flow.insert(size, at: index)
          log.append("insert(\(size.width)×\(size.height), at: \(index))")
        case 3...4 where !sizes.isEmpty:
          let index = first % sizes.count
          sizes.remove(at: index)
          flow.remove(at: index)
          log.append("remove(at: \(index))")
        case 5...6 where !sizes.isEmpty:
          let (source, destination) = (first % sizes.count, second % sizes.count)
          sizes.insert(sizes.remove(at: source), at: destination)
          flow.moveItem(from: source, to: destination)
          log.append("moveItem(from: \(source), to: \(destination))")
        case 7...9 where !sizes.isEmpty:
          let index = first % sizes.count
          sizes[index] = size
          flow.resizeItem(at: index, to: size)
          log.append("resizeItem(at: \(index), to: \(size.width)×\(size.height))")
        case 10:
          container = Size(main: along, cross: across, axis: style.axis)
          flow.setContainerSize(container)
          log.append("setContainerSize(\(container.width)×\(container.height))")
        case 11:
          style = newStyle
          flow.setStyle(style)
          log.append("setStyle(\(describe(style)))")
        default:
          continue
        }
        let fresh = FlowLayout(style: style, itemSizes: sizes, containerSize: container)
        let found = differences(flow, fresh)
        guard found.isEmpty else {
          let message =
            "After \(log.joined(separator: ", ")) the edited flow differs from a fresh one "
            + "(edited vs fresh):\n\(found.joined(separator: "\n"))"
          Issue.record(Comment(rawValue: message))
          return
        }
      }
    }
  }

  @Test("Items are placed line by line, in order, without overlapping, inside the content width")
  func itemsFlowInOrderInsideTheContainer() async {
    await seededPropertyCheck(
      seed: "GHISF7+asGxzO8mMwUtANXRyNeiQPYvexoN6gTpQAI8=", input: flowCases
    ) {
      flowCase in
      let flow = flowCase.layout
      let style = flow.style
      let axes = ReadingAxes(flow)
      let frames = flow.itemFrames
      let horizontal = style.axis == .horizontal
      let padding = style.padding
      let padAlongStart = horizontal ? padding.leading : padding.top
      let padAlongEnd = horizontal ? padding.trailing : padding.bottom
      let padAcrossStart = horizontal ? padding.top : padding.leading
      let padAcrossEnd = horizontal ? padding.bottom : padding.trailing
      let containerAlong = flow.containerSize[style.axis]
      // Padding longer than the container leaves lines of no length, not of a negative one.
      let limit =
        containerAlong.isFinite
        ? Swift.max(0, containerAlong - padAlongStart - padAlongEnd) : .infinity
      let itemSpacing = style.itemSpacing
      var violations = Violations()
      violations.check(frames.count == flow.count, "\(frames.count) frames for \(flow.count) items")
      var next = 0
      var previousLineEnd: Double? = nil
      var longest = 0.0
      for line in 0..<flow.lineCount {
        let items = flow.items(inLine: line)
        violations.check(
          items.lowerBound == next && !items.isEmpty,
          "line \(line) holds items \(items), expected it to start at \(next)")
        next = items.upperBound
        guard !items.isEmpty else { continue }
        let alongs = items.map { axes.along(frames[$0]) }
        let acrosses = items.map { axes.across(frames[$0]) }
        let lineStart = acrosses.map(\.0).min() ?? 0
        let lineEnd = acrosses.map(\.1).max() ?? 0
        let thickness = items.map { flow.itemSizes[$0][style.axis.cross] }.max() ?? 0
        violations.check(
          isApproximatelyEqual(lineEnd - lineStart, thickness),
          "line \(line) is \(lineEnd - lineStart) thick, its thickest item \(thickness)")
        // Lines follow each other, `lineSpacing` apart, from the padding on.
        let expectedStart = previousLineEnd.map { $0 + style.lineSpacing } ?? padAcrossStart
        violations.check(
          isApproximatelyEqual(lineStart, expectedStart),
          "line \(line) starts at \(lineStart) across, expected \(expectedStart)")
        previousLineEnd = lineEnd
        // Items sit across their line as the item alignment says.
        for (index, across) in zip(items, acrosses) {
          let placed: Bool
          switch style.itemAlignment {
          case .start: placed = isApproximatelyEqual(across.0, lineStart)
          case .center: placed = isApproximatelyEqual(across.0 + across.1, lineStart + lineEnd)
          case .end: placed = isApproximatelyEqual(across.1, lineEnd)
          }
          violations.check(placed, "item \(index) is not at the line's .\(style.itemAlignment)")
        }
        // Items of a line keep their order, `itemSpacing` or more apart.
        for k in 1..<alongs.count {
          violations.check(
            alongs[k].0 >= alongs[k - 1].1 + itemSpacing - tolerance,
            "item \(items.lowerBound + k) starts at \(alongs[k].0) along its line, before item "
              + "\(items.lowerBound + k - 1) ends at \(alongs[k - 1].1) plus spacing")
        }
        let natural =
          items.reduce(0) { $0 + flow.itemSizes[$1][style.axis] }
          + itemSpacing * Double(items.count - 1)
        longest = Swift.max(longest, natural)
        // Greedy wrapping: a line holds what fits, and the next item did not fit.
        violations.check(
          items.count == 1 || natural <= limit + tolerance,
          "line \(line) is \(natural) long in a line of \(limit)")
        if items.upperBound < flow.count {
          let grown = natural + itemSpacing + flow.itemSizes[items.upperBound][style.axis]
          violations.check(
            grown > limit,
            "item \(items.upperBound) starts line \(line + 1) although line \(line) had room")
        }
        // Inside the content width, unless a lone item is longer than a line.
        let first = alongs[0].0
        let last = alongs[alongs.count - 1].1
        if !(items.count == 1 && natural > limit) {
          violations.check(
            first >= padAlongStart - tolerance && last <= padAlongStart + limit + tolerance,
            "line \(line) spans \(first)...\(last), outside the content width "
              + "\(padAlongStart)...\(padAlongStart + limit)")
        }
        // The line alignment; justified lines fill the line but for the last and lone ones.
        if limit.isFinite && natural <= limit {
          let isLast = items.upperBound == flow.count
          let free = limit - natural
          let expectedFirst: Double
          switch style.lineAlignment {
          case .start: expectedFirst = padAlongStart
          case .center: expectedFirst = padAlongStart + free / 2
          case .end: expectedFirst = padAlongStart + free
          case .justify: expectedFirst = padAlongStart
          }
          violations.check(
            isApproximatelyEqual(first, expectedFirst),
            "line \(line) starts at \(first), expected \(expectedFirst) "
              + "(.\(style.lineAlignment))")
          let expectedLast =
            style.lineAlignment == .justify && !isLast && items.count > 1
            ? padAlongStart + limit : expectedFirst + natural
          violations.check(
            isApproximatelyEqual(last, expectedLast),
            "line \(line) ends at \(last), expected \(expectedLast) (.\(style.lineAlignment))")
        }
      }
      violations.check(next == flow.count, "the lines hold \(next) of \(flow.count) items")
      for i in frames.indices {
        for j in frames.indices where j > i && frames[i].intersects(frames[j]) {
          violations.fail("items \(i) \(frames[i]) and \(j) \(frames[j]) overlap")
        }
      }
      let contentAlong = longest + padAlongStart + padAlongEnd
      let contentAcross = (previousLineEnd ?? padAcrossStart) + padAcrossEnd
      let expectedContent = Size(main: contentAlong, cross: contentAcross, axis: style.axis)
      violations.check(
        flow.contentSize.isApproximatelyEqual(to: expectedContent),
        "content size \(flow.contentSize), expected \(expectedContent)")
      #expect(violations.isEmpty, "\(violations)")
    }
  }
}

// MARK: - Regressions found by the properties above

extension FlowPropertyTests {
  @Test("A point on the left edge of a right-to-left column hits that column's item")
  func leftEdgeOfARightToLeftColumn() {
    let flow = FlowLayout(
      style: FlowStyle(axis: .vertical, direction: .rightToLeft),
      itemSizes: [Size(width: 5, height: 2), Size(width: 5, height: 2)],
      containerSize: Size(width: 20, height: 2))
    #expect(flow.frame(ofItem: 0) == Rect(x: 15, y: 0, width: 5, height: 2))
    #expect(flow.item(at: Point(x: 15, y: 1)) == 0)
    #expect(flow.item(at: Point(x: 14.5, y: 1)) == 1)
  }

  @Test("A zero-width item does not hide the edge of its right-to-left neighbour")
  func zeroWidthItemUnderRightToLeft() {
    let flow = FlowLayout(
      style: FlowStyle(direction: .rightToLeft),
      itemSizes: [
        Size(width: 5, height: 1), Size(width: 0, height: 1), Size(width: 5, height: 1),
      ],
      containerSize: Size(width: 20, height: 10))
    #expect(flow.item(at: Point(x: 15, y: 0.5)) == 0)
    #expect(flow.item(at: Point(x: 14.5, y: 0.5)) == 2)
  }
}
