import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTerminal
import ArrangeTerminalDrag

/// The terminal figures: a full redraw of a 200×60 board and one drag step on it (time and bytes
/// written), each next to a naive "rewrite every cell" baseline measured in the same run.
///
/// The board is ``TerminalBoard``: five rounded boxes of 30 wrapped cards each, a status line, a
/// ``DragEngine`` in on-drop mode over the five lists, a ``ListArena`` and a
/// ``BasicDragRenderer``. Motion is ``MotionPreference/reduced`` for the renderer and the lists,
/// so nothing animates and every frame depends only on the state, not on the clock.
///
/// A drag step is what a host does for one mouse motion report during a drag: the engine handles
/// the move, its effects go to the arena (none in on-drop mode until the drop) and to the
/// renderer, the whole frame is drawn into a fresh ``CellBuffer`` (as ``TerminalRunLoop`` does),
/// then written. The pointer jumps to a random cell of the board (fixed seed) at each step, so
/// the ghost, the markers, the highlighted box and the status line change at almost every step:
/// a bad case for the diff.
struct TerminalBenchmarks {
  /// How many times each figure is measured.
  struct Iterations {
    /// Timed full redraws (and as many frame draws alone, and naive redraws).
    var redraws: Int
    /// Timed drag steps with the diffing renderer (after an untimed warm-up of a tenth as many,
    /// at most 50).
    var steps: Int
    /// Timed drag steps with the naive writer, over the first steps of the same sequence.
    var naiveSteps: Int
    /// Steps replayed untimed through ``InMemoryTerminal`` for the read-back check.
    var checkedSteps: Int

    /// Untimed runs before the timed ones: a tenth of `count`, between 1 and 50.
    static func warmUp(for count: Int) -> Int { Swift.min(50, Swift.max(1, count / 10)) }
  }

  /// Every timing, byte count and check of one run.
  struct Report {
    /// Draw + invalidate + render of the board at rest, in nanoseconds.
    var redraw = Samples()
    /// Bytes of one full redraw.
    var redrawBytes = Samples()
    /// Drawing the board at rest into a fresh buffer, alone.
    var draw = Samples()
    /// Draw + naive every-cell rewrite of the same frame.
    var naiveRedraw = Samples()
    /// Bytes of one naive full redraw.
    var naiveRedrawBytes = Samples()
    /// One drag step with the diffing renderer.
    var step = Samples()
    /// Bytes of one diffed drag step.
    var stepBytes = Samples()
    /// One drag step written with the naive every-cell rewrite.
    var naiveStep = Samples()
    /// Bytes of one naive drag step.
    var naiveStepBytes = Samples()
    /// Heap operations (allocations plus reallocations) per diffed drag step, on average.
    var allocationsPerStep = 0.0
    /// The most heap operations of one diffed drag step.
    var maximumAllocations: UInt64 = 0
    /// Frames read back through the in-memory terminal and compared (diffed and naive streams).
    var checkedFrames = 0
    /// Diffed frames whose read-back differs from the drawn frame.
    var mismatchedFrames = 0
    /// Naive frames whose read-back differs from the drawn frame.
    var mismatchedNaiveFrames = 0
    /// Steps (of those timed both ways) where the diff wrote at least as many bytes as the naive
    /// rewrite.
    var stepsNotSmaller = 0
  }

  /// How many times each figure is measured.
  let iterations: Iterations
  /// Accumulates results so that no measured work can be optimized away.
  var sink = 0

  /// The seed of the pointer's random walk over the board.
  static let seed: UInt64 = 0x7E2A_0200_0060
  /// Every how many steps the read-back check compares the screen.
  static let checkStride = 5

  /// Runs every terminal figure.
  mutating func run() -> Report {
    var report = Report()
    let rest = TerminalBoard()
    measureRedraws(of: rest, into: &report)
    var lifted = rest
    let time = lifted.lift()
    let points = TerminalBenchmarks.points(count: 4096)
    measureSteps(from: lifted, time: time, points: points, into: &report)
    check(from: rest, lifted: lifted, time: time, points: points, into: &report)
    return report
  }

