public import ArrangeDragDrop
import ArrangeGeometry
public import ArrangeTerminal

/// The default drag renderer: a reversed ghost with the item's label, markers either side of the
/// drop position, a highlighted swap target, dimmed origin, and short animations.
///
/// It reads a `DragAppearance` and maps what a cell grid can show: animations last
/// `DragAppearance/animationDuration`; a cell cannot scale, so the catch scale is shown as the
/// lift highlight (``liftStyle``) and the release scale as the plain ghost; a cell cannot blend,
/// so the snapshot's alpha becomes the reversed ghost (``ghostStyle``) and a displaced item is
/// drawn faint when `DragAppearance/displacedAlpha` is below 1. The press duration is the
/// engine's (touch activation), not the renderer's.
///
/// - **Lift:** the origin dims and the ghost appears with a brief highlight (the catch blink).
/// - **Move:** the ghost follows the pointer; the target container is highlighted; the drop
///   position shows as `▶ ◀` markers in the columns either side of the container, or the swap
///   target is drawn reversed; a displaced item (exchange) is drawn faded at its new place.
/// - **Drop:** the ghost slides into the item's new slot. **Cancel:** it slides back to where the
///   item came from. **Remove:** it shrinks away where it was released.
///
/// With `MotionPreference/reduced` nothing animates: the ghost disappears and the item appears in
/// its slot at once, and the lift has no highlight.
public struct BasicDragRenderer<Item: Hashable & Sendable>: DragRenderer, Sendable {
  /// How the drop position of a move is shown.
  public enum IndicatorStyle: Hashable, Sendable {
    /// `▶` and `◀` in the columns just outside the container, on the row the drop would take.
    case markers
    /// A line of `╌` across the container on that row, drawn over whatever is there.
    case line
  }

  /// A ghost on its way somewhere after its drag ended.
  struct Settling: Sendable {
    enum Kind: Sendable { case drop, cancel, remove }
    var item: Item
    var from: Rect
    var kind: Kind
    var start: Double
  }

  /// Whether animations play.
  public var motion: MotionPreference
  /// The look the renderer maps to cells.
  public var appearance: DragAppearance
  /// How the drop position of a move is shown.
  public var indicatorStyle: IndicatorStyle
  /// The ghost's style.
  public var ghostStyle: CellStyle
  /// The ghost's style during the lift highlight.
  public var liftStyle: CellStyle
  /// The ghost's style when releasing it would remove the item.
  public var removalStyle: CellStyle
  /// The style of the drop position markers (its foreground also colours the swap target).
  public var markerStyle: CellStyle

  private(set) var presentation = DragPresentation<Item>()
  private var lifts: [SessionID: Double] = [:]
  private var ghosts: [SessionID: (item: Item, frame: Rect)] = [:]
  private(set) var settling: [Settling] = []

  /// Creates the default renderer.
  public init(
    motion: MotionPreference = .full, indicatorStyle: IndicatorStyle = .markers,
    appearance: DragAppearance = DragAppearance()
  ) {
    self.motion = motion
    self.appearance = appearance
    self.indicatorStyle = indicatorStyle
    ghostStyle = CellStyle(isBold: true, isReversed: true)
    liftStyle = CellStyle(foreground: .basic(3), isBold: true, isReversed: true)
    removalStyle = CellStyle(foreground: .basic(1), isReversed: true)
    markerStyle = CellStyle(foreground: .basic(3), isBold: true)
  }

  /// How long animations last: the appearance's duration, or none with reduced motion.
  private var duration: Double {
    motion == .full ? Swift.max(0, appearance.animationDuration) : 0
  }

  /// Follows the engine: starts lift, drop, cancel and remove animations from its events.
  public mutating func update(
    with effects: [DragEffect<Item>], presentation: DragPresentation<Item>, at time: Double
  ) {
    let duration = self.duration
    settling.removeAll { !(time < $0.start + duration) }
    for effect in effects {
      guard case .event(let event) = effect else { continue }
      switch event {
      case .began(let session, _, _):
        lifts[session] = time
      case .dropped(let session, let transaction):
        guard let ghost = ghosts[session] else { break }
        var kind = Settling.Kind.drop
        var item = ghost.item
        for operation in transaction.operations {
          switch operation {
          case .remove(let removed, _) where removed == ghost.item: kind = .remove
          case .copy(let original, let copy, _) where original == ghost.item: item = copy
          case .dropInto(_, _, let into): item = into
          default: break
          }
        }
        settle(Settling(item: item, from: ghost.frame, kind: kind, start: time))
      case .cancelled(let session, _):
        guard let ghost = ghosts[session] else { break }
        settle(Settling(item: ghost.item, from: ghost.frame, kind: .cancel, start: time))
      default:
        break
      }
    }
    self.presentation = presentation
    let live = Set(presentation.sessions.map(\.session))
    for session in ghosts.keys where !live.contains(session) { ghosts[session] = nil }
    for session in lifts.keys where !live.contains(session) { lifts[session] = nil }
    for drag in presentation.sessions { ghosts[drag.session] = (drag.item, drag.ghostFrame) }
  }

