import ArrangeTerminal
import Testing

/// A terminal driven by a script: input arrives at given times, time passes only while the loop
/// waits in `read`, and every frame is kept.
final class ScriptedTerminal: TerminalIO {
  var clock = 0.0
  var size: (columns: Int, rows: Int)
  var inputs: [(time: Double, bytes: [UInt8])]
  var resizes: [(time: Double, size: (columns: Int, rows: Int))]
  var frames: [(time: Double, bytes: [UInt8])] = []
  var reads = 0
  var pendingResize: (columns: Int, rows: Int)?

  init(
    columns: Int, rows: Int, inputs: [(time: Double, bytes: [UInt8])],
    resizes: [(time: Double, size: (columns: Int, rows: Int))] = []
  ) {
    size = (columns, rows)
    self.inputs = inputs.sorted { $0.time < $1.time }
    self.resizes = resizes.sorted { $0.time < $1.time }
  }

  func now() -> Double { clock }

  func read(timeout: Double) -> [UInt8] {
    reads += 1
    precondition(reads < 1_000_000, "the loop spins")
    precondition(timeout >= 0, "negative timeout")
    let deadline = clock + timeout
    // A resize interrupts the wait, as SIGWINCH interrupts poll.
    if let resize = resizes.first, resize.time <= deadline,
      inputs.first.map({ resize.time <= $0.time }) ?? true
    {
      resizes.removeFirst()
      clock = Swift.max(clock, resize.time)
      size = resize.size
      pendingResize = resize.size
      return []
    }
    if let next = inputs.first, next.time <= deadline {
      inputs.removeFirst()
      clock = Swift.max(clock, next.time)
      return next.bytes
    }
    clock = deadline
    return []
  }

  func writeFrame(_ bytes: [UInt8]) {
    precondition(!bytes.isEmpty, "empty frames are not written")
    frames.append((clock, bytes))
  }

  func takeResize() -> (columns: Int, rows: Int)? {
    defer { pendingResize = nil }
    return pendingResize
  }

  /// The screen after every frame so far.
  var screen: InMemoryTerminal {
    var terminal = InMemoryTerminal(columns: size.columns, rows: size.rows)
    for frame in frames { terminal.receive(frame.bytes) }
    return terminal
  }
}

/// Shows the last mouse position and every event it got; quits on `q`.
struct EchoProgram: TerminalProgram {
  var minimumSize: (columns: Int, rows: Int) = (1, 1)
  var events: [(time: Double, event: TerminalEvent)] = []
  var pointer = (column: 0, row: 0)
  var animateUntil = -1.0
  var draws: [Double] = []

  mutating func handle(_ event: TerminalEvent, at time: Double) -> TerminalProgramResponse {
    events.append((time, event))
    switch event {
    case .key(.character("q"), _): return .quit
    case .mouse(let mouse):
      pointer = (mouse.column, mouse.row)
      return .changed
    case .resize: return .changed
    default: return .changed
    }
  }

  mutating func advance(to time: Double) { draws.append(time) }

  func draw(into buffer: inout CellBuffer, at time: Double) {
    buffer.write("at \(pointer.column),\(pointer.row)", column: 0, row: 0)
    if time < animateUntil { buffer.write("frame \(draws.count)", column: 0, row: 1) }
  }

  func needsAnimationFrame(at time: Double) -> Bool { time < animateUntil }
}

func motion(column: Int, row: Int) -> [UInt8] {
  Array("\u{1B}[<32;\(column + 1);\(row + 1)M".utf8)
}

@Suite struct RunLoopTests {
  @Test("A second of mouse motion every millisecond draws at most one frame per 1/60 s")
  func coalescesMotion() {
    var inputs: [(time: Double, bytes: [UInt8])] = []
    for step in 0..<1000 {
      inputs.append((Double(step) * 0.001, motion(column: step % 40, row: step % 7)))
    }
    inputs.append((1.5, Array("q".utf8)))
    let terminal = ScriptedTerminal(columns: 40, rows: 8, inputs: inputs)
    var program = EchoProgram()
    var loop = TerminalRunLoop()
    loop.run(&program, on: terminal)
    // 1000 events, but only frame-rate draws: the first, ~60 during the second, the last.
    #expect(program.draws.count <= 62)
    #expect(program.draws.count >= 50)
    #expect(terminal.frames.count == loop.framesWritten)
    for (earlier, later) in zip(program.draws, program.draws.dropFirst()) {
      #expect(later - earlier >= 1.0 / 60 - 1e-6)
    }
    // The last motion is on screen.
    #expect(terminal.screen.lines[0].hasPrefix("at 39,5"))
    #expect(program.events.count == 1 + 1000 + 1)
  }

