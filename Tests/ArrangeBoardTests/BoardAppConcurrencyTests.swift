import ArrangeBoard
import ArrangeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `arrange` app in tmux while other programs use its file: a script moving cards, a
/// program writing the file slowly, a terminal that disappears, a strict umask.
@Suite(.serialized, .ownThread) struct BoardAppConcurrencyTests {
  typealias Folder = BoardEndToEndTests.Folder

  /// `arrange` on `file` (an absolute path, so that the process can be found) in a new pane,
  /// started by `prefix` (a command that runs the app, such as `setsid -w`).
  static func pane(_ test: String, file: String, prefix: String = "", umask: String = "022")
    throws -> TerminalPane
  {
    let tmux = try #require(TerminalPane.tmuxPath, "tmux is needed (.ci/run installs it)")
    let arrange = try #require(BoardEndToEndTests.arrange, "arrange was not built").path
    let command =
      "umask \(umask); ARRANGE_REDUCED_MOTION=1 exec \(prefix) \(TerminalPane.quoted(arrange)) "
      + TerminalPane.quoted(file)
    return TerminalPane(
      tmux: tmux, command: "sh -c \(TerminalPane.quoted(command))",
      name: "arrange-app-\(test)-\(getpid())", columns: 60, rows: 14
    ) { $0.contains("· ") }
  }

  /// The IDs of running processes whose command line contains `text`.
  static func processes(containing text: String) -> [Int32] {
    TerminalPane.shell("pgrep -f \(TerminalPane.quoted(text))").split(separator: "\n")
      .compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
      .filter { $0 != getpid() && !isZombie($0) }
  }

  static func isZombie(_ pid: Int32) -> Bool {
    guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return true }
    let text = String(decoding: stat, as: UTF8.self)
    guard let close = text.lastIndex(of: ")") else { return false }
    return text[text.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
  }

  /// The titles of the cards in each column of the folder's board.
  static func columns(_ folder: Folder) -> [String: Set<String>] {
    guard let text = folder.text, let document = try? BoardDocument.parse(Array(text.utf8))
    else { return [:] }
    var columns: [String: Set<String>] = [:]
    for column in document.columns { columns[column.title] = Set(column.cards.map(\.title)) }
    return columns
  }

  @Test("The app ends instead of spinning when its terminal goes away without a hang-up")
  func terminalGoneWithoutHangUp() throws {
    let folder = try Folder(BoardEndToEndTests.board)
    defer { folder.remove() }
    let pane = try Self.pane("gone", file: folder.board.path, prefix: "setsid -w")
    let running = Self.processes(containing: folder.board.path).filter {
      (try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8))?.hasPrefix("arrange")
        == true
    }
    #expect(running.count == 1)
    // setsid: the pane's terminal is not the app's controlling terminal, so closing the pane
    // sends it no SIGHUP; its input just ends.
    pane.kill()
    let ended = BoardConcurrencyTests.wait(30) {
      running.allSatisfy { kill($0, 0) != 0 || Self.isZombie($0) }
    }
    #expect(ended, "arrange still runs after its terminal went away")
    if !ended { for pid in running { kill(pid, SIGKILL) } }
    #expect(folder.text == BoardEndToEndTests.board)
  }

  @Test("A new board honours the umask: 0600 under umask 077")
  func newBoardHonoursUmask() throws {
    let folder = try Folder(nil)
    defer { folder.remove() }
    let pane = try Self.pane("umask", file: folder.board.path, umask: "077")
    defer { pane.kill() }
    pane.send("D")
    #expect(BoardConcurrencyTests.wait { folder.text != nil })
    var info = stat()
    #expect(stat(folder.board.path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
  }

  @Test("The app and a script move cards at the same time: every move of both lands")
  func appAndScript() throws {
    let arrange = try #require(BoardEndToEndTests.arrange).path
    let script = (1...8).map { "Script \($0)" }
    let app = (1...3).map { "App \($0)" }
    let text =
      "## A\n\n" + (app + script).map { "- \($0)\n" }.joined() + "\n## B\n\n## C\n\n"
    let folder = try Folder(text)
    defer { folder.remove() }
    let pane = try Self.pane("script", file: folder.board.path)
    defer { pane.kill() }
    let failures = Failures()
    let done = DispatchSemaphore(value: 0)
    Thread {
      for card in script {
        let result = try? runProcess(arrange, ["move", folder.board.path, card, "--to", "C"])
        if result?.status != 0 { failures.add("\(card): \(result?.error ?? "did not run")") }
        Thread.sleep(forTimeInterval: 0.25)
      }
      done.signal()
    }.start()
    // Meanwhile, in the app: the first card of A to B, three times.
    for _ in app {
      pane.send(" ")
      pane.send("\u{1B}[C")
      pane.send(" ")
      pane.send("\u{1B}[D")
      Thread.sleep(forTimeInterval: 0.3)
    }
    done.wait()
    #expect(failures.all.isEmpty, "\(failures.all)")
    let landed = BoardConcurrencyTests.wait(60) {
      let columns = Self.columns(folder)
      return columns["B"] == Set(app) && columns["C"] == Set(script) && columns["A"] == []
    }
    #expect(landed, "\(Self.columns(folder))")
    #expect(pane.waitFor { !$0.contains("UNSAVED") })
  }

  @Test("A file another program writes slowly is never shown half-written nor saved over")
  func halfWrittenFile() throws {
    let cards = (1...12).map { "Card \($0)" }
    let original = "## To Do\n\n" + cards.map { "- \($0)\n" }.joined() + "\n## Done\n\n"
    let folder = try Folder(original)
    defer { folder.remove() }
    let pane = try Self.pane("slow", file: folder.board.path)
    defer { pane.kill() }
    #expect(pane.waitFor { $0.contains("To Do · 12") })
    // Another program rewrites the file with one card more: 60% of it, then a pause.
    let rewritten = Array((original + "- Outside\n").utf8)
    let cut = rewritten.count * 6 / 10
    let writer = open(folder.board.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    #expect(writer >= 0)
    _ = rewritten.withUnsafeBytes { write(writer, $0.baseAddress, cut) }
    // A drag in the app meanwhile: Card 1 to Done.
    pane.send(" ")
    pane.send("\u{1B}[C")
    pane.send(" ")
    for _ in 0..<4 {
      Thread.sleep(forTimeInterval: 0.6)
      let screen = pane.screen().joined(separator: "\n")
      #expect(screen.contains("To Do · 11"), "the half-written file was shown")
    }
    #expect(
      folder.text.map { Array($0.utf8) } == Array(rewritten[..<cut]),
      "the half-written file was saved over")
    _ = rewritten.withUnsafeBytes { write(writer, $0.baseAddress.map { $0 + cut }, $0.count - cut) }
    close(writer)
    let landed = BoardConcurrencyTests.wait(60) {
      let columns = Self.columns(folder)
      return columns["To Do"] == Set(cards.dropFirst())
        && columns["Done"] == ["Card 1", "Outside"]
    }
    #expect(landed, "\(folder.text ?? "no file")")
  }
}
