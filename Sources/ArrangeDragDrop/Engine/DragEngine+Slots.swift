public import ArrangeGeometry

// Slots: final indices, the dragged item's own place, anchors. Pure functions of the engine's state.
extension DragEngine {
  /// The item that stands for the dragged item in container `id`: the item itself, or its live
  /// copy in copy mode.
  @inlinable
  func ownItem(of session: DragSession<Item>, in id: ContainerID) -> (Item, hint: Int?)? {
    if session.mode == .copy && id != session.origin.container {
      guard let copy = session.copyID else { return nil }
      return (copy, session.copyLocation?.container == id ? session.copyLocation?.index : nil)
    }
    return (session.item, session.location.container == id ? session.location.index : nil)
  }

  /// The number of items in `id` not counting the dragged item (or its copy), and where the
  /// dragged item sits in the geometry, if it does.
  @inlinable
  func baseCount(of session: DragSession<Item>, in id: ContainerID) -> (count: Int, own: Int?) {
    let total = count(of: id)
    guard let (own, hint) = ownItem(of: session, in: id), let at = locate(own, in: id, hint: hint)
    else { return (total, nil) }
    return (total - 1, at)
  }

  /// The final index for a drop at `point` in container `position`: the number of other items
  /// whose midpoint comes before the point.
  ///
  /// In a container other than the one the drag started from, the other items count where they
  /// would stand without the dragged item (see ``absentIndex(_:own:at:in:)``), as a drop
  /// applied at the release counts them: a live drag that entered the container going down does
  /// not push the next item's middle away from the pointer.
  @inlinable
  func finalIndex(for session: DragSession<Item>, at point: Point, in position: Int) -> Int {
    let geometry = arena[position].geometry
    var raw = geometry.insertionIndex(for: point)
    let (count, own) = baseCount(of: session, in: arena[position].id)
    if let own, arena[position].id != session.origin.container {
      return Swift.min(Swift.max(absentIndex(raw, own: own, at: point, in: geometry), 0), count)
    }
    if let own, configuration.swapThreshold != 0, !configuration.swapThreshold.isNaN {
      raw = swapIndex(raw, own: own, at: point, in: geometry)
    }
    var index = raw
    if let own, raw > own { index -= 1 }
    return Swift.min(Swift.max(index, 0), count)
  }

  /// The number of other items whose midpoint would come before `point` if the dragged item,
  /// at `own`, were not in `geometry`, given `raw`, the insertion index with it there.
  ///
  /// In one row or column (the first and the last item start at the same cross position), each
  /// item after the dragged one would stand one step earlier, the step being the distance from
  /// the dragged item's start to the next one's: it counts when its middle is before `point`
  /// moved one step along. In a wrapping grid each would take the place of the one before it,
  /// as equal tiles do: it counts when that one's middle is before `point`.
  @inlinable
  func absentIndex(_ raw: Int, own: Int, at point: Point, in geometry: Geometry) -> Int {
    let count = geometry.count
    let before = Swift.min(raw, own)
    guard own + 1 < count else { return before }
    let axis = geometry.axis
    let cross: Axis = axis == .vertical ? .horizontal : .vertical
    let first = geometry.frameOfItem(at: 0)
    let last = geometry.frameOfItem(at: count - 1)
    guard first.min(along: cross) == last.min(along: cross) else {
      return Swift.min(raw, count - 1)
    }
    let step =
      geometry.frameOfItem(at: own + 1).min(along: axis)
      - geometry.frameOfItem(at: own).min(along: axis)
    var moved = point
    if axis == .vertical { moved.y += step } else { moved.x += step }
    return before + Swift.max(0, geometry.insertionIndex(for: moved) - own - 1)
  }

  /// The insertion index `raw` (the middle rule) moved by ``DragConfiguration/swapThreshold``:
  /// over an item of the container that holds the dragged item (at `own`), the dragged item goes
  /// past it once the pointer is strictly past the line that lies the threshold's share of half its length
  /// from its middle towards the dragged item's side (past the middle, for a negative threshold).
  @inlinable
  func swapIndex(_ raw: Int, own: Int, at point: Point, in geometry: Geometry) -> Int {
    guard let target = geometry.itemIndex(at: point), target != own else { return raw }
    let frame = geometry.frameOfItem(at: target)
    let share = Swift.min(1, Swift.max(-1, configuration.swapThreshold))
    let vertical = geometry.axis == .vertical
    let start = vertical ? frame.minY : frame.minX
    let length = vertical ? frame.height : frame.width
    let along = vertical ? point.y : point.x
    let middle = start + length / 2
    if target > own { return along > middle - share * length / 2 ? target + 1 : target }
    return along <= middle + share * length / 2 ? target : target + 1
  }

  /// The geometry index of base index `index` in container `id` (skipping the dragged item).
  @inlinable
  func geometryIndex(_ index: Int, for session: DragSession<Item>, in id: ContainerID) -> Int {
    let own = baseCount(of: session, in: id).own
    if let own, index >= own { return index + 1 }
    return index
  }

  /// The item a move to `index` of container `id` would land in front of.
  @inlinable
  func anchor(_ index: Int, for session: DragSession<Item>, in id: ContainerID) -> Item? {
    // Operations another drag made in this input are not in the reported geometry yet: an
    // anchor read from it could name the wrong item, so there is none.
    if changedInThisInput(id, byOtherThan: session.id) { return nil }
    guard let position = containerIndex(id) else { return nil }
    let at = geometryIndex(index, for: session, in: id)
    guard at >= 0 && at < arena[position].geometry.count else { return nil }
    return arena[position].geometry.item(at: at)
  }

  /// Whether an operation emitted in this input by anything but drag `session` touched
  /// container `id`.
  @inlinable
  func changedInThisInput(_ id: ContainerID, byOtherThan session: SessionID) -> Bool {
    for batch in batches where batch.purpose.session != session {
      for operation in batch.operations where operation.touches(id) { return true }
    }
    return false
  }
}
