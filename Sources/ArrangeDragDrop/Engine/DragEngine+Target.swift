public import ArrangeGeometry

// Choosing the target container: where a drag is, its mode over a container, and which container it is over. Pure functions of the engine's state.
extension DragEngine {
  /// Where a drag is, for choosing its target and slot and for the rules.
  ///
  /// The pointer, or with ``TargetStrategy/itemCenter`` the dragged item's center. A keyboard
  /// drag is where it was put.
  @inlinable
  func location(of session: DragSession<Item>) -> Point {
    configuration.strategy == .itemCenter && session.id != .keyboard
      ? session.ghostFrame.center : session.pointer
  }

  /// The mode of `session` over container `target`: the rules' mode for the pair, or the mode
  /// the drag started with.
  @inlinable
  func mode(of session: DragSession<Item>, over target: ContainerID?) -> DragMode {
    guard let rule = rules.mode, let target, session.startMode != .copy else {
      return session.startMode
    }
    let mode = rule(session.item, session.origin.container, target) ?? session.startMode
    return mode == .copy ? session.startMode : mode
  }

  /// The target container's position for a pointer drag, per the arena's strategy.
  @inlinable
  func targetContainer(for session: DragSession<Item>) -> Int? {
    switch configuration.strategy {
    case .pointerInside:
      return containerIndex(containing: session.pointer)
    case .itemCenter:
      return containerIndex(containing: location(of: session))
    case .largestOverlap:
      let ghost = session.ghostFrame
      var best: Int?
      var bestArea = 0.0
      for (position, container) in containers.enumerated() {
        let area = container.geometry.frame.intersectionArea(ghost)
        if area > bestArea {
          best = position
          bestArea = area
        }
      }
      return best
    case .closestCenter:
      let center = session.ghostFrame.center
      var best: Int?
      var bestDistance = Double.infinity
      for (position, container) in containers.enumerated() {
        let distance = container.geometry.frame.center.distance(to: center)
        if distance < bestDistance {
          best = position
          bestDistance = distance
        }
      }
      return best
    }
  }
}
