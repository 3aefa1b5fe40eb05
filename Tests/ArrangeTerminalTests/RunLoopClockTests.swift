import ArrangeTerminal
import Testing

/// A clock that steps back once (a non-monotonic `now`), then input comes.
final class BackwardClockTerminal: TerminalIO {
  var clock = 100.0
  var size: (columns: Int, rows: Int) = (20, 2)
  var reads = 0
  var timeouts: [Double] = []
  func now() -> Double { clock }
  func read(timeout: Double) -> [UInt8] {
    reads += 1
    timeouts.append(timeout)
    precondition(reads < 100_000, "the loop spins")
    if reads == 3 { clock -= 50; return [] }  // the clock steps back
    if reads > 8 { return Array("q".utf8) }
    clock += Swift.min(timeout, 1e6)
    return []
  }
  func writeFrame(_ bytes: [UInt8]) {}
  func takeResize() -> (columns: Int, rows: Int)? { nil }
}

@Suite struct RunLoopClockTests {
  @Test("A clock that steps back does not stop polling or frames for that long")
  func clockStepBackDoesNotStopPolling() {
    let terminal = BackwardClockTerminal()
    var program = PollingProgram()
    var loop = TerminalRunLoop()
    loop.run(&program, on: terminal)
    #expect(terminal.timeouts.allSatisfy { $0 <= loop.idleTimeout + 1e-6 }, "\(terminal.timeouts)")
  }
}
