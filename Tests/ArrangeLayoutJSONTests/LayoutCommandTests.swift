import ArrangeLayoutJSON
import ArrangeTestSupport
import Foundation
import Testing

private let shinpuru = """
  {"size": {"width": 1000, "height": 100},
   "root": {"type": "group", "axis": "horizontal", "children": [
     {"id": "a", "type": "leaf", "size": {"points": 250}},
     {"id": "b", "type": "leaf", "size": {"percent": 33}},
     {"type": "leaf"},
     {"id": "d", "type": "leaf", "size": {"points": 75}}
   ]}}
  """

/// Rounded frames of ``shinpuru``, worked out by hand (see `LayoutDocumentTests`).
private let shinpuruRounded = """
  root 0 0 1000 100
  a 0 0 250 100
  b 250 0 223 100
  root.children[2] 473 0 452 100
  d 925 0 75 100

  """

/// Unrounded frames of ``shinpuru``: percent base 1000 − 325 = 675; 33 % of it is 222.75.
private let shinpuruExact = """
  root 0 0 1000 100
  a 0 0 250 100
  b 250 0 222.75 100
  root.children[2] 472.75 0 452.25 100
  d 925 0 75 100

  """

/// Runs the command in-process with `input` as standard input.
private func run(_ arguments: [String], input: String = "") -> LayoutCommand.Result {
  LayoutCommand.run(arguments: arguments) { Array(input.utf8) }
}

/// Writes `text` to a new temporary file and returns its path.
private func temporaryFile(_ text: String) throws -> String {
  let path = NSTemporaryDirectory() + "arrange-layout-\(UUID().uuidString).json"
  try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  return path
}

@Suite(.ownThread) struct LayoutCommandTests {
  @Test("Reads standard input when no file is named, or the file is -")
  func standardInput() {
    for arguments in [[], ["-"]] {
      let result = run(arguments, input: shinpuru)
      #expect(result == LayoutCommand.Result(status: 0, output: shinpuruRounded))
    }
  }

  @Test("--exact prints unrounded frames")
  func exact() {
    #expect(run(["--exact"], input: shinpuru).output == shinpuruExact)
    #expect(run(["-", "--exact"], input: shinpuru).output == shinpuruExact)
  }

  @Test("Reads a file named on the command line")
  func file() throws {
    let path = try temporaryFile(shinpuru)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(
      run([path], input: "not read") == LayoutCommand.Result(status: 0, output: shinpuruRounded))
    #expect(run(["--exact", "--", path]).output == shinpuruExact)
  }

  @Test("Diagnostics do not change the exit status")
  func diagnosticsSucceed() {
    let result = run(
      [],
      input: #"{"size": {"width": 10, "height": 1}, "root": {"type": "group", "axis": "#
        + #""horizontal", "spacing": -1, "children": []}}"#)
    #expect(result.status == 0)
    #expect(
      result.output
        == "root 0 0 10 1\ndiagnostic: root: spacing -1 is not a finite non-negative number; "
        + "used 0 (line 1, column 97)\n")
    #expect(result.errorOutput.isEmpty)
  }

  @Test("Bad input exits with 1 and the message on standard error")
  func badInput() {
    let result = run([], input: #"{"size": {"width": 1, "height": 1}, "root": {"type": "leef"}}"#)
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(
      result.errorOutput
        == #"error: root.type: expected "leaf", "group" or "flow", got "leef" "#
        + "(did you mean \"leaf\"?) (line 1, column 54)\n")
  }

  @Test("A missing file or a directory is bad input")
  func unreadableFile() {
    let missing = run(["/nonexistent/layout.json"])
    #expect(missing.status == 1)
    #expect(missing.errorOutput == "error: cannot read '/nonexistent/layout.json': no such file\n")
    let directory = run([NSTemporaryDirectory()])
    #expect(directory.status == 1)
    #expect(directory.errorOutput.contains("it is a directory"))
  }

  @Test(
    "Usage errors exit with 2",
    arguments: [
      (["--frobnicate"], "error: unknown option '--frobnicate'"),
      (["-x"], "error: unknown option '-x'"),
      (["a.json", "b.json"], "error: more than one file: 'a.json' and 'b.json'"),
    ])
  func usageErrors(arguments: [String], message: String) {
    let result = run(arguments, input: shinpuru)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errorOutput.hasPrefix(message + "\n"))
    #expect(result.errorOutput.contains("usage: arrange-layout [--exact] [--svg] [FILE]"))
  }

