import ArrangeTestSupport
import Foundation
import Testing

/// The real `terminal-demo` in tmux, driven with real SGR mouse bytes and keys.
@Suite(.serialized, .ownThread) struct TerminalDemoEndToEndTests {
  static let demo = TerminalPane.builtExecutable(named: "terminal-demo")

  @discardableResult
  static func shell(_ command: String) -> String { TerminalPane.shell(command) }

  static func pane(_ test: String, inShell: Bool = false) throws -> TerminalPane {
    let tmux = try #require(TerminalPane.tmuxPath, "tmux is needed (.ci/run installs it)")
    let demo = try #require(Self.demo, "the terminal-demo executable was not built")
    return TerminalPane(
      tmux: tmux, command: demo.path, name: "arrange-\(test)-\(getpid())", inShell: inShell
    ) { $0.contains("Shopping") }
  }

  /// The left and right halves of a screen row.
  static func halves(_ line: String) -> (String, String) {
    let characters = Array(line)
    let middle = Swift.min(30, characters.count)
    return (String(characters[..<middle]), String(characters[middle...]))
  }

  @Test("A mouse drag moves an item from one list to the other, on screen")
  func dragBetweenLists() throws {
    let pane = try Self.pane("drag")
    defer { pane.kill() }
    pane.send("\u{1B}[<0;4;3M")  // press on "bread" (column 4, row 3, 1-based)
    pane.send("\u{1B}[<32;12;3M")
    pane.send("\u{1B}[<32;36;4M")
    pane.send("\u{1B}[<0;36;4m")  // release in the right list, below "figs"
    // Dropped, and the ghost's slide into place (~150 ms) over: the screen as it stays.
    let settled = { (screen: [String]) in
      Self.halves(screen[1]).0.contains("apples") && Self.halves(screen[2]).0.contains("cheese")
        && Self.halves(screen[3]).1.contains("bread")
        && !screen[1...4].contains { Self.halves($0).0.contains("bread") }
        && screen.contains { $0.contains("Dropped bread in Basket, position 3 of 3") }
    }
    #expect(pane.waitForScreen(settled), "\(pane.screen())")
  }

  @Test("Escape in the middle of a drag puts the item back")
  func escapeCancels() throws {
    let pane = try Self.pane("escape")
    defer { pane.kill() }
    pane.send("\u{1B}[<0;4;2M")  // press on "apples"
    pane.send("\u{1B}[<32;36;3M")
    pane.send("\u{1B}")
    pane.waitFor { $0.contains("Cancelled") }
    pane.send("\u{1B}[<0;36;3m")
    // The ghost's slide back (~150 ms) over: the screen as it stays.
    let settled = { (screen: [String]) in
      Self.halves(screen[1]).0.contains("apples") && Self.halves(screen[1]).1.contains("eggs")
        && Self.halves(screen[2]).1.contains("figs")
        && screen.contains { $0.contains("Cancelled, apples returned to position 1 in Shopping") }
    }
    #expect(pane.waitForScreen(settled), "\(pane.screen())")
  }

  @Test("Holding a dragged item still at a list's bottom edge scrolls the list")
  func autoScrollWhileStill() throws {
    let pane = try Self.pane("scroll")
    defer { pane.kill() }
    #expect(Self.halves(pane.screen()[1]).0.contains("apples"))
    pane.send("\u{1B}[<0;4;3M")  // press on "bread"
    pane.send("\u{1B}[<32;12;3M")
    pane.send("\u{1B}[<32;6;10M")  // the last row of the left list, then hold still
    // No more input: only the ticks the demo sends itself can scroll "apples" off the top.
    pane.waitFor { text in
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      return lines.count > 1 && !lines[1].contains("apples")
    }
    #expect(!Self.halves(pane.screen()[1]).0.contains("apples"))
    pane.send("\u{1B}")
    pane.send("\u{1B}[<0;6;10m")
  }

  @Test("Keyboard drag: Space lifts the focused item, arrows move it, Space drops it")
  func keyboardDrag() throws {
    let pane = try Self.pane("keys")
    defer { pane.kill() }
    pane.send("j")  // focus "bread"
    pane.send(" ")
    pane.waitFor { $0.contains("Picked up bread") }
    pane.send("\u{1B}[C")  // right: into the basket
    pane.send("\u{1B}[B")  // down: one slot further
    pane.send(" ")
    // Dropped, and the ghost's slide into place over: the screen as it stays.
    let settled = { (screen: [String]) in
      !screen[1...9].contains { Self.halves($0).0.contains("bread") }
        && screen[1...3].contains { Self.halves($0).1.contains("bread") }
        && screen.contains { $0.contains("Dropped bread in Basket") }
    }
    #expect(pane.waitForScreen(settled), "\(pane.screen())")
  }

