public import ArrangeGeometry

extension FlowLayout {
  /// The frame of item `index`, relative to the container's top-left corner.
  ///
  /// - Precondition: `index` is a valid item index.
  /// - Complexity: O(log n) (it finds the item's line).
  public func frame(ofItem index: Int) -> Rect {
    precondition(index >= 0 && index < itemSizes.count, "item index \(index) out of range")
    return frame(ofItem: index, inLine: lines[lineIndex(containing: index)])
  }

  /// The frames of all items, in order.
  ///
  /// - Complexity: O(n).
  public var itemFrames: [Rect] {
    var frames: [Rect] = []
    frames.reserveCapacity(itemSizes.count)
    for line in lines {
      for index in line.start..<line.end { frames.append(frame(ofItem: index, inLine: line)) }
    }
    return frames
  }

  /// Calls `body` with every item's index and frame, in order, without allocating.
  ///
  /// What is the same for every item (axis, alignment, direction) is read once, and the items'
  /// storage without bounds checks: a flow of 10,000 items writes its frames on every layout.
  ///
  /// - Complexity: O(n).
  @inline(__always)
  func forEachItemFrame(_ body: (Int, Rect) -> Void) {
    let horizontal = axis == .horizontal
    let alignment = style.itemAlignment
    let mirror: Double? = isRightToLeft ? mirrorWidth : nil
    itemSizes.withUnsafeBufferPointer { sizes in
      mainOffsets.withUnsafeBufferPointer { offsets in
        for line in lines {
          for index in line.start..<line.end {
            body(
              index,
              Self.frame(
                size: sizes[index], main: offsets[index], in: line, horizontal: horizontal,
                alignment: alignment, mirror: mirror))
          }
        }
      }
    }
  }

  /// The index of the line that holds item `index`.
  ///
  /// - Complexity: O(log lines).
  public func line(ofItem index: Int) -> Int {
    precondition(index >= 0 && index < itemSizes.count, "item index \(index) out of range")
    return lineIndex(containing: index)
  }

  func frame(ofItem index: Int, inLine line: Line) -> Rect {
    Self.frame(
      size: itemSizes[index], main: mainOffsets[index], in: line,
      horizontal: axis == .horizontal, alignment: style.itemAlignment,
      mirror: isRightToLeft ? mirrorWidth : nil)
  }

  /// The frame of an item of `size` at `main` along `line`, aligned across it by `alignment`,
  /// and mirrored in a container `mirror` wide when that is given (right to left).
  @inline(__always)
  static func frame(
    size: Size, main: Double, in line: Line, horizontal: Bool, alignment: FlowItemAlignment,
    mirror: Double?
  ) -> Rect {
    let itemCross = horizontal ? size.height : size.width
    var crossPosition = line.cross
    switch alignment {
    case .start: break
    case .center: crossPosition = clampFinite(crossPosition + (line.thickness - itemCross) / 2)
    case .end: crossPosition = clampFinite(crossPosition + (line.thickness - itemCross))
    }
    var rect =
      horizontal
      ? Rect(x: main, y: crossPosition, width: size.width, height: size.height)
      : Rect(x: crossPosition, y: main, width: size.width, height: size.height)
    if let mirror {
      rect.origin.x = clampFinite(mirror - clampFinite(rect.origin.x + rect.size.width))
    }
    return rect
  }

  /// The item under `point` (container coordinates), or `nil` over a gap or outside every item.
  ///
  /// An item contains its top and leading edges but not its bottom and trailing ones, so
  /// neighbours never both claim a point.
  ///
  /// - Complexity: O(log n), allocation-free.
  public func item(at point: Point) -> Int? {
    guard !lines.isEmpty, point.x.isFinite, point.y.isFinite else { return nil }
    let (pm, pc) = flowCoordinates(point)
    // Under right-to-left the mirrored axis has its closed edge on the other side, so search
    // strictly there; the exact `Rect.contains` test below has the last word, and the
    // neighbouring line and items are tried too so that rounding at an edge cannot miss.
    let mirroredCross = isRightToLeft && axis == .vertical
    let mirroredMain = isRightToLeft && axis == .horizontal
    var low = 0
    var high = lines.count
    while low < high {
      let mid = (low + high) / 2
      let before = mirroredCross ? lines[mid].cross < pc : lines[mid].cross <= pc
      if before { low = mid + 1 } else { high = mid }
    }
    let found = low - 1
    for step in 0..<3 {
      let lineIndex = step == 0 ? found : (step == 1 ? found - 1 : found + 1)
      guard lineIndex >= 0 && lineIndex < lines.count else { continue }
      if let hit = item(at: point, main: pm, inLine: lines[lineIndex], mirrored: mirroredMain) {
        return hit
      }
    }
    return nil
  }

  private func item(at point: Point, main pm: Double, inLine line: Line, mirrored: Bool) -> Int? {
    var low = line.start
    var high = line.end
    while low < high {
      let mid = (low + high) / 2
      let before = mirrored ? mainOffsets[mid] < pm : mainOffsets[mid] <= pm
      if before { low = mid + 1 } else { high = mid }
    }
    let found = low - 1
    for step in 0..<3 {
      let index = step == 0 ? found : (step == 1 ? found - 1 : found + 1)
      guard index >= line.start && index < line.end else { continue }
      if frame(ofItem: index, inLine: line).contains(point) { return index }
    }
    return nil
  }

  /// Where a dragged item would land if dropped at `point` (container coordinates).
  ///
  /// Within a line, before the first item whose middle lies beyond the point along the line;
  /// past the last item of a line, after it; before the first line, in the first line; beyond
  /// the last line, at the end; an empty flow gives 0. A point between two lines belongs to the
  /// nearer one. Non-finite coordinates give the end.
  ///
  /// - Complexity: O(log n).
  public func insertionIndex(for point: Point) -> Int {
    guard let lastLine = lines.last else { return 0 }
    guard point.x.isFinite, point.y.isFinite else { return itemSizes.count }
    let (pm, pc) = flowCoordinates(point)
    if pc >= lastLine.cross + lastLine.thickness { return itemSizes.count }
    let halfGap = lineSpacing / 2
    // First line whose band (its extent plus half the gap after it) reaches past the point.
    var low = 0
    var high = lines.count - 1
    while low < high {
      let mid = (low + high) / 2
      if lines[mid].cross + lines[mid].thickness + halfGap > pc {
        high = mid
      } else {
        low = mid + 1
      }
    }
    let line = lines[low]
    // First item of the line whose middle lies beyond the point.
    var first = line.start
    var last = line.end
    while first < last {
      let mid = (first + last) / 2
      if mainOffsets[mid] + mainExtent(mid) / 2 > pm { last = mid } else { first = mid + 1 }
    }
    return first
  }

  /// The point in left-to-right flow coordinates: (main, cross).
  func flowCoordinates(_ point: Point) -> (Double, Double) {
    let x = isRightToLeft ? mirrorWidth - point.x : point.x
    return axis == .horizontal ? (x, point.y) : (point.y, x)
  }
}
