import ArrangeBoard
import ArrangeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real `arrange` binary against other writers: several `arrange` processes at once, other
/// programs writing in the middle of a save (made slow with strace), kills, other users.
@Suite(.ownThread) struct BoardConcurrencyTests {
  static func arrange() throws -> String {
    try #require(BoardEndToEndTests.arrange, "the arrange executable was not built").path
  }

  static let strace: String? = ["/usr/bin/strace", "/bin/strace"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static let setpriv: String? = ["/usr/bin/setpriv", "/bin/setpriv"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// A board with `count` cards `card 0`… in To Do, and an empty Done.
  static func board(cards count: Int) -> String {
    "## To Do\n\n" + (0..<count).map { "- card \($0)\n" }.joined() + "\n## Done\n\n"
  }

  /// The columns of the board in `folder`, parsed.
  static func columns(_ folder: BoardEndToEndTests.Folder) throws -> [BoardColumn] {
    try BoardDocument.parse(Array(try #require(folder.text).utf8)).columns
  }

  /// The names in `folder`, sorted.
  static func names(_ folder: BoardEndToEndTests.Folder) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).sorted()
  }

  /// Appends `text` to the file at `path` the way `echo >>` does.
  static func append(_ text: String, to path: String) {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = text.withCString { write(descriptor, $0, strlen($0)) }
    close(descriptor)
  }

  /// Waits up to `seconds` for `condition` (generous: a met condition returns at once).
  @discardableResult
  static func wait(_ seconds: Double = 60, for condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return condition()
  }

  // MARK: - Several arrange processes

  // 160 moves: each is a process start (400 took over two minutes on a busy machine), and the
  // four processes still contend for the lock on every one.
  @Test("Four arrange move processes at once, 160 moves: none is lost, all exit 0")
  func concurrentMoves() throws {
    let arrange = try Self.arrange()
    let folder = try BoardEndToEndTests.Folder(Self.board(cards: 160))
    defer { folder.remove() }
    let path = folder.board.path
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 4) { writer in
      for card in stride(from: writer, to: 160, by: 4) {
        do {
          let result = try runProcess(arrange, ["move", path, "card \(card)", "--to", "Done"])
          if result.status != 0 { failures.add("card \(card): \(result.error)") }
        } catch {
          failures.add("card \(card): \(error)")
        }
      }
    }
    #expect(failures.all.isEmpty)
    let columns = try Self.columns(folder)
    #expect(columns[0].cards.isEmpty)
    #expect(Set(columns[1].cards.map(\.title)) == Set((0..<160).map { "card \($0)" }))
    #expect(columns[1].cards.count == 160)
    #expect(Self.names(folder) == ["board.md"])
  }

  @Test("A child process of the tests holds none of the tests' descriptors")
  func childKeepsNoDescriptor() throws {
    let folder = try BoardEndToEndTests.Folder("## To Do\n")
    defer { folder.remove() }
    // Open without close-on-exec, as another test running meanwhile may have a file open.
    let descriptor = open(folder.board.path, O_RDONLY)
    #expect(descriptor > 2)
    defer { close(descriptor) }
    let child = try ChildProcess("/bin/ls", ["/proc/self/fd"], outputIn: folder.url.path)
    defer { child.removeOutput() }
    #expect(child.wait() == .exited(0))
    let listed = child.output.split(separator: "\n").compactMap { Int32($0) }
    #expect(listed.contains(0) && listed.contains(2))
    #expect(!listed.contains(descriptor), "\(listed)")
  }

  // MARK: - Another program during a slowed save

  /// `arrange move` under strace with every fsync slowed by `delay` seconds.
  static func slowMove(
    _ arguments: [String], in folder: BoardEndToEndTests.Folder, delay: Double = 1.5
  ) throws -> ChildProcess {
    let strace = try #require(Self.strace)
    return try ChildProcess(
      strace,
      [
        "-f", "-qq", "-o", "/dev/null", "-e", "trace=fsync",
        "-e", "inject=fsync:delay_enter=\(Int(delay * 1_000_000))", try Self.arrange(), "move",
        folder.board.path,
      ] + arguments, outputIn: folder.url.path)
  }

  /// The process ID in the name of the temporary file a save is writing, once there is one.
  static func savingProcess(in folder: BoardEndToEndTests.Folder) -> Int32? {
    var found: Int32?
    let prefix = ".board.md.arrange-"
    Self.wait {
      let temporary = Self.names(folder).first { $0.hasPrefix(prefix) && $0.hasSuffix(".tmp") }
      found = temporary.flatMap { Int32($0.dropFirst(prefix.count).split(separator: "-")[0]) }
      return found != nil
    }
    return found
  }

  @Test(
    "echo >> during a slowed save: the append is kept and the move lands on top",
    .enabled(if: strace != nil))
  func appendDuringSlowSave() throws {
    let folder = try BoardEndToEndTests.Folder("## To Do\n\n- a\n- b\n\n## Done\n\n")
    defer { folder.remove() }
    let move = try Self.slowMove(["a", "--to", "Done"], in: folder)
    defer { move.removeOutput() }
    #expect(Self.savingProcess(in: folder) != nil, "the save never reached its fsync")
    Self.append("- appended by another program\n", to: folder.board.path)
    #expect(move.wait() == .exited(0), "\(move.error)")
    #expect(
      folder.text == "## To Do\n\n- b\n\n## Done\n\n- appended by another program\n- a\n")
    #expect(Self.names(folder).filter { !$0.hasPrefix("child-") } == ["board.md"])
  }

