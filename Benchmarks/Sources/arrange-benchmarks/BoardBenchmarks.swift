import ArrangeBoard
import ArrangeBoardTerminal
import ArrangeTerminal
import ArrangeTerminalDrag

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The board app's figures on a 1,000-card board in a 200×60 terminal.
///
/// The board has 5 columns × 200 cards, Unicode titles of one to four lines, some with details.
/// The figures:
/// - **start to first frame**: what `arrange FILE` does before the first frame is on screen —
///   read the file, parse it, build the screen (lists, engine), lay it out, draw the frame and
///   render its bytes;
/// - **drag step**: one mouse motion report during a drag — the screen handles it (engine,
///   renderer, status line), draws the whole frame into a fresh buffer and renders the diff.
///
/// DESIGN gives no bar for these; the targets in the table are the app's own: a first frame
/// within 100 ms (feels instant) and a drag step within a quarter of a 60 Hz frame.
struct BoardBenchmarks {
  /// How many times each figure is measured.
  struct Iterations {
    /// Timed starts.
    var starts: Int
    /// Timed drag steps.
    var steps: Int
    /// Timed saves (each with a plain atomic save beside it).
    var saves = 0
  }

  /// Every figure of one run.
  struct Report {
    /// Read + parse + build + layout + draw + render, in nanoseconds.
    var start = Samples()
    /// Of which reading and parsing the file.
    var parse = Samples()
    /// One drag step.
    var step = Samples()
    /// Bytes written by one drag step.
    var stepBytes = Samples()
    /// Heap operations per drag step, on average.
    var allocationsPerStep = 0.0
    /// Whether a drop after the steps saved the file with the card moved.
    var isDropSaved = false
    /// One `BoardFile.save` of the board: lock, tidy, read and compare, lease, write, fsync,
    /// check, exchange, check, fsync of the folder.
    var save = Samples()
    /// One plain atomic save of the same bytes: write a temporary file, fsync, rename, fsync
    /// of the folder.
    var plainSave = Samples()
  }

  static let columns = 200
  static let rows = 60
  static let columnCount = 5
  static let cardsPerColumn = 200

  let iterations: Iterations
  /// Accumulates results so that no measured work can be optimized away.
  var sink = 0

  /// The board's Markdown.
  static func boardText() -> String {
    var random = SplitMix64(seed: 0xB0A2_D000_1000)
    let words = [
      "plan", "review", "ship", "fix", "write", "test", "Übersetzung", "日本語", "café", "✅",
      "design", "the", "drag", "engine", "terminal", "README", "benchmark", "🚀", "layout",
    ]
    var text = "# Benchmark board\n\n"
    for column in 0..<columnCount {
      text += "## Column \(column + 1)\n\n"
      for card in 0..<cardsPerColumn {
        let count = 2 + Int(random.next() % 14)
        let title = (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }
          .joined(separator: " ")
        text += "- \(title) \(column * cardsPerColumn + card)\n"
        if random.next() % 4 == 0 { text += "    > details of the card\n    * [ ] a subtask\n" }
      }
      text += "\n"
    }
    return text
  }