  /// Adds the terminal rows to `table`.
  func report(_ report: Report, into table: inout Table) {
    let size = "\(TerminalBoard.columns)×\(TerminalBoard.rows)"
    table.section(
      "Terminal, \(size) board (\(TerminalBoard.listCount) lists × \(TerminalBoard.cardsPerList)"
        + " cards, reduced motion), informative")
    table.timing("full redraw: draw + invalidate + render", report.redraw, bar: nil)
    bytesRow("full redraw: bytes written", report.redrawBytes, into: &table)
    table.timing("  of which drawing the frame (fresh CellBuffer)", report.draw, bar: nil)
    table.timing("naive every-cell rewrite: full redraw", report.naiveRedraw, bar: nil)
    bytesRow("naive every-cell rewrite: full redraw bytes", report.naiveRedrawBytes, into: &table)
    ratioRow("naive/Arrange, full redraw time", report.naiveRedraw, report.redraw, into: &table)
    ratioRow(
      "naive/Arrange, full redraw bytes", report.naiveRedrawBytes, report.redrawBytes,
      into: &table)
    table.timing("drag step: handle + apply + draw + diff render", report.step, bar: nil)
    bytesRow("drag step: bytes written", report.stepBytes, into: &table)
    table.timing("naive every-cell rewrite: drag step", report.naiveStep, bar: nil)
    bytesRow("naive every-cell rewrite: drag step bytes", report.naiveStepBytes, into: &table)
    ratioRow("naive/Arrange, drag step time", report.naiveStep, report.step, into: &table)
    ratioRow(
      "naive/Arrange, drag step bytes", report.naiveStepBytes, report.stepBytes, into: &table)
    let counted = AllocationCounter.method == .interposed
    table.row(
      "heap allocations per drag step",
      p50: counted ? format(report.allocationsPerStep, digits: 1) : "n/a",
      p99: counted ? "max \(report.maximumAllocations)" : "not counted", bar: "—",
      verdict: .info)
    let compared = Swift.min(report.step.count, report.naiveStep.count)
    let isSmaller = report.stepsNotSmaller == 0 && compared > 0
    table.row(
      "diffed step writes fewer bytes than naive", p50: isSmaller ? "yes" : "no",
      p99: isSmaller
        ? "all \(compared) steps" : "\(report.stepsNotSmaller) of \(compared) steps not",
      bar: "every step", verdict: isSmaller ? .pass : .fail)
    table.row(
      "diffed frames read back to the drawn frame",
      p50: report.mismatchedFrames == 0 ? "yes" : "no",
      p99: "\(report.mismatchedFrames) of \(report.checkedFrames) differ", bar: "all equal",
      verdict: report.mismatchedFrames == 0 && report.checkedFrames > 0 ? .pass : .fail,
      isCorrectness: true)
    table.row(
      "naive frames read back to the drawn frame",
      p50: report.mismatchedNaiveFrames == 0 ? "yes" : "no",
      p99: "\(report.mismatchedNaiveFrames) of \(report.checkedFrames) differ", bar: "all equal",
      verdict: report.mismatchedNaiveFrames == 0 && report.checkedFrames > 0 ? .pass : .fail,
      isCorrectness: true)
  }

  /// Adds an informative row of byte counts (p50 and p99).
  private func bytesRow(_ figure: String, _ samples: Samples, into table: inout Table) {
    table.row(
      figure, p50: format(samples.median, digits: 0) + " B",
      p99: format(samples.p99, digits: 0) + " B", bar: "—", verdict: .info)
  }

  /// Adds an informative row of naive/Arrange ratios: of the p50s, and of the p99s.
  private func ratioRow(
    _ figure: String, _ naive: Samples, _ arrange: Samples, into table: inout Table
  ) {
    func ratio(_ a: Double, _ b: Double) -> String { b > 0 ? "×" + format(a / b, digits: 1) : "—" }
    table.row(
      figure, p50: ratio(naive.median, arrange.median), p99: ratio(naive.p99, arrange.p99),
      bar: "—", verdict: .info)
  }

  // MARK: - Measuring

