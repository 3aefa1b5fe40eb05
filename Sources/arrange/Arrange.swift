import ArgumentParser
import ArrangeBoard
import ArrangeBoardTerminal
import ArrangeServe
import ArrangeTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `arrange`: a Kanban board in a Markdown file.
@main
struct Arrange: AsyncParsableCommand {
  /// The version `arrange --version` prints: the next release's number while it is being made
  /// (CHANGELOG.md's `[Unreleased]`), with `-dev`.
  static let version = "0.2.0-dev"

  static let configuration = CommandConfiguration(
    commandName: "arrange",
    abstract: "A Kanban board in a Markdown file, dragged with the mouse or the keyboard.",
    discussion: """
      The file is taskell-compatible Markdown: "## Column" headings, "- card" lines and indented \
      detail lines; Obsidian Kanban boards and boards with "###" columns read too. Lines \
      arrange does not understand are kept exactly as they are.
      """,
    version: version,
    subcommands: [Open.self, Show.self, Move.self, Serve.self, New.self, Gallery.self],
    defaultSubcommand: Open.self)

  /// Runs the command that the arguments name, as `AsyncParsableCommand.main()` does, except
  /// that an error's message is printed with its control characters escaped: the parser's
  /// messages quote the arguments, and those may come from a board file by way of a script.
  static func main() async {
    do {
      var command = try await asyncParseAsRoot()
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      let code = exitCode(for: error)
      // Help and version requests: the text is ours, and goes to standard output.
      guard code != .success else { exit(withError: error) }
      let text = fullMessage(for: error, columns: nil)
      if !text.isEmpty {
        writeError(BoardCommand.visible(text, keepingLineBreaks: true) + "\n")
      }
      exit(withError: code)
    }
  }
}

/// Writes `text` to standard error as it is.
private func writeError(_ text: String) {
  var text = text
  text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Writes `message` and a line break to standard error, with the message's control characters
/// escaped (a message quotes titles, names and paths, which may hold terminal escapes).
func printError(_ message: String) {
  writeError("arrange: \(BoardCommand.visible(message))\n")
}

/// Writes `text` to standard output, its control characters but line breaks escaped, or says why
/// it could not and fails (a full disk, a closed output): a script must not take a failed write
/// for success.
func printOutput(_ text: String) throws {
  var text = BoardCommand.visible(text, keepingLineBreaks: true)
  let failure: Int32? = text.withUTF8 { bytes in
    var written = 0
    while written < bytes.count {
      let count = write(
        STDOUT_FILENO, bytes.baseAddress.map { $0 + written }, bytes.count - written)
      if count < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if count == 0 { return EIO }
      written += count
    }
    return nil
  }
  guard let failure else { return }
  printError("cannot write the output: \(String(cString: strerror(failure))).")
  throw ExitCode.failure
}

/// The whole number given for `option`, or `nil` when the option was not given.
///
/// A word, or a number too large for `Int`, is a message and a failure (exit status 1). Whether
/// the number is in range is for the command to say: nothing here computes with it.
func wholeNumber(_ text: String?, for option: String) throws -> Int? {
  guard let text else { return nil }
  let trimmed = text.split(separator: " ", omittingEmptySubsequences: true)
  if trimmed.count == 1, let number = Int(trimmed[0]) { return number }
  let digits = trimmed.count == 1 ? trimmed[0].drop { $0 == "-" || $0 == "+" } : ""
  if !digits.isEmpty && digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
    printError("\(option) \(text) is out of range: it counts from 1, and no board has that many.")
  } else {
    printError("\(option) takes a whole number from 1, not “\(text)”.")
  }
  throw ExitCode.failure
}

/// Opens the board file at `path`, or prints why not and fails; notices about earlier
/// interrupted saves go to standard error.
func openFile(_ path: String) throws -> (file: BoardFile, contents: [UInt8]?) {
  do {
    let opened = try BoardFile.open(path)
    for notice in opened.file.notices { printError(notice) }
    return opened
  } catch {
    printError(error.message)
    throw ExitCode.failure
  }
}