  @Test("--help prints the usage and succeeds")
  func help() {
    for flag in ["--help", "-h"] {
      let result = run([flag, "--frobnicate"])
      #expect(result.status == 0)
      #expect(result.output == LayoutCommand.help)
      #expect(result.output.contains("USAGE: arrange-layout [--exact] [--svg] [FILE]"))
    }
  }

  // MARK: - The real executable

  /// The `arrange-layout` executable built next to the test bundle, if there is one.
  static let executable: URL? = {
    var directories: [URL] = []
    if let url = Bundle.main.executableURL { directories.append(url.deletingLastPathComponent()) }
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    for directory in directories {
      let candidate = directory.appendingPathComponent("arrange-layout")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }()

  /// Runs the executable with `arguments` and `input`; returns its status and both streams.
  private func runExecutable(
    _ executable: URL, _ arguments: [String], input: String
  ) throws -> LayoutCommand.Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let standardInput = Pipe()
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError
    try process.run()
    standardInput.fileHandleForWriting.write(Data(input.utf8))
    try standardInput.fileHandleForWriting.close()
    let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
    let errorOutput = standardError.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return LayoutCommand.Result(
      status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      errorOutput: String(decoding: errorOutput, as: UTF8.self))
  }

  @Test(
    "The built executable prints frames, errors and exit statuses",
    .enabled(if: LayoutCommandTests.executable != nil, "arrange-layout is not built"))
  func executableEndToEnd() throws {
    let executable = try #require(LayoutCommandTests.executable)
    #expect(
      try runExecutable(executable, [], input: shinpuru)
        == LayoutCommand.Result(status: 0, output: shinpuruRounded))
    #expect(
      try runExecutable(executable, ["--exact", "-"], input: shinpuru).output == shinpuruExact)
    let bad = try runExecutable(executable, [], input: "{")
    #expect(bad.status == 1)
    #expect(bad.output.isEmpty)
    #expect(bad.errorOutput.hasPrefix("error: invalid JSON: expected a key in double quotes"))
    #expect(try runExecutable(executable, ["--nope"], input: "").status == 2)
  }

  @Test(
    "Unreadable input and unwritable output exit with 1 and a message, never a crash",
    .enabled(if: LayoutCommandTests.executable != nil, "arrange-layout is not built"))
  func streamErrors() throws {
    let executable = try #require(LayoutCommandTests.executable)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "arrange-layout-streams-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = folder.appendingPathComponent("doc.json")
    try Data(shinpuru.utf8).write(to: document)
    // Each shell line runs the command with one stream broken, and prints its status after
    // what it wrote to standard error.
    let cases: [(String, String)] = [
      (#""$0" < "$1""#, "error: cannot read standard input: Is a directory"),
      (#""$0" <&-"#, "error: cannot read standard input: Bad file descriptor"),
      (
        #""$0" "$1/doc.json" > /dev/full"#,
        "error: cannot write standard output: No space left on device"
      ),
      (#""$0" "$1/doc.json" >&-"#, "error: cannot write standard output: Bad file descriptor"),
      (#"head -c 67200000 /dev/zero | "$0""#, "error: input too large (more than 67108864 bytes)"),
    ]
    for (line, message) in cases {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = [
        "-c", line + #" 2>&1 >/dev/null; echo "status $?""#, executable.path, folder.path,
      ]
      if line.contains(">") {
        process.arguments = [
          "-c", "exec 3>&1; " + line + #" 2>&3; echo "status $?""#, executable.path, folder.path,
        ]
      }
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(text == message + "\nstatus 1\n", "\(line)")
    }
  }
}
