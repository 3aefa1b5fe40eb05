import ArgumentParser
import ArrangeBoard
import ArrangeTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `arrange`: a Kanban board in a Markdown file.
@main
struct Arrange: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "arrange",
    abstract: "A Kanban board in a Markdown file, dragged with the mouse or the keyboard.",
    discussion: """
      The file is taskell-compatible Markdown: "## Column" headings, "- card" lines and indented \
      detail lines. Lines arrange does not understand are kept exactly as they are.
      """,
    subcommands: [Open.self, Show.self, Move.self],
    defaultSubcommand: Open.self)
}

/// Writes `message` and a line break to standard error.
func printError(_ message: String) {
  var line = "arrange: \(message)\n"
  line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Opens `path` and parses it, or prints why not and fails; a missing file gives `nil`.
func load(_ path: String) throws -> (file: BoardFile, document: BoardDocument?) {
  let opened: (file: BoardFile, contents: [UInt8]?)
  do {
    opened = try BoardFile.open(path)
  } catch {
    printError(error.message)
    throw ExitCode.failure
  }
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
      undo/redo, ? help, q quit. Every change is saved at once.
      """)

  @Argument(help: "The board file; created from a sample board on the first change.")
  var file = "board.md"

  func run() throws {
    guard TerminalSession.isAvailable else {
      printError(
        "the board needs an interactive terminal; to print it instead, run "
          + "`arrange show \(file)`.")
      throw ExitCode.failure
    }
    let loaded = try load(file)
    let environment = getenv("ARRANGE_REDUCED_MOTION").map { String(cString: $0) }
    let motion: MotionPreference = environment == "1" ? .reduced : .full
    var screen = BoardScreen(
      document: loaded.document ?? .sample, storage: loaded.file, motion: motion)
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
      printError("\(file) was not saved: the last changes are lost.")
      throw ExitCode.failure
    }
  }
}

/// `arrange show FILE`: the board as text.
struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the board: its columns and their numbered cards.")

  @Argument(help: "The board file.")
  var file: String

  func run() throws {
    let loaded = try load(file)
    guard let document = loaded.document else {
      printError("\(file) does not exist.")
      throw ExitCode.failure
    }
    print(BoardCommand.outline(of: document), terminator: "")
  }
}

/// `arrange move FILE CARD --to COLUMN [--index N]`: one move, saved.
struct Move: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Move a card to a column through the drag engine, and save the board.")

  @Argument(help: "The board file.")
  var file: String

  @Argument(help: "The card's title (exact, any case, or a unique part of it).")
  var card: String

  @Option(
    name: .customLong("to"),
    help: ArgumentHelp("The column's name, or its number from 1.", valueName: "column"))
  var column: String

  @Option(help: "The card's position in the column, from 1 (default: last).")
  var index: Int?

  func run() throws {
    var loaded = try load(file)
    guard var document = loaded.document else {
      printError("\(file) does not exist.")
      throw ExitCode.failure
    }
    let message: String
    do {
      message = try BoardCommand.move(card, toColumn: column, position: index, in: &document)
    } catch {
      printError(error.message)
      throw ExitCode.failure
    }
    do {
      try loaded.file.save(document.serialized())
    } catch {
      printError(error.message)
      throw ExitCode.failure
    }
    print(message)
  }
}