  @Test("Nothing is drawn while idle, and the loop sleeps instead of spinning")
  func idleDrawsNothing() {
    let terminal = ScriptedTerminal(
      columns: 20, rows: 3, inputs: [(10, Array("q".utf8))])
    var program = EchoProgram()
    var loop = TerminalRunLoop()
    loop.run(&program, on: terminal)
    #expect(terminal.frames.count == 1)
    #expect(program.draws.count == 1)
    #expect(terminal.reads <= 12)
  }

  @Test("An animation keeps frames coming at the frame rate, then stops")
  func animationFrames() {
    let terminal = ScriptedTerminal(columns: 20, rows: 3, inputs: [(5, Array("q".utf8))])
    var program = EchoProgram()
    program.animateUntil = 0.5
    var loop = TerminalRunLoop()
    loop.run(&program, on: terminal)
    let during = program.draws.filter { $0 < 0.5 }
    #expect(during.count >= 28 && during.count <= 32)
    #expect(program.draws.filter { $0 > 0.55 }.isEmpty)
    #expect(terminal.screen.lines[1].trimmingSuffixSpaces == "")
  }

  @Test("A lone Escape reaches the program after the decoder's timeout")
  func loneEscape() {
    let terminal = ScriptedTerminal(
      columns: 20, rows: 3, inputs: [(0.2, [0x1B]), (1, Array("q".utf8))])
    var program = EchoProgram()
    var loop = TerminalRunLoop()
    loop.run(&program, on: terminal)
    let escape = program.events.first { $0.event == .key(.escape, []) }
    #expect(escape != nil)
    #expect((escape?.time ?? 99) >= 0.25 && (escape?.time ?? 99) < 0.35)
  }

  @Test("Too small a window shows one line saying so, and the frame comes back when it grows")
  func tooSmall() {
    let terminal = ScriptedTerminal(
      columns: 30, rows: 5, inputs: [(2, Array("q".utf8))],
      resizes: [(1, (60, 12))])
    var program = EchoProgram()
    program.minimumSize = (40, 10)
    var loop = TerminalRunLoop()
    var small: [String] = []
    // Run until the resize, then look at the screen: the loop is re-run to check the recovery.
    let early = ScriptedTerminal(columns: 30, rows: 5, inputs: [(0.5, Array("q".utf8))])
    var earlyProgram = program
    var earlyLoop = TerminalRunLoop()
    earlyLoop.run(&earlyProgram, on: early)
    small = early.screen.lines
    #expect(earlyProgram.draws.isEmpty)
    #expect(small.filter { !$0.trimmingSuffixSpaces.isEmpty }.count == 1)
    #expect(small[2].contains("need 40×10"))
    loop.run(&program, on: terminal)
    #expect(terminal.screen.lines[0].hasPrefix("at 0,0"))
    #expect(!terminal.screen.lines.joined().contains("need"))
    #expect(program.events.contains { $0.event == .resize(columns: 60, rows: 12) })
  }

  @Test("A resize redraws the whole screen")
  func resizeRedraws() {
    let terminal = ScriptedTerminal(
      columns: 20, rows: 3, inputs: [(2, Array("q".utf8))], resizes: [(1, (25, 4))])
    var program = EchoProgram()
    var loop = TerminalRunLoop()
    loop.run(&program, on: terminal)
    #expect(terminal.frames.count == 2)
    let second = String(decoding: terminal.frames[1].bytes, as: UTF8.self)
    #expect(second.contains("\u{1B}[2J"))
    #expect(terminal.screen.lines.count == 4)
    #expect(terminal.screen.lines[0].hasPrefix("at 0,0"))
  }
}

extension String {
  var trimmingSuffixSpaces: Substring {
    var end = endIndex
    while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
    return self[startIndex..<end]
  }
}

/// Counts polls; the fourth one asks for a frame.
struct PollingProgram: TerminalProgram {
  var polls: [Double] = []
  var draws = 0

  mutating func handle(_ event: TerminalEvent, at time: Double) -> TerminalProgramResponse {
    event == .key(.character("q"), []) ? .quit : .unchanged
  }

  mutating func advance(to time: Double) { draws += 1 }

  func draw(into buffer: inout CellBuffer, at time: Double) {
    buffer.write("polls \(polls.count)", column: 0, row: 0)
  }

  mutating func poll(at time: Double) -> TerminalProgramResponse {
    polls.append(time)
    return polls.count == 4 ? .changed : .unchanged
  }
}

/// A terminal whose input ends (closed without a hang-up signal) at a given time.
final class VanishingTerminal: TerminalIO {
  var clock = 0.0
  let size = (columns: 20, rows: 2)
  let endsAt: Double
  var reads = 0
  var hasInputEnded: Bool { clock >= endsAt }

  init(endsAt: Double) { self.endsAt = endsAt }

  func now() -> Double { clock }

  func read(timeout: Double) -> [UInt8] {
    reads += 1
    precondition(reads < 100_000, "the loop spins after the terminal went away")
    // Once the input has ended, every read returns at once with nothing.
    if !hasInputEnded { clock = Swift.min(clock + timeout, endsAt) }
    return []
  }