  private mutating func settle(_ entry: Settling) {
    guard motion == .full else { return }
    settling.removeAll { $0.item == entry.item }
    settling.append(entry)
  }

  private func isFinished(_ entry: Settling, at time: Double) -> Bool {
    !(time < entry.start + duration)
  }

  /// Dimmed at a dragged item's origin, hidden while a ghost settles into the item's slot or while
  /// the item is displaced elsewhere, otherwise normal.
  public func appearance(of item: Item, at slot: Slot, time: Double) -> DragItemAppearance {
    for drag in presentation.sessions {
      if drag.hiddenSlot == slot || drag.companions.contains(item) { return .dimmed }
      if drag.displaced.contains(where: { $0.item == item }) { return .hidden }
    }
    if settling.contains(where: {
      $0.item == item && $0.kind != .remove && !isFinished($0, at: time)
    }) {
      return .hidden
    }
    return .normal
  }

  /// Whether a drag targets `container`.
  public func isHighlighted(_ container: ContainerID) -> Bool {
    presentation.sessions.contains { $0.highlightedContainer == container }
  }

  /// Whether a lift highlight or a settling ghost is still animating at `time`.
  public func needsAnimationFrame(at time: Double) -> Bool {
    guard motion == .full else { return false }
    if settling.contains(where: { !isFinished($0, at: time) }) { return true }
    return lifts.values.contains { time < $0 + duration }
  }

  /// Draws displaced items, drop indicators, ghosts and settling ghosts, in that order.
  public func draw(
    into buffer: inout CellBuffer, at time: Double, context: DragDrawingContext<Item>
  ) {
    for drag in presentation.sessions {
      for displaced in drag.displaced {
        drawCard(
          context.label(displaced.item), in: CellRect(displaced.targetFrame), into: &buffer,
          style: CellStyle(isDim: displaced.alpha < 1))
      }
      drawIndicator(drag.indicator, into: &buffer)
    }
    for drag in presentation.sessions {
      let isLifting =
        motion == .full && lifts[drag.session].map { time < $0 + duration } ?? false
      let style =
        drag.indicator == .removal ? removalStyle : isLifting ? liftStyle : ghostStyle
      // A selection shows its count after the label of the item under the pointer.
      let count = drag.companions.isEmpty ? "" : " +\(drag.companions.count)"
      let label = (drag.indicator == .removal ? "✕ " : "") + context.label(drag.item) + count
      drawCard(label, in: CellRect(drag.ghostFrame), into: &buffer, style: style)
    }
    for entry in settling where !isFinished(entry, at: time) {
      let target: Rect
      switch entry.kind {
      case .drop, .cancel:
        guard let frame = context.frameOfItem(entry.item) else { continue }
        target = frame
      case .remove:
        target = Rect(x: entry.from.midX, y: entry.from.midY, width: 0, height: 0)
      }
      let slide = Transition(
        from: entry.from, to: target, start: entry.start, duration: duration)
      let style = entry.kind == .remove ? removalStyle : ghostStyle
      drawCard(
        context.label(entry.item), in: CellRect(slide.value(at: time)), into: &buffer, style: style)
    }
  }

  private func drawIndicator(_ indicator: DropIndicator?, into buffer: inout CellBuffer) {
    switch indicator {
    case .line(_, let line):
      let cells = CellRect(line)
      let row = cells.row
      switch indicatorStyle {
      case .markers:
        buffer.write("▶", column: cells.column - 1, row: row, style: markerStyle)
        buffer.write("◀", column: cells.column + cells.width, row: row, style: markerStyle)
      case .line:
        buffer.write(
          String(repeating: "╌", count: cells.width), column: cells.column, row: row,
          style: markerStyle)
      }
    case .item(_, let frame):
      let cells = CellRect(frame)
      buffer.restyle(column: cells.column, row: cells.row, width: cells.width, height: cells.height)
      {
        $0.isReversed = true
        $0.foreground = markerStyle.foreground
      }
    case .removal, nil:
      break
    }
  }

  /// A filled rectangle in `style` with `label` wrapped inside it (one space of padding left).
  private func drawCard(
    _ label: String, in cells: CellRect, into buffer: inout CellBuffer, style: CellStyle
  ) {
    guard !cells.isEmpty else { return }
    buffer.fill(
      column: cells.column, row: cells.row, width: cells.width, height: cells.height, style: style)
    let lines = TextWrapping.lines(label, width: Swift.max(1, cells.width - 2))
    for (index, line) in lines.prefix(cells.height).enumerated() {
      buffer.write(
        line, column: cells.column + 1, row: cells.row + index, style: style,
        limit: Swift.max(0, cells.width - 1))
    }
  }
}