  @Test("? shows the keys over the lists, and any key closes them")
  func helpOverlay() throws {
    let pane = try Self.pane("help")
    defer { pane.kill() }
    pane.send("?")
    pane.waitFor { $0.contains("Press any key to close") }
    #expect(pane.screen().contains { $0.contains("Esc") && $0.contains("cancel the drag") })
    pane.send("x")
    pane.waitFor { !$0.contains("Press any key to close") }
    let screen = pane.screen()
    #expect(!screen.joined().contains("cancel the drag"))
    #expect(Self.halves(screen[1]).0.contains("apples"))
    // A click closes it too, and does not start a drag underneath.
    pane.send("?")
    pane.waitFor { $0.contains("Press any key to close") }
    pane.send("\u{1B}[<0;4;2M")
    pane.send("\u{1B}[<32;36;3M")
    pane.send("\u{1B}[<0;36;3m")
    pane.waitFor { !$0.contains("Press any key to close") }
    let after = pane.screen()
    #expect(Self.halves(after[1]).0.contains("apples"))
    #expect(!after.joined().contains("Picked up"))
  }

  @Test("A window too small for the lists shows one line saying so, and the lists come back")
  func tooSmallRecovers() throws {
    let pane = try Self.pane("small")
    defer { pane.kill() }
    Self.shell("\(pane.tmux) resize-window -t \(pane.name) -x 24 -y 6")
    pane.waitFor { $0.contains("need 30×8") }
    let small = pane.screen().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    #expect(small.count == 1)
    #expect(small.first?.contains("Too small: need 30×8") == true)
    Self.shell("\(pane.tmux) resize-window -t \(pane.name) -x 60 -y 12")
    pane.waitFor { $0.contains("Shopping") }
    let screen = pane.screen()
    #expect(Self.halves(screen[1]).0.contains("apples"))
    #expect(Self.halves(screen[1]).1.contains("eggs"))
    #expect(!screen.joined().contains("Too small"))
  }

  @Test("Quitting with q restores the terminal: no alternate screen, no mouse reporting")
  func quitRestores() throws {
    let pane = try Self.pane("quit")
    defer { pane.kill() }
    #expect(pane.display("#{alternate_on} #{mouse_any_flag}") == "1 1")
    pane.send("q")
    pane.waitForExit()
    #expect(pane.display("#{pane_dead} #{alternate_on} #{mouse_any_flag}") == "1 0 0")
  }

  @Test(
    "A signal in the middle of a drag restores the terminal",
    arguments: ["TERM", "HUP", "INT"])
  func signalRestores(_ signal: String) throws {
    let pane = try Self.pane("sig\(signal.lowercased())", inShell: true)
    defer { pane.kill() }
    pane.send("\u{1B}[<0;4;3M")
    pane.send("\u{1B}[<32;36;4M")
    let pid = pane.childPID()
    #expect(!pid.isEmpty)
    Self.shell("kill -\(signal) \(pid)")
    pane.waitFor { !$0.contains("Shopping") }
    // Back in the shell: main screen, no mouse reporting, a visible cursor.
    #expect(pane.display("#{alternate_on} #{mouse_any_flag} #{cursor_flag}") == "0 0 1")
    #expect(Self.shell("ps -p \(pid) -o pid=").isEmpty)
  }

  @Test("Control-Z suspends with the terminal restored; fg takes it back, redrawn and working")
  func suspendAndResume() throws {
    let pane = try Self.pane("suspend", inShell: true)
    defer { pane.kill() }
    #expect(pane.display("#{alternate_on} #{mouse_any_flag} #{cursor_flag}") == "1 1 0")
    Self.shell("\(pane.tmux) send-keys -t \(pane.name) C-z")
    pane.waitFor { $0.contains("Stopped") }
    #expect(pane.display("#{alternate_on} #{mouse_any_flag} #{cursor_flag}") == "0 0 1")
    Self.shell("\(pane.tmux) send-keys -t \(pane.name) fg Enter")
    pane.waitFor { $0.contains("Shopping") }
    #expect(pane.display("#{alternate_on} #{mouse_any_flag} #{cursor_flag}") == "1 1 0")
    #expect(Self.halves(pane.screen()[1]).0.contains("apples"))
    // Still working: a drag after resuming, then q back to the shell.
    pane.send("\u{1B}[<0;4;3M")
    pane.send("\u{1B}[<32;12;3M")
    pane.send("\u{1B}[<32;36;4M")
    pane.send("\u{1B}[<0;36;4m")
    pane.waitFor { $0.contains("Dropped bread") }
    pane.send("q")
    pane.waitFor { !$0.contains("Shopping") }
    #expect(pane.display("#{alternate_on} #{mouse_any_flag} #{cursor_flag}") == "0 0 1")
  }

  @Test("Outside a terminal the demo says so in one sentence and exits with an error")
  func notATerminal() throws {
    let demo = try #require(Self.demo)
    let result = try runProcess(demo.path, [])
    #expect(result.status == 1)
    #expect(result.error.contains("needs an interactive terminal"))
    #expect(result.output.isEmpty)
  }
}
