import Foundation
import Testing

@testable import ArrangeBoard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gives up root, when the process has it, for the user and group `nobody` (65534), so that
/// permissions apply; run it in an exit test's child process, never in the test process.
func dropPrivileges() throws {
  guard geteuid() == 0 else { return }
  try #require(setgroups(0, nil) == 0 && setgid(65534) == 0 && setuid(65534) == 0)
  try #require(geteuid() == 65534, "root could not be given up")
}

/// A fresh folder under the temporary directory, removed by `remove()`.
struct TemporaryFolder {
  let path: String

  init() throws {
    var template = Array("\(NSTemporaryDirectory())/arrange-file-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }
    }
    path = try #require(made.map { String(cString: $0) })
  }

  /// The path of `name` in the folder.
  func file(_ name: String = "board.md") -> String { "\(path)/\(name)" }

  /// The names in the folder, sorted.
  var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  func write(_ text: String, to name: String = "board.md", mode: Int = 0o644) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    #expect(chmod(file(name), mode_t(mode)) == 0)
  }

  func read(_ name: String = "board.md") -> String? {
    FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
  }

  func mode(_ name: String = "board.md") -> Int? {
    var info = stat()
    guard stat(file(name), &info) == 0 else { return nil }
    return Int(info.st_mode & 0o7777)
  }

  func remove() {
    _ = chmod(path, 0o755)
    try? FileManager.default.removeItem(atPath: path)
  }
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The board file error `body` throws, or `nil` if it throws none.
private func failure(_ body: () throws -> Void) -> BoardFileError? {
  do {
    try body()
    return nil
  } catch {
    return error as? BoardFileError
  }
}

@Suite struct BoardFileTests {
  // MARK: - Reading and saving

