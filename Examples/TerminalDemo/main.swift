import ArrangeDragDrop
import ArrangeGeometry
import ArrangeLayout
import ArrangeTerminal
import ArrangeTerminalDrag

// A two-list drag demo for the terminal: drag lines between the lists with the mouse, or with
// the keyboard (arrows move the focus, Space lifts and drops, arrows move the lifted item),
// Escape cancels a drag, u and r undo and redo, ? shows the keys, q quits. CI builds it, and the
// end-to-end tests drive it in tmux.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct Demo: TerminalProgram {
  let ids = [ContainerID(0), ContainerID(1)]
  let names = ["Shopping", "Basket"]
  var lists: DraggableLists<String>
  var boxes: [CellRect] = []
  var size = (columns: 0, rows: 0)
  var status = StatusLine(message: "Drag with the mouse, Esc cancels", hint: "? help  q quit")
  var isShowingHelp = false
  /// The item the keyboard acts on (it follows the item wherever it moves).
  var focused: String? = "apples"

  let minimumSize = (columns: 30, rows: 8)

  static let help = HelpOverlay(
    title: "Keys",
    entries: [
      .init("drag", "move an item within or between lists"),
      .init("arrows", "move the focus; while lifted, move the item"),
      .init("Space", "lift the focused item, or drop it"),
      .init("wheel", "scroll a list"),
      .init("Esc", "cancel the drag"),
      .init("u / r", "undo / redo"),
      .init("m", "animations on or off"),
      .init("q", "quit"),
    ])

  init(motion: MotionPreference) {
    let contents = [
      ["apples", "bread", "cheese", "dates", "honey", "jam", "kale", "lemons", "milk", "nuts"],
      ["eggs", "figs"],
    ]
    lists = DraggableLists(
      ids: ids, names: names,
      lists: contents.map {
        ListContainer(
          items: $0, frame: CellRect(column: 0, row: 0, width: 0, height: 0), motion: motion)
      }, motion: motion)
  }

  /// Two boxes side by side above a status line, laid out by ArrangeLayout in cells.
  mutating func layout(columns: Int, rows: Int) {
    size = (columns, rows)
    var tree = LayoutTree(
      .vertical([
        .horizontal(name: "lists", [.leaf("left"), .leaf("right")]),
        .leaf("status", size: .points(1)),
      ]))
    tree.layout(in: Size(width: Double(columns), height: Double(rows)))
    boxes = ["left", "right"].map { name in
      tree.node(named: name).map { CellRect(tree.frame(of: $0)) }
        ?? CellRect(column: 0, row: 0, width: 0, height: 0)
    }
    for (index, box) in boxes.enumerated() {
      lists.arena.lists[index].setFrame(
        CellRect(
          column: box.column + 1, row: box.row + 1, width: box.width - 2, height: box.height - 2))
    }
    syncGeometry()
  }

  mutating func syncGeometry() {
    lists.reportGeometry(at: 0, status: &status) { $0 }
  }

  /// Feeds the engine and carries out what it asks.
  mutating func perform(_ input: DragInput<ListGeometry<String>>, at time: Double?) {
    lists.perform(input, at: time ?? 0, status: &status) { $0 }
  }

  mutating func handle(_ event: TerminalEvent, at time: Double) -> TerminalProgramResponse {
    if isShowingHelp {
      // Any key or click closes the help; nothing under it reacts meanwhile.
      switch event {
      case .key:
        isShowingHelp = false
        return .changed
      case .mouse(let mouse):
        if mouse.action == .press { isShowingHelp = false }
        return mouse.action == .press ? .changed : .unchanged
      case .paste: return .unchanged
      case .resize, .unknown: break
      }
    }
    switch event {
    case .resize(let columns, let rows):
      layout(columns: columns, rows: rows)
    case .key(.character("q"), []), .key(.character("c"), .control):
      return .quit
    case .key(.character("?"), _):
      isShowingHelp = true
    case .key(.character("m"), []):
      let motion: MotionPreference = lists.renderer.motion == .full ? .reduced : .full
      lists.renderer.motion = motion
      for index in lists.arena.lists.indices { lists.arena.lists[index].motion = motion }
      status.message = motion == .full ? "Animations on" : "Animations off"
    case .key(.character("u"), []):
      perform(.undo, at: time)
    case .key(.character("r"), []):
      perform(.redo, at: time)
    case .key(.escape, _):
      perform(.key(.cancel, time: time), at: time)
    case .key(.character(" "), []), .key(.enter, []):
      if lists.engine.isDragging {
        perform(.key(.drop, time: time), at: time)
      } else if let focused, lists.arena.slot(of: focused) != nil {
        perform(.key(.lift(focused), time: time), at: time)
      }
    case .key(.up, []), .key(.character("k"), []):
      step(.previousSlot, rows: -1, lists: 0, at: time)
    case .key(.down, []), .key(.character("j"), []):
      step(.nextSlot, rows: 1, lists: 0, at: time)
    case .key(.left, []), .key(.character("h"), []):
      step(.previousContainer, rows: 0, lists: -1, at: time)
    case .key(.right, []), .key(.character("l"), []):
      step(.nextContainer, rows: 0, lists: 1, at: time)
    case .mouse(let mouse):
      return handle(mouse, at: time)
    default:
      return .unchanged
    }
    return .changed
  }

  /// An arrow key: moves the lifted item during a keyboard drag, the focus otherwise.
  mutating func step(_ intent: KeyIntent<String>, rows: Int, lists step: Int, at time: Double) {
    if lists.engine.isDragging {
      perform(.key(intent, time: time), at: time)
      return
    }
    let current = focused.flatMap { lists.arena.slot(of: $0) } ?? Slot(ids[0], 0)
    guard var position = ids.firstIndex(of: current.container) else { return }
    position = Swift.min(Swift.max(0, position + step), ids.count - 1)
    let items = lists.arena.lists[position].items
    guard !items.isEmpty else { return }
    let index = Swift.min(Swift.max(0, current.index + rows), items.count - 1)
    focused = items[index]
    if lists.arena.lists[position].scrollToShow(items[index]) { syncGeometry() }
  }

  mutating func handle(_ mouse: MouseEvent, at time: Double) -> TerminalProgramResponse {
    let point = Point(x: Double(mouse.column) + 0.5, y: Double(mouse.row) + 0.5)
    switch (mouse.action, mouse.button) {
    case (.press, .left):
      // A click also moves the keyboard focus to the item under the pointer.
      if let id = lists.arena.container(atColumn: mouse.column, row: mouse.row),
        let list = lists.arena[id], let index = list.geometry.itemIndex(at: point)
      {
        focused = list.items[index]
      }
      perform(.pointer(PointerEvent(.down, at: point, time: time)), at: time)
    case (.motion, .left): perform(.pointer(PointerEvent(.move, at: point, time: time)), at: time)
    case (.release, _): perform(.pointer(PointerEvent(.up, at: point, time: time)), at: time)
    case (.wheelUp, _), (.wheelDown, _):
      guard let id = lists.arena.container(atColumn: mouse.column, row: mouse.row) else {
        return .unchanged
      }
      lists.arena[id]?.scroll(by: mouse.action == .wheelUp ? -1 : 1)
      syncGeometry()
    default:
      return .unchanged
    }
    return .changed
  }

  mutating func advance(to time: Double) {
    if lists.engine.isDragging { perform(.tick(time: time), at: time) }
  }

  func draw(into buffer: inout CellBuffer, at time: Double) {
    for (index, box) in boxes.enumerated() {
      let id = ids[index]
      buffer.drawBox(
        column: box.column, row: box.row, width: box.width, height: box.height,
        title: names[index], border: lists.renderer.isHighlighted(id) ? .heavy : .rounded)
      lists.arena.draw(id, into: &buffer, at: time, renderer: lists.renderer) {
        item, rect, look, buffer in
        buffer.fill(
          column: rect.column, row: rect.row, width: rect.width, height: rect.height, style: .plain)
        let isFocused = item == focused && !lists.engine.isDragging
        buffer.write(
          item, column: rect.column, row: rect.row,
          style: CellStyle(isBold: isFocused, isDim: look == .dimmed, isUnderlined: isFocused),
          limit: rect.width)
      }
    }
    lists.renderer.draw(into: &buffer, at: time, context: lists.arena.drawingContext { $0 })
    status.draw(in: buffer.line(size.rows - 1), into: &buffer)
    if isShowingHelp { Self.help.draw(into: &buffer) }
  }

  func needsAnimationFrame(at time: Double) -> Bool {
    lists.engine.isAutoScrolling || lists.renderer.needsAnimationFrame(at: time)
      || lists.arena.lists.contains { $0.isAnimating(at: time) }
  }
}

guard TerminalSession.isAvailable else {
  var message = "terminal-demo needs an interactive terminal; run it in one (or in tmux).\n"
  message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
  exit(1)
}
do {
  let session = try TerminalSession()
  defer { session.close() }
  let reduced = getenv("ARRANGE_REDUCED_MOTION").map { String(cString: $0) == "1" } ?? false
  var demo = Demo(motion: reduced ? .reduced : .full)
  var loop = TerminalRunLoop()
  loop.run(&demo, on: session)
} catch {
  var message = "terminal-demo: \(error)\n"
  message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
  exit(1)
}