  @Test(
    "An editor's save during a slowed save: the move lands on the editor's version",
    .enabled(if: strace != nil))
  func editorSaveDuringSlowSave() throws {
    let folder = try BoardEndToEndTests.Folder("## To Do\n\n- a\n- b\n\n## Done\n\n")
    defer { folder.remove() }
    let move = try Self.slowMove(["a", "--to", "Done"], in: folder)
    defer { move.removeOutput() }
    #expect(Self.savingProcess(in: folder) != nil, "the save never reached its fsync")
    let edited = "## To Do\n\n- a\n- b\n- c from the editor\n\n## Done\n\n"
    let temporary = folder.url.appendingPathComponent("board.md~")
    try Data(edited.utf8).write(to: temporary)
    #expect(rename(temporary.path, folder.board.path) == 0)
    #expect(move.wait() == .exited(0), "\(move.error)")
    #expect(folder.text == "## To Do\n\n- b\n- c from the editor\n\n## Done\n\n- a\n")
  }

  @Test(
    "arrange killed in the middle of a save: the file is intact and the next run tidies up",
    .enabled(if: strace != nil))
  func killedMidSave() throws {
    let original = "## To Do\n\n- a\n- b\n\n## Done\n\n"
    let folder = try BoardEndToEndTests.Folder(original)
    defer { folder.remove() }
    let move = try Self.slowMove(["a", "--to", "Done"], in: folder, delay: 5)
    defer { move.removeOutput() }
    let pid = try #require(Self.savingProcess(in: folder))
    #expect(kill(pid, SIGKILL) == 0)
    move.wait()
    #expect(folder.text == original)
    #expect(Self.names(folder).contains { $0.hasSuffix(".tmp") })
    let next = try runProcess(try Self.arrange(), ["move", folder.board.path, "b", "--to", "Done"])
    #expect(next.status == 0)
    #expect(folder.text == "## To Do\n\n- a\n\n## Done\n\n- b\n")
    #expect(Self.names(folder).filter { !$0.hasPrefix("child-") } == ["board.md"])
  }

  // MARK: - Output and users

  @Test("arrange show into a full disk or a closed output fails with a message")
  func outputErrors() throws {
    let folder = try BoardEndToEndTests.Folder(BoardScreenTests.board)
    defer { folder.remove() }
    let arrange = TerminalPane.quoted(try Self.arrange())
    let board = TerminalPane.quoted(folder.board.path)
    for redirect in ["> /dev/full", ">&-"] {
      let result = try runProcess(
        "/bin/sh", ["-c", "\(arrange) show \(board) \(redirect)"])
      #expect(result.status == 1, "\(redirect)")
      #expect(result.error.contains("arrange: cannot write the output"), "\(redirect)")
    }
    let moved = try runProcess(
      "/bin/sh", ["-c", "\(arrange) move \(board) Alpha --to Done > /dev/full"])
    #expect(moved.status == 1)
  }

  /// A folder anyone may write in, holding `board.md` owned by `owner`:`group` with `mode`.
  static func sharedFolder(mode: Int, owner: uid_t, group: gid_t) throws
    -> BoardEndToEndTests.Folder
  {
    let folder = try BoardEndToEndTests.Folder(BoardScreenTests.board)
    #expect(chmod(folder.url.path, 0o777) == 0)
    #expect(chown(folder.board.path, owner, group) == 0)
    #expect(chmod(folder.board.path, mode_t(mode)) == 0)
    return folder
  }