  @Test("Saving writes the bytes, and opening again reads them back")
  func saveAndReadBack() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("## To Do\n- One\n")
    var (file, contents) = try BoardFile.open(folder.file())
    #expect(contents == bytes("## To Do\n- One\n"))
    #expect(file.path == folder.file())
    let saved: [UInt8] = bytes("## To Do\r\n- Ünïcödé ✅\r\n") + [0xFF, 0x00, 0x0A]
    try file.save(saved)
    #expect(try BoardFile.open(folder.file()).contents == saved)
    #expect(!file.hasChangedOnDisk())
    try file.save([])
    #expect(folder.read() == "")
    try file.save(bytes("again"))
    #expect(folder.read() == "again")
    #expect(folder.names == ["board.md"])
  }

  @Test("Looking at the file on disk does not accept it; adopting it does")
  func contentsOnDiskThenAdopt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("## A\n")
    var (file, _) = try BoardFile.open(folder.file())
    try folder.write("## B\n- half typed\n-\n")
    #expect(try file.contentsOnDisk() == bytes("## B\n- half typed\n-\n"))
    #expect(failure { try file.save(bytes("## A\n- mine\n")) }?.kind == .changedOnDisk)
    #expect(folder.read() == "## B\n- half typed\n-\n")
    file.adopt(try file.contentsOnDisk())
    try file.save(bytes("## A\n- mine\n"))
    #expect(folder.read() == "## A\n- mine\n")
  }

  @Test("A missing file opens as nil contents and the first save creates it with mode 0644")
  func createsNewFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var (file, contents) = try BoardFile.open(folder.file())
    #expect(contents == nil)
    #expect(!file.hasChangedOnDisk())
    #expect(folder.names == [])
    try file.save(bytes("# Arrange\n"))
    #expect(folder.read() == "# Arrange\n")
    #expect(folder.mode() == 0o644)
    #expect(folder.names == ["board.md"])
  }

  @Test(
    "Saving keeps the permission bits of the file it replaces", arguments: [0o600, 0o640, 0o664])
  func keepsPermissions(_ mode: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("old\n", mode: mode)
    var file = try BoardFile.open(folder.file()).file
    try file.save(bytes("new\n"))
    #expect(folder.read() == "new\n")
    #expect(folder.mode() == mode)
  }

  @Test("As root, saving keeps the owner of the file it replaces", .enabled(if: geteuid() == 0))
  func keepsOwner() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("old\n")
    #expect(chown(folder.file(), 65534, 65534) == 0)
    var file = try BoardFile.open(folder.file()).file
    try file.save(bytes("new\n"))
    var info = stat()
    #expect(stat(folder.file(), &info) == 0)
    #expect(info.st_uid == 65534)
    #expect(info.st_gid == 65534)
  }

  @Test("Saving through a symbolic link replaces the target and keeps the link")
  func symbolicLink() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      atPath: folder.file("real"), withIntermediateDirectories: false)
    try folder.write("old\n", to: "real/board.md", mode: 0o600)
    #expect(symlink("real/board.md", folder.file("link.md")) == 0)
    var (file, contents) = try BoardFile.open(folder.file("link.md"))
    #expect(contents == bytes("old\n"))
    try file.save(bytes("new\n"))
    #expect(folder.read("real/board.md") == "new\n")
    #expect(folder.mode("real/board.md") == 0o600)
    let destination = try FileManager.default.destinationOfSymbolicLink(
      atPath: folder.file("link.md"))
    #expect(destination == "real/board.md")
    #expect(folder.names == ["link.md", "real"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("real")) == ["board.md"])
  }

  @Test("A link to a file that does not exist yet: the first save creates the target")
  func danglingLink() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(symlink("target.md", folder.file("link.md")) == 0)
    var (file, contents) = try BoardFile.open(folder.file("link.md"))
    #expect(contents == nil)
    try file.save(bytes("created\n"))
    #expect(folder.read("target.md") == "created\n")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link.md"))
        == "target.md")
  }

  // MARK: - Refusing to read

  @Test("A folder, a pipe or a path through a file is refused, not read")
  func notAFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      atPath: folder.file("dir.md"), withIntermediateDirectories: false)
    let directory = failure { _ = try BoardFile.open(folder.file("dir.md")) }
    #expect(directory?.kind == .notAFile)
    #expect(
      directory?.message == "Cannot open \(folder.file("dir.md")): it is a folder, not a file.")
    #expect(directory?.path == folder.file("dir.md"))

    #expect(mkfifo(folder.file("pipe.md"), 0o644) == 0)
    #expect(failure { _ = try BoardFile.open(folder.file("pipe.md")) }?.kind == .notAFile)

    try folder.write("plain")
    let through = failure { _ = try BoardFile.open(folder.file("board.md/inner.md")) }
    #expect(through?.kind == .unreadable)
    #expect(through?.message.contains("Not a directory") == true)
  }

  @Test("A loop of symbolic links is unreadable")
  func linkLoop() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(symlink("b.md", folder.file("a.md")) == 0)
    #expect(symlink("a.md", folder.file("b.md")) == 0)
    let error = failure { _ = try BoardFile.open(folder.file("a.md")) }
    #expect(error?.kind == .unreadable)
    #expect(error?.message.hasPrefix("Cannot read \(folder.file("a.md")): ") == true)
  }

  @Test("A file over 16 MiB is refused as too large")
  func tooLarge() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("")
    #expect(truncate(folder.file(), off_t(BoardDocument.maximumSize)) == 0)
    #expect(try BoardFile.open(folder.file()).contents?.count == BoardDocument.maximumSize)
    #expect(truncate(folder.file(), off_t(BoardDocument.maximumSize + 1)) == 0)
    #expect(failure { _ = try BoardFile.open(folder.file()) }?.kind == .tooLarge)
  }

  // Root reads and writes whatever the permissions say, and CI runs as root: these two run
  // in a child process that first gives up root (exit tests; an issue there fails the test).

  @Test("Without read permission the file is unreadable")
  func unreadableFile() async {
    await #expect(processExitsWith: .success) {
      try dropPrivileges()
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      try folder.write("secret", mode: 0o000)
      let error = failure { _ = try BoardFile.open(folder.file()) }
      #expect(error?.kind == .unreadable)
      #expect(error?.message.contains("Permission denied") == true)
    }
  }

  @Test("In a read-only folder, saving fails with a clear message")
  func readOnlyFolder() async {
    await #expect(processExitsWith: .success) {
      try dropPrivileges()
      let folder = try TemporaryFolder()
      defer {
        chmod(folder.path, 0o755)
        folder.remove()
      }
      try folder.write("old\n")
      var file = try BoardFile.open(folder.file()).file
      #expect(chmod(folder.path, 0o555) == 0)
      let error = failure { try file.save(bytes("new\n")) }
      #expect(error?.kind == .cannotWrite)
      #expect(
        error?.message
          == "Cannot save \(folder.file()): the folder is read-only (Permission denied).")
      #expect(folder.read() == "old\n")
    }
  }

  // MARK: - Failures while saving

  static let faults: [SaveFault] = [
    SaveFault(step: .write(afterBytes: 0), code: EIO),
    SaveFault(step: .write(afterBytes: 7), code: ENOSPC),
    SaveFault(step: .sync, code: EIO),
    SaveFault(step: .rename, code: EXDEV),
    SaveFault(step: .create, code: EACCES),
  ]

  @Test(
    "A save that fails at any step leaves the old file as it was and no temporary file",
    arguments: faults)
  func failedSaveIsAtomic(_ fault: SaveFault) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let old = "## To Do\n- The old contents, byte for byte\n"
    try folder.write(old, mode: 0o600)
    var file = try BoardFile.open(folder.file()).file
    file.fault = fault
    let error = failure { try file.save(bytes("## To Do\n- New contents that are longer\n")) }
    #expect(error?.kind == .cannotWrite)
    #expect(error?.message.hasPrefix("Cannot save \(folder.file()): ") == true)
    #expect(error?.message.contains(String(cString: strerror(fault.code))) == true)
    #expect(folder.read() == old)
    #expect(folder.mode() == 0o600)
    #expect(folder.names == ["board.md"])
    // The failure changed nothing known: the next save goes through.
    file.fault = nil
    #expect(!file.hasChangedOnDisk())
    try file.save(bytes("recovered\n"))
    #expect(folder.read() == "recovered\n")
    #expect(folder.names == ["board.md"])
  }

  @Test("A failed save of a new file creates nothing")
  func failedSaveOfNewFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var file = try BoardFile.open(folder.file()).file
    file.fault = SaveFault(step: .rename, code: EIO)
    #expect(failure { try file.save(bytes("new\n")) }?.kind == .cannotWrite)
    #expect(folder.names == [])
  }

  @Test(
    "Save errors say why in words",
    arguments: [
      (SaveFault(step: .create, code: EACCES), "the folder is read-only (Permission denied)"),
      (SaveFault(step: .create, code: EPERM), "the folder is read-only (Operation not permitted)"),
      (SaveFault(step: .create, code: EROFS), "the disk is read-only (Read-only file system)"),
      (
        SaveFault(step: .write(afterBytes: 3), code: ENOSPC),
        "the disk is full (No space left on device)"
      ),
      (
        SaveFault(step: .create, code: ENOENT),
        "the folder does not exist (No such file or directory)"
      ),
      (SaveFault(step: .write(afterBytes: 1), code: EIO), "writing failed (Input/output error)"),
      (
        SaveFault(step: .sync, code: EIO), "the disk did not confirm the write (Input/output error)"
      ),
      (SaveFault(step: .rename, code: EBUSY), "cannot replace the file (Device or resource busy)"),
    ])
  func saveErrorMessages(_ fault: SaveFault, _ reason: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("old\n")
    var file = try BoardFile.open(folder.file("board.md")).file
    file.fault = fault
    let error = failure { try file.overwrite(bytes("new\n")) }
    #expect(error?.message == "Cannot save \(folder.file()): \(reason).")
    #expect(error?.description == error?.message)
    #expect(folder.read() == "old\n")
  }

  @Test("Saving into a folder that does not exist fails and says so")
  func missingFolder() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var (file, contents) = try BoardFile.open(folder.file("gone/board.md"))
    #expect(contents == nil)
    let error = failure { try file.save(bytes("x")) }
    #expect(error?.kind == .cannotWrite)
    #expect(error?.message.contains("the folder does not exist") == true)
  }

  // MARK: - Changes on disk

  @Test("Another writer's change is detected: save refuses, and the other bytes stay")
  func externalChange() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("## A\n- mine\n")
    var file = try BoardFile.open(folder.file()).file
    try folder.write("## A\n- theirs\n")
    #expect(file.hasChangedOnDisk())
    let error = failure { try file.save(bytes("## A\n- mine, moved\n")) }
    #expect(error?.kind == .changedOnDisk)
    #expect(
      error?.message
        == "Not saved over \(folder.file()): another program changed it since it was read.")
    #expect(folder.read() == "## A\n- theirs\n")
    #expect(try file.reload() == bytes("## A\n- theirs\n"))
    #expect(!file.hasChangedOnDisk())
    try file.save(bytes("## A\n- merged\n"))
    #expect(folder.read() == "## A\n- merged\n")
  }

  @Test("Overwrite saves over another writer's change when asked")
  func overwriteChange() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("mine\n")
    var file = try BoardFile.open(folder.file()).file
    try folder.write("theirs\n")
    try file.overwrite(bytes("mine again\n"))
    #expect(folder.read() == "mine again\n")
    #expect(!file.hasChangedOnDisk())
    try file.save(bytes("and saved\n"))
    #expect(folder.read() == "and saved\n")
  }

  @Test("A file deleted by another program counts as changed; overwrite writes it back")
  func deletedExternally() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("mine\n")
    var file = try BoardFile.open(folder.file()).file
    #expect(unlink(folder.file()) == 0)
    #expect(file.hasChangedOnDisk())
    let error = failure { try file.save(bytes("x")) }
    #expect(error?.kind == .changedOnDisk)
    #expect(error?.message.contains("deleted") == true)
    #expect(folder.names == [])
    #expect(try file.reload() == nil)
    try file.save(bytes("back\n"))
    #expect(folder.read() == "back\n")
  }

  @Test("A file created by another program after it was found missing counts as changed")
  func createdExternally() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var file = try BoardFile.open(folder.file()).file
    try folder.write("theirs\n")
    #expect(file.hasChangedOnDisk())
    #expect(failure { try file.save(bytes("mine\n")) }?.kind == .changedOnDisk)
    #expect(folder.read() == "theirs\n")
  }

  @Test("A file replaced by a folder counts as changed")
  func replacedByFolder() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("mine\n")
    var file = try BoardFile.open(folder.file()).file
    #expect(unlink(folder.file()) == 0)
    try FileManager.default.createDirectory(
      atPath: folder.file(), withIntermediateDirectories: false)
    #expect(failure { try file.save(bytes("x")) }?.kind == .notAFile)
    #expect(failure { _ = try file.reload() }?.kind == .notAFile)
  }

  @Test("Another process's leftover temporary file with the same name does not stop a save")
  func temporaryNameTaken() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("old\n")
    let taken = ".board.md.arrange-\(getpid())-1.tmp"
    try folder.write("someone else's", to: taken)
    var file = try BoardFile.open(folder.file()).file
    try file.save(bytes("new\n"))
    #expect(folder.read() == "new\n")
    #expect(folder.read(taken) == "someone else's")
    #expect(folder.names == [taken, "board.md"].sorted())
  }
}