  /// Random cells of the board (their centres), borders and status line included.
  static func points(count: Int) -> [Point] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      Point(
        x: Double(random.next() % UInt64(TerminalBoard.columns)) + 0.5,
        y: Double(random.next() % UInt64(TerminalBoard.rows)) + 0.5)
    }
  }

  /// Full redraws of the board at rest: diffed renderer, drawing alone, naive rewrite.
  private mutating func measureRedraws(of board: TerminalBoard, into report: inout Report) {
    let count = iterations.redraws
    let warmUp = Iterations.warmUp(for: count)
    var renderer = TerminalRenderer()
    var times = Samples(capacity: count)
    var bytes = Samples(capacity: count)
    for k in -warmUp..<count {
      let start = monotonicNanoseconds()
      let frame = board.draw(at: 0)
      renderer.invalidate()
      let output = renderer.render(frame)
      let end = monotonicNanoseconds()
      sink &+= output.count
      guard k >= 0 else { continue }
      times.append(Double(end - start))
      bytes.append(Double(output.count))
    }
    report.redraw = times
    report.redrawBytes = bytes

    var draws = Samples(capacity: count)
    for k in -warmUp..<count {
      let start = monotonicNanoseconds()
      let frame = board.draw(at: 0)
      let end = monotonicNanoseconds()
      sink &+= frame.columns
      if k >= 0 { draws.append(Double(end - start)) }
    }
    report.draw = draws

    var naiveTimes = Samples(capacity: count)
    var naiveBytes = Samples(capacity: count)
    for k in -warmUp..<count {
      let start = monotonicNanoseconds()
      let frame = board.draw(at: 0)
      let output = NaiveTerminalWriter.bytes(for: frame)
      let end = monotonicNanoseconds()
      sink &+= output.count
      guard k >= 0 else { continue }
      naiveTimes.append(Double(end - start))
      naiveBytes.append(Double(output.count))
    }
    report.naiveRedraw = naiveTimes
    report.naiveRedrawBytes = naiveBytes
  }

  /// Drag steps from `lifted` (a drag in progress) over `points`: first with the diffing
  /// renderer, then, from the same state and over the same points, with the naive writer.
  private mutating func measureSteps(
    from lifted: TerminalBoard, time start: Double, points: [Point], into report: inout Report
  ) {
    let steps = iterations.steps
    let warmUp = Iterations.warmUp(for: steps)
    var board = lifted
    var renderer = TerminalRenderer()
    sink &+= renderer.render(board.draw(at: start)).count
    var time = start
    var times = Samples(capacity: steps)
    var bytes = Samples(capacity: steps)
    var allocations: UInt64 = 0
    for k in -warmUp..<steps {
      let point = points[(k + warmUp) % points.count]
      time += 1.0 / 120
      AllocationCounter.reset()
      let begin = monotonicNanoseconds()
      board.move(to: point, at: time)
      let frame = board.draw(at: time)
      let output = renderer.render(frame)
      let end = monotonicNanoseconds()
      let counts = AllocationCounter.read()
      sink &+= output.count
      guard k >= 0 else { continue }
      times.append(Double(end - begin))
      bytes.append(Double(output.count))
      allocations += counts.total
      report.maximumAllocations = Swift.max(report.maximumAllocations, counts.total)
    }
    report.step = times
    report.stepBytes = bytes
    if AllocationCounter.method == .interposed {
      report.allocationsPerStep = Double(allocations) / Double(Swift.max(1, steps))
    }

    let naiveSteps = Swift.min(iterations.naiveSteps, steps)
    board = lifted
    time = start
    var naiveTimes = Samples(capacity: naiveSteps)
    var naiveBytes = Samples(capacity: naiveSteps)
    for k in -warmUp..<naiveSteps {
      let point = points[(k + warmUp) % points.count]
      time += 1.0 / 120
      let begin = monotonicNanoseconds()
      board.move(to: point, at: time)
      let frame = board.draw(at: time)
      let output = NaiveTerminalWriter.bytes(for: frame)
      let end = monotonicNanoseconds()
      sink &+= output.count
      guard k >= 0 else { continue }
      naiveTimes.append(Double(end - begin))
      naiveBytes.append(Double(output.count))
      if bytes.values[k] >= Double(output.count) { report.stepsNotSmaller += 1 }
    }
    report.naiveStep = naiveTimes
    report.naiveStepBytes = naiveBytes
  }

  /// Replays the full redraw and the first drag steps untimed, feeding the diffed bytes to one
  /// in-memory terminal and each naive frame to another, and compares what they show with the
  /// drawn frames (cells and styles).
  private mutating func check(
    from rest: TerminalBoard, lifted: TerminalBoard, time start: Double, points: [Point],
    into report: inout Report
  ) {
    let columns = TerminalBoard.columns
    let rows = TerminalBoard.rows
    func compare(_ frame: CellBuffer, diffed: InMemoryTerminal, naive: [UInt8]) {
      var naiveTerminal = InMemoryTerminal(columns: columns, rows: rows)
      naiveTerminal.receive(naive)
      report.checkedFrames += 1
      if diffed.screen != frame { report.mismatchedFrames += 1 }
      if naiveTerminal.screen != frame { report.mismatchedNaiveFrames += 1 }
    }

    var renderer = TerminalRenderer()
    var terminal = InMemoryTerminal(columns: columns, rows: rows)
    let restFrame = rest.draw(at: 0)
    terminal.receive(renderer.render(restFrame))
    compare(restFrame, diffed: terminal, naive: NaiveTerminalWriter.bytes(for: restFrame))

    // The steps' stream starts like the measured one: a full frame of the lifted board.
    var board = lifted
    renderer = TerminalRenderer()
    terminal = InMemoryTerminal(columns: columns, rows: rows)
    var time = start
    // The measured passes walk the same points from the same state (their warm-up first).
    for k in 0..<iterations.checkedSteps {
      let frame = board.draw(at: time)
      terminal.receive(renderer.render(frame))
      if k % TerminalBenchmarks.checkStride == 0 {
        compare(frame, diffed: terminal, naive: NaiveTerminalWriter.bytes(for: frame))
      }
      time += 1.0 / 120
      board.move(to: points[k % points.count], at: time)
    }
    sink &+= terminal.received.count
  }
}

