public import ArrangeGeometry

/// A container a drag could target, as a ``TargetDetector`` sees it.
public struct DropTargetCandidate: Hashable, Sendable {
  /// The container.
  public var id: ContainerID
  /// Its visible frame, in arena coordinates.
  public var frame: Rect
  /// Whether dropping on it removes the item.
  public var isDeleteZone: Bool

  /// Creates a candidate.
  public init(id: ContainerID, frame: Rect, isDeleteZone: Bool = false) {
    self.id = id
    self.frame = frame
    self.isDeleteZone = isDeleteZone
  }
}

/// What a ``TargetDetector`` is given: where a pointer drag is, and every container it could
/// target.
public struct DropTargetQuery: Sendable {
  /// The drag asking.
  public var session: SessionID
  /// The pointer, in arena coordinates.
  public var pointer: Point
  /// The dragged item's frame as drawn under the pointer (the ghost, at the grab offset).
  public var itemFrame: Rect
  /// The containers, in priority order (the first should win where frames overlap).
  public var candidates: [DropTargetCandidate]

  /// Creates a query.
  public init(
    session: SessionID, pointer: Point, itemFrame: Rect, candidates: [DropTargetCandidate]
  ) {
    self.session = session
    self.pointer = pointer
    self.itemFrame = itemFrame
    self.candidates = candidates
  }
}

/// How a pointer drag's target container is chosen: a function from the drag's geometry to a
/// container, as collision detectors are in web drag-and-drop libraries.
///
/// The four built-in strategies (``TargetStrategy``) are detectors too (``TargetStrategy/detector``);
/// an app supplies its own through ``DragRules/targetDetector``:
///
/// ```swift
/// // The container whose top edge is nearest the ghost's top edge, among those it overlaps.
/// rules.targetDetector = TargetDetector { query in
///   query.candidates
///     .filter { $0.frame.intersectionArea(query.itemFrame) > 0 }
///     .min { abs($0.frame.y - query.itemFrame.y) < abs($1.frame.y - query.itemFrame.y) }?.id
/// }
/// ```
///
/// The slot within the chosen container, and the rules' idea of where the drag is, follow the
/// pointer, or the dragged item's centre with `locatesByItemCenter`. A detector that names a
/// container the arena does not have chooses none.
public struct TargetDetector: Sendable {
  /// Whether the drag is where the dragged item's centre is (for the slot and the rules) rather
  /// than where the pointer is.
  public var locatesByItemCenter: Bool
  /// The choice: a candidate's ID, or `nil` for none (outside every container).
  public var choose: @Sendable (_ query: DropTargetQuery) -> ContainerID?

  /// Creates a detector from its choice.
  public init(
    locatesByItemCenter: Bool = false,
    _ choose: @escaping @Sendable (_ query: DropTargetQuery) -> ContainerID?
  ) {
    self.locatesByItemCenter = locatesByItemCenter
    self.choose = choose
  }

  /// The first container, in priority order, that contains the pointer.
  public static var pointerInside: TargetDetector {
    TargetDetector { query in
      query.candidates.first { $0.frame.contains(query.pointer) }?.id
    }
  }

  /// The first container, in priority order, that contains the dragged item's centre; the slot
  /// follows that centre too.
  public static var itemCenter: TargetDetector {
    TargetDetector(locatesByItemCenter: true) { query in
      let center = query.itemFrame.center
      return query.candidates.first { $0.frame.contains(center) }?.id
    }
  }

  /// The container the dragged item overlaps by the largest area, ties going to the higher
  /// priority; none when it overlaps nothing.
  public static var largestOverlap: TargetDetector {
    TargetDetector { query in
      var best: ContainerID?
      var bestArea = 0.0
      for candidate in query.candidates {
        let area = candidate.frame.intersectionArea(query.itemFrame)
        if area > bestArea {
          best = candidate.id
          bestArea = area
        }
      }
      return best
    }
  }

  /// The container whose centre is closest to the dragged item's centre, whatever the distance.
  public static var closestCenter: TargetDetector {
    TargetDetector { query in
      let center = query.itemFrame.center
      var best: ContainerID?
      var bestDistance = Double.infinity
      for candidate in query.candidates {
        let distance = candidate.frame.center.distance(to: center)
        if distance < bestDistance {
          best = candidate.id
          bestDistance = distance
        }
      }
      return best
    }
  }
}

extension TargetStrategy {
  /// The strategy as a detector, the form an app's own strategy takes.
  public var detector: TargetDetector {
    switch self {
    case .pointerInside: return .pointerInside
    case .largestOverlap: return .largestOverlap
    case .closestCenter: return .closestCenter
    case .itemCenter: return .itemCenter
    }
  }
}
