public import ArrangeGeometry

extension FlowLayout {
  /// The frame of item `index`, relative to the container's top-left corner.
  ///
  /// - Precondition: `index` is a valid item index.
  /// - Complexity: O(log n) (it finds the item's line).
  public func frame(ofItem index: Int) -> Rect {
    precondition(index >= 0 && index < itemSizes.count, "item index \(index) out of range")
    return frame(ofItem: index, inLine: lines[line(containingOldItem: index)])
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

  /// The index of the line that holds item `index`.
  ///
  /// - Complexity: O(log lines).
  public func line(ofItem index: Int) -> Int {
    precondition(index >= 0 && index < itemSizes.count, "item index \(index) out of range")
    return line(containingOldItem: index)
  }

  func frame(ofItem index: Int, inLine line: Line) -> Rect {
    let size = itemSizes[index]
    let itemCross = size[axis.cross]
    var crossPosition = line.cross
    switch style.itemAlignment {
    case .start: break
    case .center: crossPosition += (line.thickness - itemCross) / 2
    case .end: crossPosition += line.thickness - itemCross
    }
    let mainPosition = mainOffsets[index]
    var rect =
      axis == .horizontal
      ? Rect(x: mainPosition, y: crossPosition, width: size.width, height: size.height)
      : Rect(x: crossPosition, y: mainPosition, width: size.width, height: size.height)
    if isRightToLeft { rect.origin.x = mirrorWidth - rect.origin.x - rect.size.width }
    return rect
  }

  /// The item under `point` (container coordinates), or `nil` over a gap or outside every item.
  ///
  /// An item contains its top and leading edges but not its bottom and trailing ones, so
  /// neighbours never both claim a point.
  ///
  /// - Complexity: O(log n).
  public func item(at point: Point) -> Int? {
    guard !lines.isEmpty, point.x.isFinite, point.y.isFinite else { return nil }
    for index in candidates(at: point) {
      if frame(ofItem: index).contains(point) { return index }
    }
    return nil
  }

  /// The item whose line and main position match the point best: at most two candidates, so that
  /// the exact half-open test in ``item(at:)`` decides edge cases identically to `Rect.contains`.
  private func candidates(at point: Point) -> [Int] {
    let (pm, pc) = flowCoordinates(point)
    // Last line whose cross start is at or before the point.
    var low = 0
    var high = lines.count - 1
    if lines[0].cross > pc { return [] }
    while low < high {
      let mid = (low + high + 1) / 2
      if lines[mid].cross <= pc { low = mid } else { high = mid - 1 }
    }
    let line = lines[low]
    // Last item of the line whose main start is at or before the point.
    var first = line.start
    var last = line.end - 1
    if mainOffsets[first] > pm {
      return isRightToLeft ? [first] : []
    }
    while first < last {
      let mid = (first + last + 1) / 2
      if mainOffsets[mid] <= pm { first = mid } else { last = mid - 1 }
    }
    // Under right-to-left, mirrored half-open edges may belong to the previous item.
    if isRightToLeft && first > line.start { return [first, first - 1] }
    return [first]
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