extension TerminalBenchmarks {
  /// Repeats drag steps (`terminal`) or full redraws (`terminal-redraw`) of the board for
  /// `seconds`, for `perf record`; returns how many were made.
  static func profile(_ figure: String, seconds: Double) -> Int {
    var board = TerminalBoard()
    var renderer = TerminalRenderer()
    var time = 0.0
    if figure != "terminal-redraw" { time = board.lift() }
    let points = TerminalBenchmarks.points(count: 4096)
    let end = monotonicNanoseconds() + UInt64(seconds * 1e9)
    var count = 0
    var sink = 0
    while monotonicNanoseconds() < end {
      if figure == "terminal-redraw" {
        renderer.invalidate()
      } else {
        time += 1.0 / 120
        board.move(to: points[count % points.count], at: time)
      }
      sink &+= renderer.render(board.draw(at: time)).count
      count += 1
    }
    consume(sink)
    return count
  }
}

/// A 200×60 kanban board drawn with ArrangeTerminal, wired the way `Examples/TerminalDemo` wires
/// its two lists: a ``DragEngine`` over ``ListGeometry`` in cells, a ``ListArena`` that applies
/// the engine's operations, a ``BasicDragRenderer`` and a ``StatusLine``.
///
/// Five rounded boxes of 40 columns fill rows 0 ..< 59, each holding a ``ListContainer`` of 30
/// cards inside its border; the status line is the last row. A card shows its title wrapped to
/// the card's width less one column of padding either side (1 to 3 rows, so every list fits its
/// box and nothing scrolls), its identifier coloured like its column.
struct TerminalBoard {
  /// The screen's columns.
  static let columns = 200
  /// The screen's rows.
  static let rows = 60
  /// The number of lists, side by side.
  static let listCount = 5
  /// The cards in each list.
  static let cardsPerList = 30
  /// The boxes' titles.
  static let names = ["Backlog", "Ready", "Doing", "Review", "Done"]

  /// The lists' identifiers, left to right.
  let ids: [ContainerID]
  /// The boxes around the lists, in cells.
  let boxes: [CellRect]
  /// Each card's title wrapped to the card (at most 3 lines), by title.
  let lines: [String: [String]]
  /// The width of each card's identifier (the start of its first line), by title.
  let tags: [String: Int]
  /// The lists on screen, the drag engine (on-drop mode, over the lists' final layout) and the
  /// lists.renderer (ghost, markers, highlighted target, dimmed origin).
  var lists: DraggableLists<String>
  /// The last row: the engine's announcements.
  var status = StatusLine(
    message: "Drag a card with the mouse", hint: "Esc cancel  u undo  ? help  q quit")

