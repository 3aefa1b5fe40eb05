import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTerminal

// A two-list drag demo for the terminal: drag lines between the lists with the mouse, Escape
// cancels a drag, q quits. CI builds it, and the end-to-end tests drive it in tmux.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct Demo {
  var model = DragModel<String>([
    (ContainerID(0), ["apples", "bread", "cheese", "dates"]), (ContainerID(1), ["eggs", "figs"]),
  ])
  let names = ["Shopping", "Basket"]
  var engine: DragEngine<ListGeometry<String>>
  var columns: Int
  var rows: Int

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    engine = DragEngine(containers: [])
    for index in names.indices {
      engine.handle(
        .addContainer(
          ArenaContainer(id: ContainerID(index), name: names[index], geometry: geometry(index)),
          priority: nil))
    }
  }

  /// Each list sits inside a box filling half the screen; items are one row tall.
  func geometry(_ index: Int) -> ListGeometry<String> {
    let width = columns / 2
    let frame = Rect(
      x: Double(index * width + 1), y: 1, width: Double(Swift.max(0, width - 2)),
      height: Double(Swift.max(0, rows - 3)))
    return ListGeometry(items: model.items(in: ContainerID(index)), frame: frame, itemLength: 1)
  }

  mutating func handle(_ input: DragInput<ListGeometry<String>>) -> String? {
    var status: String?
    for effect in engine.handle(input) {
      switch effect {
      case .apply(let operation):
        try? model.apply(operation)
        for index in names.indices {
          engine.handle(.setGeometry(ContainerID(index), geometry(index)))
        }
      case .announce(let announcement):
        status = announcement.text { $0 }
      default:
        break
      }
    }
    return status
  }

  func draw(status: String) -> CellBuffer {
    var frame = CellBuffer(columns: columns, rows: rows)
    let presentation = engine.presentation.sessions.first
    for index in names.indices {
      let width = columns / 2
      let highlighted = presentation?.highlightedContainer == ContainerID(index)
      frame.drawBox(
        column: index * width, row: 0, width: width, height: rows - 1, title: names[index],
        border: highlighted ? .heavy : .single)
      let geometry = geometry(index)
      for (row, item) in model.items(in: ContainerID(index)).enumerated() {
        let hidden = presentation?.hiddenSlot == Slot(ContainerID(index), row)
        let cell = geometry.frameOfItem(at: row)
        frame.write(
          hidden ? "" : item, column: Int(cell.minX) + 1, row: Int(cell.minY),
          style: CellStyle(isDim: hidden), limit: Int(cell.width) - 1)
      }
    }
    if let presentation {
      if case .line(_, let line) = presentation.indicator {
        // A marker in the left border, on the row the dropped item would take.
        frame.write(
          "▶", column: Int(line.minX) - 1, row: Int(line.minY.rounded(.down)),
          style: CellStyle(foreground: .basic(3)))
      }
      let ghost = presentation.ghostFrame
      frame.write(
        " \(presentation.item) ", column: Int(ghost.minX.rounded(.down)),
        row: Int(ghost.minY.rounded(.down)), style: CellStyle(isReversed: true))
    }
    frame.write(status, column: 0, row: rows - 1, limit: columns)
    return frame
  }
}

guard TerminalSession.isAvailable else {
  var message = "terminal-demo needs an interactive terminal; run it in one (or in tmux).\n"
  message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
  exit(1)
}
do {
  let session = try TerminalSession()
  var size = session.size
  var demo = Demo(columns: size.columns, rows: size.rows)
  var decoder = InputDecoder()
  var renderer = TerminalRenderer()
  var status = "Drag with the mouse, Esc cancels, q quits"
  var time = 0.0
  var running = true
  var dirty = true
  while running {
    if dirty {
      session.write(renderer.render(demo.draw(status: status)))
      dirty = false
    }
    let bytes = session.read(timeout: 0.016)
    time += 0.016
    if let newSize = session.takeResize() {
      size = newSize
      demo.columns = size.columns
      demo.rows = size.rows
      for index in demo.names.indices {
        _ = demo.handle(.setGeometry(ContainerID(index), demo.geometry(index)))
      }
      renderer.invalidate()
      dirty = true
    }
    let events = bytes.isEmpty ? decoder.flush(at: time) : decoder.feed(bytes, at: time)
    for event in events {
      var input: DragInput<ListGeometry<String>>?
      switch event {
      case .key(.character("q"), _), .key(.character("c"), .control):
        running = false
      case .key(.escape, _):
        input = .key(.cancel, time: time)
      case .mouse(let mouse):
        let point = Point(x: Double(mouse.column) + 0.5, y: Double(mouse.row) + 0.5)
        switch (mouse.action, mouse.button) {
        case (.press, .left): input = .pointer(PointerEvent(.down, at: point, time: time))
        case (.motion, .left): input = .pointer(PointerEvent(.move, at: point, time: time))
        case (.release, _): input = .pointer(PointerEvent(.up, at: point, time: time))
        default: break
        }
      default:
        break
      }
      if let input {
        if let said = demo.handle(input) { status = said }
        dirty = true
      }
    }
  }
  session.close()
} catch {
  var message = "terminal-demo: \(error)\n"
  message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
  exit(1)
}