  static func owner(_ path: String) -> (uid_t, gid_t, Int, UInt64)? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return (info.st_uid, info.st_gid, Int(info.st_mode & 0o7777), UInt64(info.st_ino))
  }

  @Test(
    "Another user cannot save a root-owned read-only board, even in a folder they may write",
    .enabled(if: geteuid() == 0 && setpriv != nil))
  func readOnlyForAnotherUser() throws {
    let folder = try Self.sharedFolder(mode: 0o444, owner: 0, group: 0)
    defer { folder.remove() }
    let result = try runProcess(
      try Self.arrange(), ["move", "board.md", "Alpha", "--to", "Done"], in: folder.url,
      as: 65534)
    #expect(result.status == 1)
    #expect(
      result.error
        == "arrange: Cannot save board.md: it is read-only for you (mode 0444, owner root); "
        + "nothing was written.\n")
    #expect(folder.text == BoardScreenTests.board)
    #expect(Self.owner(folder.board.path)?.0 == 0)
    #expect(Self.names(folder) == ["board.md"])
  }

  @Test(
    "A board shared through its group keeps its owner and group when another member saves it",
    .enabled(if: geteuid() == 0 && setpriv != nil))
  func groupSharedBoard() throws {
    let folder = try Self.sharedFolder(mode: 0o664, owner: 0, group: 65534)
    defer { folder.remove() }
    let before = try #require(Self.owner(folder.board.path))
    let result = try runProcess(
      try Self.arrange(), ["move", "board.md", "Alpha", "--to", "Done"], in: folder.url,
      as: 65534)
    #expect(result.status == 0, "\(result.error)")
    #expect(folder.text?.contains("## Done\n- Alpha\n") == true)
    let after = try #require(Self.owner(folder.board.path))
    #expect(after.0 == 0 && after.1 == 65534 && after.2 == 0o664)
    #expect(after.3 == before.3, "written in place")
    #expect(Self.names(folder) == ["board.md"])
  }

  @Test(
    "A setgid bit another user's save would drop is a refusal that says so",
    .enabled(if: geteuid() == 0 && setpriv != nil))
  func setgidRefused() throws {
    let folder = try Self.sharedFolder(mode: 0o2674, owner: 65534, group: 0)
    defer { folder.remove() }
    let result = try runProcess(
      try Self.arrange(), ["move", "board.md", "Alpha", "--to", "Done"], in: folder.url,
      as: 65534)
    #expect(result.status == 1)
    #expect(result.error.contains("it has a setuid or setgid bit"))
    #expect(folder.text == BoardScreenTests.board)
    #expect(Self.owner(folder.board.path)?.2 == 0o2674)
    #expect(Self.names(folder) == ["board.md"])
  }

  // MARK: - Stress

  @Test(
    "Stress: writers, readers, an outside appender and kills lose and duplicate nothing",
    .timeLimit(.minutes(2)), arguments: [false, true])
  func stress(hardLinked: Bool) throws {
    let arrange = try Self.arrange()
    let writers = 4
    let cardsPerWriter = 3
    let columns = ["A", "B", "C", "D"]
    let cards = (0..<writers).flatMap { writer in
      (0..<cardsPerWriter).map { "w\(writer)-\($0)" }
    }
    let text =
      "# Stress\n\n## A\n\n" + cards.map { "- \($0)\n" }.joined() + "\n## B\n\n## C\n\n## D\n\n"
    let folder = try BoardEndToEndTests.Folder(text)
    defer { folder.remove() }
    let path = folder.board.path
    if hardLinked {
      #expect(link(path, folder.url.appendingPathComponent("linked.md").path) == 0)
    }
    let outputs = FileManager.default.temporaryDirectory.appendingPathComponent(
      "arrange-stress-\(getpid())-\(hardLinked)")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outputs) }
    let children = ChildProcessSet()
    let failures = Failures()
    let counts = StressCounts()
    // The stress goes on until each kind of event has happened often enough, however slow the
    // machine; the deadline only stops a run that can never get there.
    let deadline = Date().addingTimeInterval(180)
    @Sendable func goesOn() -> Bool { !counts.values.isEnough && Date() < deadline }

    // Reads the board as arrange does: under a shared lock (waiting for it with the file
    // closed), so never in the middle of an in-place write.
    @Sendable func columnOf(_ card: String) -> String? {
      var descriptor: Int32 = -1
      while true {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 { break }
        close(descriptor)
        usleep(1000)
      }
      defer { close(descriptor) }
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count <= 0 { break }
        bytes += buffer[..<count]
      }
      guard let document = try? BoardDocument.parse(bytes) else { return nil }
      return document.columns.first { $0.cards.contains { $0.title == card } }?.title
    }

    let group = DispatchGroup()
    for writer in 0..<writers {
      group.enter()
      Thread {
        defer { group.leave() }
        var random = SystemRandomNumberGenerator()
        while goesOn() {
          let card = "w\(writer)-\(Int.random(in: 0..<cardsPerWriter, using: &random))"
          let target = columns.randomElement(using: &random) ?? "A"
          guard
            let (ending, process) = try? children.run(
              arrange, ["move", path, card, "--to", target], outputIn: outputs.path)
          else { continue }
          defer { process.removeOutput() }
          counts.count {
            $0.moves += 1
            if case .signalled = ending { $0.killed += 1 }
          }
          switch ending {
          case .exited(0):
            // Only this thread moves this card: it must be where the move put it.
            if columnOf(card) != target { failures.add("lost move of \(card) to \(target)") }
          case .exited(1) where process.error.contains("warning: another program wrote"):
            counts.count { $0.keptAside += 1 }
            if columnOf(card) != target { failures.add("lost move of \(card) to \(target)") }
          case .exited(let status):
            failures.add("move of \(card) exited \(status): \(process.error)")
          case .signalled:
            break
          }
        }
      }.start()
    }
    for _ in 0..<2 {
      group.enter()
      Thread {
        defer { group.leave() }
        while goesOn() {
          guard
            let (ending, process) = try? children.run(
              arrange, ["show", path], outputIn: outputs.path)
          else { continue }
          defer { process.removeOutput() }
          guard ending == .exited(0) else {
            if ending != .signalled(SIGKILL) { failures.add("show ended \(ending)") }
            continue
          }
          counts.count { $0.reads += 1 }
          let shown = process.output.split(separator: "\n").compactMap { line in
            line.split(separator: ".", maxSplits: 1).last.map {
              $0.trimmingCharacters(in: .whitespaces)
            }
          }
          for card in cards where shown.filter({ $0 == card }).count != 1 {
            failures.add("show listed \(card) \(shown.filter { $0 == card }.count) times")
          }
        }
      }.start()
    }
    group.enter()
    Thread {
      defer { group.leave() }
      var number = 0
      while goesOn() {
        Thread.sleep(forTimeInterval: 0.15)
        number += 1
        let note = "note \(number)"
        Self.append("- \(note)\n", to: path)
        counts.count { $0.notes.append(note) }
      }
    }.start()
    group.enter()
    Thread {
      defer { group.leave() }
      while goesOn() {
        Thread.sleep(forTimeInterval: Double.random(in: 0.005...0.05))
        children.signalOne(SIGKILL) { $0.randomElement() }
      }
    }.start()
    group.wait()

    // One last run tidies what the killed ones left.
    let last = try runProcess(arrange, ["show", path])
    #expect(last.status == 0, "\(last.error)")
    #expect(failures.all.isEmpty, "\(failures.all.prefix(10))")
    let document = try BoardDocument.parse(Array(try #require(folder.text).utf8))
    let titles = document.columns.flatMap { $0.cards.map(\.title) }
    for card in cards { #expect(titles.filter { $0 == card }.count == 1, "\(card)") }
    let keptAside = Self.names(folder).filter { $0.contains(".conflict-") }
    let asideText = keptAside.compactMap {
      FileManager.default.contents(atPath: folder.url.appendingPathComponent($0).path)
    }.map { String(decoding: $0, as: UTF8.self) }.joined()
    let final = counts.values
    for note in final.notes {
      #expect(
        titles.filter { $0 == note }.count == 1 || asideText.contains("- \(note)\n"),
        "\(note) was lost")
    }
    #expect(keptAside.count <= final.keptAside + final.killed)
    #expect(
      Self.names(folder).filter { $0.hasPrefix(".") }.isEmpty,
      "leftovers: \(Self.names(folder))")
    #expect(final.isEnough, "\(final)")
    print(
      "stress (hard-linked: \(hardLinked)): \(final.moves) moves, \(final.killed) killed, "
        + "\(final.reads) reads, \(final.notes.count) outside appends, "
        + "\(final.keptAside) kept aside")
  }
}

/// What the stress test's threads did.
final class StressCounts: @unchecked Sendable {
  struct Values {
    var moves = 0
    var killed = 0
    var reads = 0
    var keptAside = 0
    var notes: [String] = []

    /// Whether the stress has seen enough of each event to have tried their interleavings.
    var isEnough: Bool { moves >= 150 && reads >= 40 && killed >= 20 && notes.count >= 20 }
  }
  private let lock = NSLock()
  private var current = Values()
  func count(_ change: (inout Values) -> Void) { lock.withLock { change(&current) } }
  var values: Values { lock.withLock { current } }
}

/// Failures collected from several threads.
final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []
  func add(_ failure: String) { lock.withLock { list.append(failure) } }
  var all: [String] { lock.withLock { list } }
}
