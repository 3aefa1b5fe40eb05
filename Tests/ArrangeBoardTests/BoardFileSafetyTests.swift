import ArrangeTestSupport
internal import CArrangeFileSystem
import Foundation
import Testing

@testable import ArrangeBoard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Appends `text` to the file at `path` the way `echo >>` does.
private func append(_ text: String, to path: String) {
  let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
  precondition(descriptor >= 0, "cannot open \(path)")
  _ = text.withCString { write(descriptor, $0, strlen($0)) }
  close(descriptor)
}

/// Writes `text` to a new file and renames it over `path`, as editors save.
private func editorSave(_ text: String, to path: String) {
  let temporary = path + ".editor~"
  _ = FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8))
  precondition(rename(temporary, path) == 0)
}

/// The inode of the file at `path`.
private func inode(_ path: String) -> UInt64? {
  var info = stat()
  return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
}

/// Whether this system lets this process take a read lease on a file it owns.
let leasesWork: Bool = {
  let path = "\(NSTemporaryDirectory())/arrange-lease-probe-\(getpid())"
  _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
  defer { unlink(path) }
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  defer { close(descriptor) }
  guard arrange_take_read_lease(descriptor) == 0 else { return false }
  arrange_release_lease(descriptor)
  return true
}()

/// The board file's defences against other writers, run in-process at chosen moments of a save.
@Suite(.ownThread) struct BoardFileSafetyTests {
  static let old = "## To Do\n\n- a\n- b\n\n## Done\n\n"

  // MARK: - Another program's write while saving

