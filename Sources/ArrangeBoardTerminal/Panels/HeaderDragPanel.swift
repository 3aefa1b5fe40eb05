import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTerminal

/// The column headers as one horizontal list that a mouse drags a column's header along: the
/// drop moves the column.
///
/// It reads the columns' boxes on screen (`boxes`, of which the first `count` are columns)
/// whenever it is asked, so it never shows headers that are gone.
struct HeaderDragPanel {
  /// The drag engine over the one list of headers.
  var engine = DragEngine<ListGeometry<Int>>(containers: [])
  /// Whether the left mouse button went down on a column header.
  var isPressing = false

  /// The engine's one container: the row of headers.
  static var headers: ContainerID { ContainerID(0) }

  /// The columns whose boxes are on screen, left to right.
  static func shown(_ boxes: [CellRect], count: Int) -> [Int] {
    boxes.indices.filter { $0 < count && boxes[$0].width > 0 }
  }

  /// Tells the engine where the headers of the columns on screen are.
  mutating func update(_ boxes: [CellRect], count: Int) {
    let shown = Self.shown(boxes, count: count)
    guard let first = shown.first, let last = shown.last else {
      engine = DragEngine(containers: [])
      return
    }
    let left = boxes[first].column
    let right = boxes[last].column + boxes[last].width
    let geometry = ListGeometry(
      items: shown,
      frame: Rect(
        x: Double(left), y: Double(boxes[first].row), width: Double(right - left), height: 1),
      axis: .horizontal, itemLengths: shown.map { Double(boxes[$0].width) })
    if engine.isDragging {
      _ = engine.handle(.setGeometry(Self.headers, geometry))
    } else {
      var configuration = DragConfiguration()
      configuration.mouseActivation = .distance(2)
      engine = DragEngine(
        containers: [ArenaContainer(id: Self.headers, name: "columns", geometry: geometry)],
        configuration: configuration)
    }
  }

  /// Whether a mouse press at this cell is on a column's header (its top border).
  static func isHeader(column: Int, row: Int, _ boxes: [CellRect], count: Int) -> Bool {
    boxes.indices.contains { index in
      index < count && boxes[index].width > 0 && boxes[index].row == row
        && column >= boxes[index].column && column < boxes[index].column + boxes[index].width
    }
  }

  /// Feeds a pointer event on the headers to the engine: returns what it announces (each with
  /// the column it names) and the column moves a drop makes, as (column, new place).
  mutating func handle(
    _ phase: PointerPhase, at point: Point, time: Double, _ boxes: [CellRect], count: Int
  ) -> (announcements: [Announcement<Int>], moves: [(column: Int, to: Int)]) {
    let effects = engine.handle(.pointer(PointerEvent(phase, at: point, time: time)))
    var announcements: [Announcement<Int>] = []
    for case .announce(let said) in effects { announcements.append(said) }
    var moves: [(column: Int, to: Int)] = []
    for case .apply(.move(let column, _, let to, _)) in effects {
      // The headers list the columns on screen, from the first one shown.
      let shown = Self.shown(boxes, count: count)
      guard shown.indices.contains(to.index) else { continue }
      moves.append((column, shown[to.index]))
    }
    return (announcements, moves)
  }

  /// Where a header being dragged would land: the column it would take the place of.
  func target(_ boxes: [CellRect], count: Int) -> Int? {
    guard engine.isDragging,
      let proposal = engine.proposal(for: .pointer(PointerID(0))),
      case .move(let slot) = proposal.action
    else { return nil }
    let shown = Self.shown(boxes, count: count)
    return shown.indices.contains(slot.index) ? shown[slot.index] : nil
  }

  /// The column whose header is being dragged.
  var dragged: Int? { engine.draggedItem(for: .pointer(PointerID(0))) }
}
