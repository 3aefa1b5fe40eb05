import ArrangeGeometry

extension FlowLayout {
  /// Builds the line that starts at item `start`, writing its items' main offsets.
  ///
  /// Greedy: items are added while they fit; the first item always does.
  mutating func makeLine(startingAt start: Int, cross: Double) -> Line {
    let limit = lineLimit
    let spacing = itemSpacing
    let n = itemSizes.count
    var end = start + 1
    var length = mainExtent(start)
    var thickness = crossExtent(start)
    while end < n {
      let next = clampFinite(length + spacing + mainExtent(end))
      // A small tolerance keeps items that fit exactly from wrapping through rounding noise.
      if next > limit + 1e-9 { break }
      length = next
      thickness = Swift.max(thickness, crossExtent(end))
      end += 1
    }
    let line = Line(start: start, end: end, cross: cross, thickness: thickness, length: length)
    placeItems(of: line)
    return line
  }

  /// Writes the main offsets of a line's items from the line alignment.
  mutating func placeItems(of line: Line) {
    let limit = lineLimit
    let free = limit.isFinite ? Swift.max(0, limit - line.length) : 0
    let count = line.end - line.start
    var position = paddingMainStart
    var gap = itemSpacing
    switch style.lineAlignment {
    case .start:
      break
    case .center:
      position += free / 2
    case .end:
      position += free
    case .justify:
      // Justified like text: the last line and single-item lines stay at the start.
      if count > 1 && line.end < itemSizes.count {
        gap += free / Double(count - 1)
      }
    }
    for index in line.start..<line.end {
      mainOffsets[index] = position
      position = clampFinite(position + mainExtent(index) + gap)
    }
  }

  /// Lays every line out from scratch.
  ///
  /// - Complexity: O(n).
  mutating func relayoutAll() {
    let n = itemSizes.count
    if mainOffsets.count != n {
      // Resized in place, so that a flow reused for many sizes keeps its storage.
      mainOffsets.removeAll(keepingCapacity: true)
      mainOffsets.append(contentsOf: repeatElement(0, count: n))
    }
    lines.removeAll(keepingCapacity: true)
    var cross = paddingCrossStart
    var start = 0
    while start < n {
      let line = makeLine(startingAt: start, cross: cross)
      lines.append(line)
      cross = clampFinite(cross + line.thickness + lineSpacing)
      start = line.end
    }
    updateContentSize()
  }

  /// Re-flows after items changed at `index` (`delta` = +1 inserted, −1 removed, 0 resized),
  /// starting at the line before the edit and stopping as soon as a new line starts where an old
  /// line (after the edit) started; the remaining lines are only shifted.
  ///
  /// `lines` still describe the items before the edit; `itemSizes` and `mainOffsets` already have
  /// the item inserted or removed.
  ///
  /// - Complexity: O(k + m) where k is the number of items in the re-flowed lines and m the
  ///   number of lines (the ones after the re-flowed lines are shifted, not recomputed, and the
  ///   longest line is found again).
  mutating func relayout(afterEditAt index: Int, delta: Int) {
    let n = itemSizes.count
    guard !lines.isEmpty, n > 0 else {
      relayoutAll()
      return
    }
    let oldCount = n - delta
    // An edit at the start of a line can let its items climb onto the line before.
    let firstLine = Swift.max(0, lineIndex(containing: Swift.min(index, oldCount - 1)) - 1)
    var cross = lines[firstLine].cross
    var start = lines[firstLine].start
    var rebuilt = rebuiltLines
    rebuiltLines = []
    rebuilt.removeAll(keepingCapacity: true)
    var candidate = firstLine + 1
    var resync: Int? = nil
    // The first new item index that maps one-to-one onto an old, unchanged item.
    let firstStable = index + Swift.max(delta, 0) + (delta == 0 ? 1 : 0)
    while start < n {
      if start >= firstStable {
        let oldStart = start - delta
        while candidate < lines.count && lines[candidate].start < oldStart { candidate += 1 }
        if candidate < lines.count && lines[candidate].start == oldStart {
          resync = candidate
          break
        }
      }
      let line = makeLine(startingAt: start, cross: cross)
      rebuilt.append(line)
      cross = clampFinite(cross + line.thickness + lineSpacing)
      start = line.end
    }
    if let resync {
      let shift = cross - lines[resync].cross
      for k in resync..<lines.count {
        lines[k].start += delta
        lines[k].end += delta
        lines[k].cross = clampFinite(lines[k].cross + shift)
      }
      lines.replaceSubrange(firstLine..<resync, with: rebuilt)
    } else {
      lines.replaceSubrange(firstLine..<lines.count, with: rebuilt)
    }
    rebuiltLines = rebuilt
    // The line that was last, or has become last, is justified differently.
    if style.lineAlignment == .justify, let last = lines.last { placeItems(of: last) }
    if style.lineAlignment == .justify, lines.count > 1 { placeItems(of: lines[lines.count - 2]) }
    updateContentSize()
  }

  /// The index of the line holding item `item` (during an edit: in the lines before the edit).
  ///
  /// - Complexity: O(log lines).
  func lineIndex(containing item: Int) -> Int {
    var low = 0
    var high = lines.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lines[mid].start <= item { low = mid } else { high = mid - 1 }
    }
    return low
  }

  mutating func updateContentSize() {
    var longest = 0.0
    for line in lines where line.length > longest { longest = line.length }
    var crossExtent = paddingCrossTotal
    if let last = lines.last {
      crossExtent = clampFinite(
        last.cross + last.thickness + (paddingCrossTotal - paddingCrossStart))
    }
    let mainExtent = clampFinite(longest + paddingMainTotal)
    contentSize = Size(main: mainExtent, cross: crossExtent, axis: axis)
  }
}