  @Test("An append while the new file is being written: the save starts over and refuses")
  func appendWhileWriting() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.old)
    var file = try BoardFile.open(folder.file()).file
    file.usesLeases = false  // the writer is this process
    var fired = false
    file.hooks = SaveHooks { point in
      if point == .written && !fired {
        fired = true
        append("- appended\n", to: folder.file())
      }
    }
    let error = try #require(throws: BoardFileError.self) { try file.save(bytes("## To Do\n")) }
    #expect(error.kind == .changedOnDisk)
    #expect(folder.read() == Self.old + "- appended\n")
    #expect(folder.names == ["board.md"])
  }

  @Test("An append while the new file is being written: update applies the change on top")
  func appendWhileWritingUpdate() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.old)
    var file = try BoardFile.open(folder.file()).file
    file.usesLeases = false  // the writer is this process
    var fired = false
    file.hooks = SaveHooks { point in
      if point == .written && !fired {
        fired = true
        append("- appended\n", to: folder.file())
      }
    }
    var seen: [[UInt8]?] = []
    let report = try file.update { current in
      seen.append(current)
      return (current ?? []) + bytes("- mine\n")
    }
    #expect(report.wrote)
    #expect(report.keptAside == nil)
    #expect(seen.count == 2)
    #expect(folder.read() == Self.old + "- appended\n- mine\n")
    #expect(file.known == bytes(Self.old + "- appended\n- mine\n"))
    #expect(folder.names == ["board.md"])
  }

  @Test("An append in the instant before the swap lands in a kept copy, and the save says so")
  func appendAtTheLastInstant() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.old)
    var file = try BoardFile.open(folder.file()).file
    file.usesLeases = false  // the writer is this process
    file.hooks = SaveHooks { point in
      if point == .replacing { append("- late\n", to: folder.file()) }
    }
    let report = try file.save(bytes("## To Do\n\n- b\n\n## Done\n\n- a\n"))
    #expect(folder.read() == "## To Do\n\n- b\n\n## Done\n\n- a\n")
    let aside = try #require(report.keptAside)
    let name = BoardFile.fileName(of: aside)
    #expect(name.hasPrefix("board.conflict-") && name.hasSuffix(".md"))
    #expect(folder.read(name) == Self.old + "- late\n")
    #expect(folder.names.sorted() == ["board.md", name].sorted())
  }

  @Test("An editor's save in the instant before the swap lands in a kept copy")
  func editorSaveAtTheLastInstant() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.old)
    var file = try BoardFile.open(folder.file()).file
    file.usesLeases = false  // the writer is this process
    file.hooks = SaveHooks { point in
      if point == .replacing { editorSave("## From the editor\n", to: folder.file()) }
    }
    let report = try file.save(bytes("## Mine\n"))
    #expect(folder.read() == "## Mine\n")
    let aside = try #require(report.keptAside)
    #expect(folder.read(BoardFile.fileName(of: aside)) == "## From the editor\n")
  }

  @Test("A file another program holds open for writing is not saved over", .enabled(if: leasesWork))
  func fileBeingWritten() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.old)
    var file = try BoardFile.open(folder.file()).file
    file.patience = 0.3
    // Another program truncated the file and wrote part of it, and has not closed it.
    let writer = open(folder.file(), O_WRONLY | O_TRUNC | O_CLOEXEC)
    #expect(writer >= 0)
    _ = "## To".withCString { write(writer, $0, 5) }
    #expect(try file.inspect().isBeingWritten == true)
    let error = try #require(throws: BoardFileError.self) { try file.overwrite(bytes("## Mine\n")) }
    #expect(error.kind == .busy)
    #expect(error.message.contains("another program is writing it"))
    #expect(folder.read() == "## To")
    close(writer)
    // Not written once every copy of the descriptor is closed: a process another test forks
    // meanwhile holds one until it executes its program (the descriptor closes on exec).
    let deadline = Date().addingTimeInterval(30)
    while try file.inspect().isBeingWritten != false, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(try file.inspect().isBeingWritten == false)
    try file.overwrite(bytes("## Mine\n"))
    #expect(folder.read() == "## Mine\n")
  }

  // MARK: - Other arrange processes

  @Test("A save waits for another process's lock, and gives up with a message after its patience")
  func lockHeldElsewhere() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.old)
    var file = try BoardFile.open(folder.file()).file
    file.patience = 0.3
    let holder = open(folder.file(), O_RDONLY | O_CLOEXEC)
    #expect(flock(holder, LOCK_EX) == 0)
    let start = Date()
    let error = try #require(throws: BoardFileError.self) { try file.save(bytes("## Mine\n")) }
    #expect(Date().timeIntervalSince(start) >= 0.3)
    #expect(error.kind == .busy)
    #expect(
      error.message.contains("other arrange processes (now process \(getpid())) kept it locked"))
    #expect(folder.read() == Self.old)
    close(holder)
    // A process another test forks meanwhile holds a copy of the lock until it executes its
    // program: the save waits for it with a patience no busy machine runs out of.
    file.patience = 30
    try file.save(bytes("## Mine\n"))
    #expect(folder.read() == "## Mine\n")
  }

  @Test("A process that replaced the file while this one waited for the lock: the new one is read")
  func lockOnReplacedFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.old)
    var file = try BoardFile.open(folder.file()).file
    let holder = open(folder.file(), O_RDONLY | O_CLOEXEC)
    #expect(flock(holder, LOCK_EX) == 0)
    // The holder saves (replacing the file) and lets go a moment later.
    let release = Thread {
      Thread.sleep(forTimeInterval: 0.2)
      editorSave(Self.old + "- theirs\n", to: folder.file())
      close(holder)
    }
    release.start()
    var seen: [UInt8]?
    try file.update { current in
      seen = current
      return (current ?? []) + bytes("- mine\n")
    }
    #expect(seen == bytes(Self.old + "- theirs\n"))
    #expect(folder.read() == Self.old + "- theirs\n- mine\n")
  }

  // MARK: - Links

  @Test("A hard-linked board is written in place: every name sees the new contents")
  func hardLink() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.old)
    #expect(link(folder.file(), folder.file("other-name.md")) == 0)
    let before = inode(folder.file())
    var file = try BoardFile.open(folder.file()).file
    try file.save(bytes("## Saved through one name\n"))
    #expect(folder.read() == "## Saved through one name\n")
    #expect(folder.read("other-name.md") == "## Saved through one name\n")
    #expect(inode(folder.file()) == before)
    #expect(folder.names == ["board.md", "other-name.md"])
    // Shorter, then longer contents: no old bytes are left at the end.
    try file.save(bytes("x\n"))
    #expect(folder.read("other-name.md") == "x\n")
    try file.save(bytes(String(repeating: "long line\n", count: 500)))
    #expect(folder.read("other-name.md") == String(repeating: "long line\n", count: 500))
  }

  @Test("A failed in-place write puts the old bytes back", arguments: [0, 5, 20])
  func failedInPlaceWrite(after count: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.old)
    #expect(link(folder.file(), folder.file("other-name.md")) == 0)
    var file = try BoardFile.open(folder.file()).file
    file.fault = SaveFault(step: .write(afterBytes: count), code: ENOSPC)
    let error = try #require(
      throws: BoardFileError.self,
      performing: { try file.save(bytes("## A different and longer board\n")) })
    #expect(error.kind == .cannotWrite)
    #expect(error.message.contains("the disk is full"))
    #expect(folder.read() == Self.old)
    #expect(folder.names == ["board.md", "other-name.md"])
  }

  @Test("A symbolic link swapped in after opening is followed at the next save")
  func symlinkSwappedIn() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.old)
    var file = try BoardFile.open(folder.file()).file
    // Someone moves the board elsewhere and leaves a link in its place.
    #expect(rename(folder.file(), folder.file("real.md")) == 0)
    #expect(symlink("real.md", folder.file()) == 0)
    try file.save(bytes("## Through the link\n"))
    #expect(folder.read("real.md") == "## Through the link\n")
    var info = stat()
    #expect(lstat(folder.file(), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
  }

  // MARK: - Leftovers

  @Test("Temporary files of dead processes are removed when a board is opened; others stay")
  func leftoversRemoved() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.old)
    let dead = ".board.md.arrange-999999-3.tmp"
    let alive = ".board.md.arrange-1-7.tmp"  // process 1 exists
    let other = ".other.md.arrange-999999-3.tmp"
    for name in [dead, alive, other] { try folder.write("leftover", to: name) }
    _ = try BoardFile.open(folder.file())
    #expect(folder.names.sorted() == ["board.md", alive, other].sorted())
  }

  @Test("A locked temporary file of a dead-looking process is left alone")
  func lockedLeftoverStays() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.old)
    let name = ".board.md.arrange-999999-4.tmp"
    try folder.write("in use", to: name)
    let holder = open(folder.file(name), O_RDONLY | O_CLOEXEC)
    #expect(flock(holder, LOCK_EX) == 0)
    _ = try BoardFile.open(folder.file())
    #expect(folder.names.contains(name))
    close(holder)
    // Unlocked once every copy of the descriptor is closed: a process another test forks
    // meanwhile holds one until it executes its program (the descriptor closes on exec).
    let deadline = Date().addingTimeInterval(30)
    repeat {
      _ = try BoardFile.open(folder.file())
      if folder.names.contains(name) { Thread.sleep(forTimeInterval: 0.01) }
    } while folder.names.contains(name) && Date() < deadline
    #expect(!folder.names.contains(name))
  }

  /// A journal a killed in-place write left: new contents, then the old ones.
  static func journal(new: String, old: String, in folder: TemporaryFolder) throws -> String {
    let name = ".board.md.arrange-999999-9-\(new.utf8.count).journal"
    try folder.write(new + old, to: name)
    return name
  }

  @Test("An in-place write cut short is finished by the next process that opens the board")
  func tornWriteFinished() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let new = "## To Do\n\n- b\n\n## Done\n\n- a moved card\n"
    // Killed after writing the first 12 bytes of the new contents over the old.
    let torn = String(new.prefix(20)) + String(Self.old.dropFirst(20))
    #expect(torn != new && torn != Self.old)
    try folder.write(torn)
    _ = try Self.journal(new: new, old: Self.old, in: folder)
    let opened = try BoardFile.open(folder.file())
    #expect(opened.contents == bytes(new))
    #expect(folder.read() == new)
    #expect(opened.file.notices.count == 1)
    #expect(opened.file.notices.first?.contains("it was finished now") == true)
    #expect(folder.names == ["board.md"])
  }

  @Test("A write cut short, then appended to by another program: finished, the append kept")
  func tornWriteWithAppend() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let new = "## To Do\n\n- b\n\n## Done\n\n- a moved card\n"
    let torn = String(new.prefix(20)) + String(Self.old.dropFirst(20))
    try folder.write(torn + "- appended later\n")
    _ = try Self.journal(new: new, old: Self.old, in: folder)
    let opened = try BoardFile.open(folder.file())
    #expect(folder.read() == new + "- appended later\n")
    #expect(opened.file.notices.first?.contains("it was finished now") == true)
    #expect(folder.names == ["board.md"])
  }

  @Test("Torn states are told apart from finished, unstarted and edited files")
  func tornStates() {
    let old = bytes("0123456789")
    let new = bytes("abcdefghijklmn")
    #expect(BoardFile.repairedTornWrite(bytes("abc3456789"), old: old, new: new) == new)
    #expect(BoardFile.repairedTornWrite(bytes("abcdefghijk"), old: old, new: new) == new)
    #expect(
      BoardFile.repairedTornWrite(bytes("abcdefghij+x"), old: old, new: new) == new + bytes("+x"))
    #expect(BoardFile.repairedTornWrite(old + bytes("+x"), old: old, new: new) == old + bytes("+x"))
    #expect(BoardFile.repairedTornWrite(new, old: old, new: new) == new)
    #expect(BoardFile.repairedTornWrite(bytes("abc34+6789"), old: old, new: new) == nil)
    #expect(BoardFile.repairedTornWrite(bytes("xyz"), old: old, new: new) == nil)
    // A shorter new text: the old bytes after it stay until the file is cut.
    #expect(
      BoardFile.repairedTornWrite(bytes("ab23456789"), old: old, new: bytes("abc")) == bytes("abc"))
  }

  @Test("A journal whose write never started, or finished, is removed without a word")
  func journalNotNeeded() throws {
    for board in [Self.old, "## New\n"] {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      try folder.write(board)
      _ = try Self.journal(new: "## New\n", old: Self.old, in: folder)
      let opened = try BoardFile.open(folder.file())
      #expect(opened.file.notices.isEmpty)
      #expect(folder.read() == board)
      #expect(folder.names == ["board.md"])
    }
  }

  @Test("A journal for a board edited since is kept as a visible file, with a notice")
  func journalKeptWhenBoardChanged() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("## Edited by hand since\n")
    _ = try Self.journal(new: "## New\n", old: Self.old, in: folder)
    let opened = try BoardFile.open(folder.file())
    #expect(folder.read() == "## Edited by hand since\n")
    let kept = try #require(folder.names.first { $0.hasPrefix("board.unfinished-save-") })
    #expect(folder.read(kept) == "## New\n")
    #expect(opened.file.notices.first?.contains(kept) == true)
    #expect(folder.names.count == 2)
  }

  // MARK: - Names, permissions, flags

  @Test("A board with a 250-byte name saves (temporary names are cut to fit)")
  func longName() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let name = String(repeating: "é", count: 122) + "abc.md"  // 250 bytes
    #expect(name.utf8.count == 250)
    try folder.write(Self.old, to: name)
    var file = try BoardFile.open(folder.file(name)).file
    try file.save(bytes("## Saved\n"))
    #expect(folder.read(name) == "## Saved\n")
    #expect(folder.names == [name])
    // A kept copy's name fits too.
    file.usesLeases = false  // the writer is this process
    file.hooks = SaveHooks { point in
      if point == .replacing { append("- late\n", to: folder.file(name)) }
    }
    let report = try file.save(bytes("## Again\n"))
    let aside = try #require(report.keptAside)
    #expect(BoardFile.fileName(of: aside).utf8.count <= 255)
    #expect(folder.read(BoardFile.fileName(of: aside)) == "## Saved\n- late\n")
  }

  @Test("As root, setuid and setgid bits are kept", .enabled(if: geteuid() == 0))
  func setuidKept() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(Self.old, mode: 0o6755)
    var file = try BoardFile.open(folder.file()).file
    try file.save(bytes("## Saved\n"))
    #expect(folder.mode() == 0o6755)
  }

  /// Whether `chattr +i` works in a fresh temporary folder (root on a file system with flags).
  static let immutableWorks: Bool = {
    guard geteuid() == 0, let folder = try? TemporaryFolder() else { return false }
    defer { folder.remove() }
    try? folder.write("x")
    let result = TerminalShell.run("chattr +i \(folder.file()) && chattr -i \(folder.file())")
    return result == 0
  }()

  @Test(
    "An immutable or append-only board is refused as such, not as a read-only folder",
    .enabled(if: immutableWorks), arguments: [("+i", "immutable"), ("+a", "append-only")])
  func immutable(_ flag: String, _ word: String) throws {
    let folder = try TemporaryFolder()
    defer {
      _ = TerminalShell.run("chattr -i -a \(folder.file())")
      folder.remove()
    }
    try folder.write(Self.old)
    #expect(TerminalShell.run("chattr \(flag) \(folder.file())") == 0)
    var file = try BoardFile.open(folder.file()).file
    let error = try #require(throws: BoardFileError.self) { try file.save(bytes("## Mine\n")) }
    #expect(error.kind == .readOnly)
    #expect(error.message.contains(word))
    #expect(!error.message.contains("folder"))
    #expect(folder.read() == Self.old)
    #expect(folder.names == ["board.md"])
  }
}

/// A shell command's exit status.
enum TerminalShell {
  static func run(_ command: String) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command + " 2>/dev/null"]
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