  func writeFrame(_ bytes: [UInt8]) {}
  func takeResize() -> (columns: Int, rows: Int)? { nil }
}

/// Records when it heard that the input ended.
struct EndingProgram: TerminalProgram {
  var ended: [Double] = []
  mutating func handle(_ event: TerminalEvent, at time: Double) -> TerminalProgramResponse {
    .unchanged
  }
  func draw(into buffer: inout CellBuffer, at time: Double) {}
  mutating func inputEnded(at time: Double) { ended.append(time) }
}

@Suite struct RunLoopEndOfInputTests {
  @Test("When the terminal's input ends, the program hears it once and the loop returns")
  func inputEnds() {
    let terminal = VanishingTerminal(endsAt: 3.5)
    var program = EndingProgram()
    var loop = TerminalRunLoop()
    loop.run(&program, on: terminal)
    #expect(program.ended == [3.5])
    #expect(terminal.reads < 10)
  }
}

@Suite struct RunLoopPollTests {
  @Test("A program is polled about once a second while idle, and a changed poll draws a frame")
  func pollsWhileIdle() {
    let terminal = ScriptedTerminal(columns: 20, rows: 2, inputs: [(10.5, Array("q".utf8))])
    var program = PollingProgram()
    var loop = TerminalRunLoop()
    loop.run(&program, on: terminal)
    #expect(program.polls.count == 10)
    for (earlier, later) in zip(program.polls, program.polls.dropFirst()) {
      #expect(abs(later - earlier - 1) < 0.01)
    }
    #expect(program.draws == 2)
    #expect(terminal.screen.lines[0].hasPrefix("polls 4"))
    #expect(terminal.reads <= 14)
  }

  @Test("Polls keep their pace under a stream of input")
  func pollsUnderInput() {
    var inputs: [(time: Double, bytes: [UInt8])] = (0..<5000).map {
      (Double($0) * 0.001, Array("x".utf8))
    }
    inputs.append((5.2, Array("q".utf8)))
    let terminal = ScriptedTerminal(columns: 20, rows: 2, inputs: inputs)
    var program = PollingProgram()
    var loop = TerminalRunLoop()
    loop.run(&program, on: terminal)
    #expect(program.polls.count == 5)
  }
}

@Suite struct RunLoopRegressionTests {
  @Test("A size report in the input does not resize the program; only the terminal does")
  func sizeReportInInput() {
    let terminal = ScriptedTerminal(
      columns: 40, rows: 10,
      inputs: [(0.1, Array("\u{1B}[8;4;12t".utf8)), (0.5, Array("q".utf8))])
    var program = EchoProgram()
    var loop = TerminalRunLoop()
    loop.run(&program, on: terminal)
    let resizes = program.events.filter { if case .resize = $0.event { true } else { false } }
    #expect(resizes.map(\.event) == [.resize(columns: 40, rows: 10)])
  }

  @Test("A bogus huge window is drawn at most at the loop's maximum size")
  func hugeWindow() {
    let terminal = ScriptedTerminal(columns: 1_000_000, rows: 3, inputs: [(0.1, Array("q".utf8))])
    var program = EchoProgram()
    var loop = TerminalRunLoop()
    loop.run(&program, on: terminal)
    #expect(program.events.first?.event == .resize(columns: 4_096, rows: 3))
  }

  @Test("Sizes and positions near Int.max or Int.min clip instead of trapping")
  func extremeRectangles() {
    var buffer = CellBuffer(columns: 6, rows: 2)
    buffer.fill(column: 2, row: 0, width: .max, height: 1, style: CellStyle(isBold: true))
    #expect(buffer[5, 0].style.isBold && !buffer[1, 0].style.isBold)
    buffer.fill(column: .min, row: .min, width: .max, height: .max, style: .plain)
    buffer.write("abc", column: .max, row: 1, limit: .max)
    buffer.write("abc", column: 4, row: 1, limit: .max)
    #expect(buffer.lines[1] == "    ab")
    buffer.restyle(column: .min, row: 0, width: .max, height: .max) { $0.isDim = true }
    buffer.withClip(CellRect(column: .min, row: .min, width: 3, height: .max)) { clipped in
      clipped.write("zz", column: 0, row: 0)
    }
    #expect(buffer.lines[0] == "      ")
    buffer.withClip(CellRect(column: 1, row: 0, width: .max, height: .max)) { clipped in
      clipped.write("zz", column: 0, row: 0)
    }
    #expect(buffer.lines[0] == " z    ")
    var source = CellBuffer(columns: 2, rows: 1)
    source.write("xy", column: 0, row: 0)
    buffer.draw(
      source, column: 4, row: 1, clippedTo: CellRect(column: 0, row: 0, width: .max, height: .max))
    #expect(buffer.lines[1] == "    xy")
  }
}