  /// Writes the board to a fresh temporary folder; returns the file's path.
  static func writeBoard() -> String {
    var template = Array("/tmp/arrange-bench-XXXXXX".utf8CString)
    let folder = template.withUnsafeMutableBufferPointer { buffer -> String in
      guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return "/tmp" }
      return String(cString: base)
    }
    let path = folder + "/board.md"
    let bytes = Array(boardText().utf8)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if descriptor >= 0 {
      _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      close(descriptor)
    }
    return path
  }

  /// Runs every board figure.
  mutating func run() -> Report {
    var report = Report()
    let path = Self.writeBoard()
    defer {
      unlink(path)
      rmdir(String(path.dropLast("/board.md".count)))
    }
    var lastScreen: BoardScreen<BoardFile>?
    for k in -2..<iterations.starts {
      let begin = monotonicNanoseconds()
      guard let opened = try? BoardFile.open(path), let bytes = opened.contents,
        let document = try? BoardDocument.parse(bytes)
      else { return report }
      let parsed = monotonicNanoseconds()
      var screen = BoardScreen(document: document, storage: opened.file, motion: .reduced)
      _ = screen.handle(.resize(columns: Self.columns, rows: Self.rows), at: 0)
      var buffer = CellBuffer(columns: Self.columns, rows: Self.rows)
      screen.draw(into: &buffer, at: 0)
      var renderer = TerminalRenderer()
      let output = renderer.render(buffer)
      let end = monotonicNanoseconds()
      sink &+= output.count
      if k >= 0 {
        report.start.append(Double(end - begin))
        report.parse.append(Double(parsed - begin))
      }
      lastScreen = screen
    }
    guard var screen = lastScreen else { return report }
    measureSteps(on: &screen, into: &report)
    measureSaves(of: path, into: &report)
    return report
  }

  /// Saves the board alternately in two versions, through `BoardFile` and the plain way, in
  /// turns, so that both see the same disk.
  private mutating func measureSaves(of path: String, into report: inout Report) {
    guard iterations.saves > 0, var file = (try? BoardFile.open(path))?.file,
      let original = file.known
    else { return }
    let versions = [original, original + Array("- one more card\n".utf8)]
    var ours = Samples(capacity: iterations.saves)
    var plain = Samples(capacity: iterations.saves)
    for k in -2..<iterations.saves {
      let contents = versions[(k + 2) % 2]
      var begin = monotonicNanoseconds()
      guard (try? file.save(contents)) != nil else { return }
      var end = monotonicNanoseconds()
      if k >= 0 { ours.append(Double(end - begin)) }
      begin = monotonicNanoseconds()
      Self.plainSave(contents, to: path)
      end = monotonicNanoseconds()
      if k >= 0 { plain.append(Double(end - begin)) }
    }
    report.save = ours
    report.plainSave = plain
  }

  /// The save `arrange` did before it kept other writers' changes: write a temporary file,
  /// fsync it, rename it over the board, fsync the folder.
  static func plainSave(_ contents: [UInt8], to path: String) {
    let temporary = path + ".plain.tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return }
    _ = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    fsync(descriptor)
    close(descriptor)
    rename(temporary, path)
    let folder = open(String(path.dropLast("/board.md".count)), O_RDONLY | O_DIRECTORY)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// Lifts the first card with the mouse, then measures motion steps to random cells; drops at
  /// the end and checks that the file was saved.
  private mutating func measureSteps(
    on screen: inout BoardScreen<BoardFile>, into report: inout Report
  ) {
    var time = 1.0
    var renderer = TerminalRenderer()
    var buffer = CellBuffer(columns: Self.columns, rows: Self.rows)
    screen.draw(into: &buffer, at: time)
    sink &+= renderer.render(buffer).count
    let first = screen.document.columns[0].cards[0].id
    _ = screen.handle(.mouse(MouseEvent(.press, .left, column: 3, row: 1)), at: time)
    _ = screen.handle(.mouse(MouseEvent(.motion, .left, column: 12, row: 4)), at: time + 0.01)
    var random = SplitMix64(seed: 0x5EED_B0A2)
    var allocations: UInt64 = 0
    let warmUp = Swift.min(50, Swift.max(1, iterations.steps / 10))
    var samples = Samples(capacity: iterations.steps)
    var bytes = Samples(capacity: iterations.steps)
    for k in -warmUp..<iterations.steps {
      time += 1.0 / 120
      let column = Int(random.next() % UInt64(Self.columns))
      let row = Int(random.next() % UInt64(Self.rows - 1))
      AllocationCounter.reset()
      let begin = monotonicNanoseconds()
      _ = screen.handle(.mouse(MouseEvent(.motion, .left, column: column, row: row)), at: time)
      var frame = CellBuffer(columns: Self.columns, rows: Self.rows)
      screen.advance(to: time)
      screen.draw(into: &frame, at: time)
      let output = renderer.render(frame)
      let end = monotonicNanoseconds()
      let counts = AllocationCounter.read()
      sink &+= output.count
      guard k >= 0 else { continue }
      samples.append(Double(end - begin))
      bytes.append(Double(output.count))
      allocations += counts.total
    }
    report.step = samples
    report.stepBytes = bytes
    if AllocationCounter.method == .interposed {
      report.allocationsPerStep = Double(allocations) / Double(Swift.max(1, iterations.steps))
    }
    // Drop in the middle of the last column: the card moves there and the file is saved.
    let target = (column: Self.columns - 20, row: 30)
    time += 0.01
    _ = screen.handle(
      .mouse(MouseEvent(.motion, .left, column: target.column, row: target.row)), at: time)
    _ = screen.handle(
      .mouse(MouseEvent(.release, .left, column: target.column, row: target.row)), at: time)
    let location = screen.document.location(of: first)
    let saved = (try? BoardFile.open(screen.storage.path))?.contents
    report.isDropSaved =
      location?.column == Self.columnCount - 1 && saved == screen.document.serialized()
      && !screen.hasUnsavedChanges
  }

  /// Adds a timing row checked (p50) against the app's own target, written as `barText`.
  private func timing(
    _ figure: String, _ samples: Samples, bar: Double, barText: String, into table: inout Table
  ) {
    table.row(
      figure, p50: formatDuration(samples.median), p99: formatDuration(samples.p99),
      bar: barText, verdict: samples.median <= bar ? .pass : .fail)
  }

  /// Adds the board rows to `table`.
  func report(_ report: Report, into table: inout Table) {
    table.section(
      "Board app, \(Self.columnCount * Self.cardsPerColumn) cards "
        + "(\(Self.columnCount) columns), \(Self.columns)×\(Self.rows) terminal")
    timing(
      "start to first frame: read + parse + build + draw + render", report.start,
      bar: 100_000_000, barText: "≤ 100 ms", into: &table)
    table.timing("  of which reading and parsing the file", report.parse, bar: nil)
    timing(
      "drag step: handle + draw + diff render", report.step, bar: 1e9 / 240,
      barText: "≤ 4.2 ms (¼ frame)", into: &table)
    table.row(
      "drag step: bytes written", p50: format(report.stepBytes.median, digits: 0) + " B",
      p99: format(report.stepBytes.p99, digits: 0) + " B", bar: "—", verdict: .info)
    let counted = AllocationCounter.method == .interposed
    table.row(
      "heap allocations per drag step",
      p50: counted ? format(report.allocationsPerStep, digits: 1) : "n/a", p99: "mean",
      bar: "—", verdict: .info)
    table.row(
      "drop after the steps moved the card and saved the file",
      p50: report.isDropSaved ? "yes" : "no", p99: "", bar: "saved",
      verdict: report.isDropSaved ? .pass : .fail, isCorrectness: true)
    guard report.save.count > 0 else { return }
    table.timing("save: lock, check, write, fsync, swap, check (~66 KB)", report.save, bar: nil)
    let factor = report.plainSave.median > 0 ? report.save.median / report.plainSave.median : 0
    table.row(
      "plain atomic save of the same bytes (write, fsync, rename)",
      p50: formatDuration(report.plainSave.median), p99: formatDuration(report.plainSave.p99),
      bar: "save/plain ×" + format(factor, digits: 2), verdict: .info)
  }
}
