public import ArrangeGeometry

// Choosing the target container: where a drag is, its mode over a container, and which container it is over. Pure functions of the engine's state.
extension DragEngine {
  /// Where a drag is, for choosing its target and slot and for the rules.
  ///
  /// The pointer, or with a detector that locates by the item's centre (``TargetStrategy/itemCenter``)
  /// the dragged item's centre. A keyboard drag is where it was put.
  @inlinable
  func location(of session: DragSession<Item>) -> Point {
    let byCenter =
      rules.targetDetector?.locatesByItemCenter ?? (configuration.strategy == .itemCenter)
    return byCenter && session.id != .keyboard ? session.ghostFrame.center : session.pointer
  }

  /// The mode of `session` over container `target`: the rules' mode for the pair, or the mode
  /// the drag started with.
  @inlinable
  func mode(of session: DragSession<Item>, over target: ContainerID?) -> DragMode {
    guard let rule = rules.mode, let target else { return session.startMode }
    let mode = rule(session.item, session.origin.container, target) ?? session.startMode
    // A selection copies, or does not, as it began: its members were gathered for that (a copy
    // takes only those of the container it starts in).
    if session.isGroup, (mode == .copy) != (session.startMode == .copy) { return session.startMode }
    return mode
  }

  /// The target container's position for a pointer drag: the app's detector's choice, or the
  /// configuration's strategy's.
  @inlinable
  func targetContainer(for session: DragSession<Item>) -> Int? {
    let detector = rules.targetDetector ?? configuration.strategy.detector
    let chosen = detector.choose(
      DropTargetQuery(
        session: session.id, pointer: session.pointer, itemFrame: session.ghostFrame,
        candidates: targetCandidates))
    return chosen.flatMap { containerIndex($0) }
  }
}