  /// Builds the board at rest (same cards every time).
  init() {
    let width = TerminalBoard.columns / TerminalBoard.listCount
    let boxHeight = TerminalBoard.rows - 1
    let cardWidth = width - 2
    let available = boxHeight - 2
    var random = SplitMix64(seed: 0xB0A2_D200)
    var ids: [ContainerID] = []
    var boxes: [CellRect] = []
    var lists: [ListContainer<String>] = []
    var lines: [String: [String]] = [:]
    var tags: [String: Int] = [:]
    for index in 0..<TerminalBoard.listCount {
      let box = CellRect(column: index * width, row: 0, width: width, height: boxHeight)
      let frame = CellRect(
        column: box.column + 1, row: box.row + 1, width: cardWidth, height: available)
      var titles: [String] = []
      var heights: [Int] = []
      for card in 0..<TerminalBoard.cardsPerList {
        let tag = TerminalBoard.tag(list: index, card: card)
        let rows = [1, 1, 1, 2, 2, 2, 3][Int(random.next() % 7)]
        var title = TerminalBoard.title(tag: tag, rows: rows, width: cardWidth - 2, &random)
        var wrapped = TextWrapping.lines(title, width: cardWidth - 2)
        // Keep every list within its box, so that nothing scrolls: the last cards get short
        // titles when the tall ones ate the room.
        let used = heights.reduce(0, +)
        let left = TerminalBoard.cardsPerList - card - 1
        if used + wrapped.count + left > available {
          title = TerminalBoard.title(tag: tag, rows: 1, width: cardWidth - 2, &random)
          wrapped = TextWrapping.lines(title, width: cardWidth - 2)
        }
        titles.append(title)
        heights.append(wrapped.count)
        lines[title] = wrapped
        tags[title] = TextWrapping.width(of: tag)
      }
      ids.append(ContainerID(index))
      boxes.append(box)
      lists.append(ListContainer(items: titles, heights: heights, frame: frame, motion: .reduced))
    }
    self.ids = ids
    self.boxes = boxes
    self.lines = lines
    self.tags = tags
    self.lists = DraggableLists(
      ids: ids, names: TerminalBoard.names, lists: lists, motion: .reduced)
  }

  /// The identifier that starts a card's title: the list's letter and the card's number.
  private static func tag(list: Int, card: Int) -> String {
    let letter = ["A", "B", "C", "D", "E"][list % 5]
    return letter + (card < 9 ? "0" : "") + "\(card + 1)"
  }

  /// Words of card titles: plain, accented, CJK and Hangul (two cells each), emoji.
  private static let words = [
    "Review", "the", "café", "menu", "naïve", "résumé", "Zürich", "façade", "東京", "会議",
    "日本語", "🚀", "📦", "✅", "deploy", "quarterly", "report", "fix", "flaky", "tests",
    "update", "docs", "for", "release", "migrate", "database", "schema", "señor", "piñata",
    "crème", "brûlée", "Straße", "smörgåsbord", "设计", "评审", "한국어", "レビュー", "onboarding",
    "checklist", "and", "a", "of", "with", "accessibility", "audit", "Ελληνικά", "Ωmega",
    "über", "jalapeño", "internationalization",
  ]

  /// A title that wraps to `rows` lines (at most 3) at `width` columns: `tag` and random words.
  private static func title(
    tag: String, rows: Int, width: Int, _ random: inout SplitMix64
  ) -> String {
    // Aim for the middle of the widths that take `rows` lines, then trim to fit.
    let target = (rows - 1) * width + width / 3 + Int(random.next() % UInt64(width / 2))
    var title = tag
    while TextWrapping.width(of: title) < target {
      title += " " + words[Int(random.next() % UInt64(words.count))]
    }
    while TextWrapping.lines(title, width: width).count > Swift.min(rows, 3),
      let space = title.lastIndex(of: " ")
    {
      title = String(title[..<space])
    }
    return title
  }

  /// Starts a drag: presses on a card of the second list and moves past the mouse threshold.
  ///
  /// Returns the time of the last event.
  mutating func lift() -> Double {
    let list = lists.arena.lists[1]
    let item = list.items[3]
    let frame = list.targetFrame(of: item) ?? list.frame
    let grab = Point(x: Double(frame.column) + 4.5, y: Double(frame.row) + 0.5)
    perform(.pointer(PointerEvent(.down, at: grab, time: 0)), at: 0)
    perform(.pointer(PointerEvent(.move, at: grab.offsetBy(dx: 6, dy: 0), time: 0.01)), at: 0.01)
    precondition(lists.engine.isDragging, "the terminal benchmark drag did not start")
    return 0.01
  }

  /// Moves the pointer (the left button held) to `point`.
  mutating func move(to point: Point, at time: Double) {
    perform(.pointer(PointerEvent(.move, at: point, time: time)), at: time)
  }

  /// Feeds the engine and carries out its effects: operations and scrolls go to the arena (and
  /// the new geometry back to the engine), announcements to the status line, everything to the
  /// lists.renderer.
  mutating func perform(_ input: DragInput<ListGeometry<String>>, at time: Double) {
    lists.perform(input, at: time, status: &status) { $0 }
  }

