/// Formats `value` with `digits` decimals and thousands separators.
func format(_ value: Double, digits: Int) -> String {
  guard value.isFinite else { return "\(value)" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = (Swift.abs(value) * scale).rounded()
  let whole = (scaled / scale).rounded(.down)
  var fraction = String(Int(scaled - whole * scale))
  while fraction.count < digits { fraction = "0" + fraction }
  var integer = String(Int(whole))
  var grouped = ""
  while integer.count > 3 {
    grouped = "," + integer.suffix(3) + grouped
    integer = String(integer.dropLast(3))
  }
  grouped = integer + grouped
  let sign = value < 0 && scaled > 0 ? "-" : ""
  return sign + grouped + (digits > 0 ? "." + fraction : "")
}

/// Formats a duration in nanoseconds with a readable unit.
func formatDuration(_ nanoseconds: Double) -> String {
  if nanoseconds >= 1e6 { return format(nanoseconds / 1e6, digits: 2) + " ms" }
  if nanoseconds >= 1e4 { return format(nanoseconds / 1e3, digits: 1) + " µs" }
  if nanoseconds >= 100 { return format(nanoseconds, digits: 0) + " ns" }
  return format(nanoseconds, digits: 1) + " ns"
}

/// The results table: figure, p50, p99, bar and verdict.
struct Table {
  /// Whether a figure met its bar.
  enum Verdict: String {
    case pass = "PASS"
    case fail = "FAIL"
    case info = ""
  }

  private enum Line {
    case section(String)
    case row([String])
  }

  private var lines: [Line] = []
  /// Whether any figure missed its bar.
  private(set) var hasFailure = false
  /// Whether any correctness check (equal answers or frames) failed.
  private(set) var hasCorrectnessFailure = false

  /// Starts a group of rows.
  mutating func section(_ title: String) {
    lines.append(.section(title))
  }

  /// Adds a row; a failed `isCorrectness` row (results that differ from a reference) always
  /// makes the run fail, a failed timing only under `--strict`.
  mutating func row(
    _ figure: String, p50: String, p99: String, bar: String, verdict: Verdict,
    isCorrectness: Bool = false
  ) {
    lines.append(.row([figure, p50, p99, bar, verdict.rawValue]))
    if verdict == .fail {
      hasFailure = true
      if isCorrectness { hasCorrectnessFailure = true }
    }
  }

  /// Adds a timing row, checked against `bar` nanoseconds (p50) when given.
  mutating func timing(_ figure: String, _ samples: Samples, bar: Double?) {
    let verdict: Verdict = bar.map { samples.median <= $0 ? .pass : .fail } ?? .info
    row(
      figure, p50: formatDuration(samples.median), p99: formatDuration(samples.p99),
      bar: bar.map { "≤ " + format($0, digits: 0) + " ns" } ?? "—", verdict: verdict)
  }

  /// Adds a baseline row: its timings and how many times slower it is than Arrange (p50).
  mutating func ratio(_ figure: String, _ baseline: Samples, _ arrange: Samples) {
    let factor = arrange.median > 0 ? baseline.median / arrange.median : 0
    row(
      figure, p50: formatDuration(baseline.median), p99: formatDuration(baseline.p99),
      bar: "naive/Arrange ×" + format(factor, digits: 1), verdict: .info)
  }

  /// Adds a ratio row: how many times `slow` takes `fast` (p50), which must exceed 1.
  mutating func speedup(_ figure: String, _ slow: Samples, _ fast: Samples) {
    let factor = fast.median > 0 ? slow.median / fast.median : 0
    row(
      figure, p50: "×" + format(factor, digits: 1), p99: "p50 ratio", bar: "> ×1",
      verdict: factor > 1 ? .pass : .fail)
  }

  /// Prints the table with aligned columns.
  func print() {
    let header = ["figure", "p50", "p99", "bar", "result"]
    var widths = header.map(\.count)
    for case .row(let cells) in lines {
      for (index, cell) in cells.enumerated() {
        widths[index] = Swift.max(widths[index], cell.count)
      }
    }
    func render(_ cells: [String]) -> String {
      var text = ""
      for (index, cell) in cells.enumerated() {
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        // Numbers align right, text left.
        text += index == 1 || index == 2 ? padding + cell : cell + padding
        if index < cells.count - 1 { text += "  " }
      }
      return text
    }
    let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
    Swift.print(render(header))
    Swift.print(rule)
    for line in lines {
      switch line {
      case .section(let title): Swift.print("[\(title)]")
      case .row(let cells): Swift.print(render(cells))
      }
    }
  }
}