/// Opens `path` and parses it, or prints why not and fails; a missing file gives `nil`.
func load(_ path: String) throws -> (file: BoardFile, document: BoardDocument?) {
  let opened = try openFile(path)
  guard let contents = opened.contents else { return (opened.file, nil) }
  do {
    return (opened.file, try BoardDocument.parse(contents))
  } catch {
    printError("\(path): \(error.message) The file was left as it is.")
    throw ExitCode.failure
  }
}

/// `arrange [FILE]`: the board in the terminal.
struct Open: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open",
    abstract: "Show the board in the terminal (the default command).",
    discussion: """
      Keys: arrows or hjkl move the focus, Space lifts the focused card and drops it (arrows \
      move it meanwhile), Esc cancels, x toggles swap mode, a/e/D add/edit/delete, u/r \
      undo/redo, ? help, q quit; b goes back to the list of a folder's boards. Every change \
      is saved at once.
      """)

  @Argument(
    help: """
      The board file (created from a sample board on the first change), or a folder: a list of \
      its boards to choose the one to open.
      """)
  var file = "board.md"

  func run() throws {
    guard TerminalSession.isAvailable else {
      printError(
        "the board needs an interactive terminal; to print it instead, run "
          + "`arrange show \(file)`.")
      throw ExitCode.failure
    }
    guard BoardFolder.isFolder(file) else {
      try open(file, from: nil)
      return
    }
    // A board opened from the list goes back to it with `b`; q quits from either.
    var last: String?
    while let chosen = try pick(in: file, selecting: last) {
      if try !open(chosen, from: file) { return }
      last = chosen
    }
  }

  /// Opens the board `path` in the terminal until the person quits, or (opened from the list of
  /// `folder`) goes back to it; returns whether they went back.
  @discardableResult
  func open(_ path: String, from folder: String?) throws -> Bool {
    let loaded = try load(path)
    let environment = getenv("ARRANGE_REDUCED_MOTION").map { String(cString: $0) }
    let motion: MotionPreference = environment == "1" ? .reduced : .full
    var screen = BoardScreen(
      document: loaded.document ?? .sample, storage: loaded.file, motion: motion)
    screen.folderName = folder
    do {
      let session = try TerminalSession()
      defer { session.close() }
      var loop = TerminalRunLoop()
      loop.run(&screen, on: session)
    } catch {
      printError("\(error)")
      throw ExitCode.failure
    }
    if screen.hasUnsavedChanges {
      printError("\(path) was not saved: the last changes are lost.")
      throw ExitCode.failure
    }
    return screen.wantsFolder
  }
}

/// Lets the person choose a board of `folder` in the terminal; returns its path.
///
/// `nil` when they quit instead. A folder without boards is a message and a failure.
func pick(in folder: String, selecting previous: String? = nil) throws -> String? {
  guard let boards = BoardFolder(path: folder) else {
    printError("\(folder) cannot be read.")
    throw ExitCode.failure
  }
  var picker = BoardPicker(folder: boards, shownFolder: folder)
  let prefix = folder.hasSuffix("/") ? folder : folder + "/"
  if let previous, previous.hasPrefix(prefix),
    let index = picker.names.firstIndex(of: String(previous.dropFirst(prefix.count)))
  {
    picker.selected = index
  }
  guard !picker.names.isEmpty else {
    printError(
      "\(folder) has no boards (.md files); create one with `arrange new "
        + "\(folder.hasSuffix("/") ? folder : folder + "/")board.md`.")
    throw ExitCode.failure
  }
  do {
    let session = try TerminalSession()
    defer { session.close() }
    var loop = TerminalRunLoop()
    loop.run(&picker, on: session)
  } catch {
    printError("\(error)")
    throw ExitCode.failure
  }
  guard let chosen = picker.chosen else { return nil }
  return (folder.hasSuffix("/") ? folder : folder + "/") + chosen
}