  /// The whole frame at `time`, in a fresh buffer: boxes (heavy around the drag's target),
  /// cards as the lists.renderer wants them (dimmed at the origin, hidden when stood in for), the
  /// renderer's drawing over them, and the status line.
  func draw(at time: Double) -> CellBuffer {
    var buffer = CellBuffer(columns: TerminalBoard.columns, rows: TerminalBoard.rows)
    let titleStyle = CellStyle(isBold: true)
    for (index, box) in boxes.enumerated() {
      let id = ids[index]
      let list = lists.arena.lists[index]
      buffer.drawBox(
        column: box.column, row: box.row, width: box.width, height: box.height,
        title: "\(TerminalBoard.names[index]) · \(list.items.count)",
        border: lists.renderer.isHighlighted(id) ? .heavy : .rounded, titleStyle: titleStyle)
      let accent = TerminalColor.basic(UInt8(1 + index % 6))
      lists.arena.draw(id, into: &buffer, at: time, renderer: lists.renderer) {
        item, rect, look, buffer in
        card(
          item, in: rect, into: &buffer, style: CellStyle(isDim: look == .dimmed), accent: accent)
      }
    }
    lists.renderer.draw(into: &buffer, at: time, context: lists.arena.drawingContext { $0 })
    status.draw(in: buffer.line(TerminalBoard.rows - 1), into: &buffer)
    return buffer
  }

  /// One card, drawn straight into the frame (the list clips it): its wrapped title from the
  /// second column, the identifier in `accent`.
  private func card(
    _ item: String, in rect: CellRect, into buffer: inout CellBuffer, style: CellStyle,
    accent: TerminalColor
  ) {
    buffer.fill(
      column: rect.column, row: rect.row, width: rect.width, height: rect.height, style: .plain)
    for (row, line) in (lines[item] ?? [item]).prefix(rect.height).enumerated() {
      buffer.write(
        line, column: rect.column + 1, row: rect.row + row, style: style,
        limit: Swift.max(0, rect.width - 2))
    }
    buffer.restyle(column: rect.column + 1, row: rect.row, width: tags[item] ?? 0, height: 1) {
      $0.foreground = accent
      $0.isBold = true
    }
  }
}

/// The naive way to put a frame on a terminal: every cell written with its own cursor position,
/// its own full SGR sequence (from a reset) and its text; no diffing against the previous frame,
/// no tracking of the pen or the cursor.
///
/// The continuation cell of a wide character has no text of its own (the character before it
/// covers it), so it is the only cell not written.
enum NaiveTerminalWriter {
  /// The bytes that draw `frame` whole, cell by cell.
  ///
  /// - Complexity: O(cells).
  static func bytes(for frame: CellBuffer) -> [UInt8] {
    var output: [UInt8] = []
    for row in 0..<frame.rows {
      for column in 0..<frame.columns {
        let cell = frame[column, row]
        if cell.width == 0 { continue }
        output.append(contentsOf: "\u{1B}[\(row + 1);\(column + 1)H".utf8)
        output.append(contentsOf: "\u{1B}[\(sgr(cell.style))m".utf8)
        output.append(contentsOf: cell.text.utf8)
      }
    }
    return output
  }

  /// The SGR parameters that set `style` from a reset (`0` first).
  private static func sgr(_ style: CellStyle) -> String {
    var parameters = "0"
    if style.isBold { parameters += ";1" }
    if style.isDim { parameters += ";2" }
    if style.isItalic { parameters += ";3" }
    if style.isUnderlined { parameters += ";4" }
    if style.isReversed { parameters += ";7" }
    if let foreground = style.foreground { parameters += ";" + color(foreground, base: 30) }
    if let background = style.background { parameters += ";" + color(background, base: 40) }
    return parameters
  }

  /// The parameters of a colour: `base` is 30 for the foreground, 40 for the background.
  private static func color(_ color: TerminalColor, base: Int) -> String {
    switch color {
    case .basic(let value):
      let index = Int(value & 15)
      return index < 8 ? "\(base + index)" : "\(base + 60 + index - 8)"
    case .indexed(let value):
      return "\(base + 8);5;\(value)"
    case .rgb(let red, let green, let blue):
      return "\(base + 8);2;\(red);\(green);\(blue)"
    }
  }
}