/// `arrange show FILE`: the board as text.
struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the board: its columns and their numbered cards.",
    discussion: #"""
      A control character in a title or detail line (the start of a terminal escape sequence, \#
      say) is printed as a Swift-style escape such as \u{1B}, so that it shows instead of \#
      acting on the terminal, and a tab as a space; so is every message arrange prints. The \#
      file keeps them as they are, and `arrange move` takes a title as it is printed here.
      """#)

  @Argument(help: "The board file.")
  var file: String

  func run() throws {
    let loaded = try load(file)
    guard let document = loaded.document else {
      printError("\(file) does not exist.")
      throw ExitCode.failure
    }
    try printOutput(BoardCommand.outline(of: document))
  }
}

/// `arrange move FILE CARD --to COLUMN [--index N]`: one move, saved.
struct Move: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Move a card to a column through the drag engine, and save the board.",
    discussion: """
      The file is read and saved under a lock that other arrange processes respect, so \
      moves made at the same time by several processes all land. A change another program \
      makes to the file meanwhile is read and kept. Numbers are checked against the board \
      before they are used: one out of range is an error, and the file is left as it is. A \
      card that starts with "-" goes after "--": arrange move board.md --to Done -- "-x".
      """)

  @Argument(help: "The board file.")
  var file: String

  @Argument(
    help: """
      The card's title: exact, in any case, else a part of it (a checkbox such as "[ ] " may be \
      included). With --from, a whole number is the card's number in that column as `arrange \
      show` prints it, never a title: a card titled "2" is reached by its number there, or \
      without --from.
      """)
  var card: String

  // Every option takes the argument after it, even one that starts with "-" ("--index -1"), so
  // that a negative number is checked and refused here with the reason, not taken for an option.
  @Option(
    name: .customLong("to"), parsing: .unconditional,
    help: ArgumentHelp(
      "The column's name (any case), else its number from 1.", valueName: "column"))
  var column: String

  // Numbers are read as text and checked in `run()`: one too large for `Int` is then refused
  // like any other number that is out of range, with the reason and exit status 1.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The card's position in the column, from 1 (default: last).", valueName: "index"))
  var index: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Which of several matching cards, from 1 in file order.", valueName: "nth"))
  var nth: String?

  @Option(
    name: .customLong("from"), parsing: .unconditional,
    help: ArgumentHelp("Look for the card only in this column.", valueName: "column"))
  var fromColumn: String?

  func run() throws {
    let position = try wholeNumber(index, for: "--index")
    let which = try wholeNumber(nth, for: "--nth")
    var board = try openFile(file).file
    var message = ""
    // Why the move itself failed (the file changed nothing), as opposed to the save.
    var refusal: String?
    let report: BoardSaveReport
    do {
      // Read again under the lock, so that the move applies to the file as it is now.
      report = try board.update { current throws(BoardFileError) in
        let stop = BoardFileError(kind: .changedOnDisk, path: file, message: "")
        guard let current else {
          refusal = "\(file) does not exist."
          throw stop
        }
        var document: BoardDocument
        do throws(BoardParseError) {
          document = try BoardDocument.parse(current)
        } catch {
          refusal = "\(file): \(error.message) The file was left as it is."
          throw stop
        }
        do throws(BoardCommandError) {
          message = try BoardCommand.move(
            card, toColumn: column, position: position, nth: which, from: fromColumn, in: &document)
        } catch {
          refusal = error.message
          throw stop
        }
        return document.serialized()
      }
    } catch {
      printError(refusal ?? error.message)
      throw ExitCode.failure
    }
    if let aside = report.keptAside {
      try printOutput(message + "\n")
      printError(
        "warning: another program wrote \(file) while this move was being saved; its version "
          + "was kept in \(aside). Compare the two files: the move is saved in \(file).")
      throw ExitCode.failure
    }
    try printOutput(message + "\n")
  }
}
