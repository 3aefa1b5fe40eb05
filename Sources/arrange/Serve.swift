import ArgumentParser
import ArrangeServe

/// `arrange serve [FILE | FOLDER]`: the board in a browser, or every board of a folder.
struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Show the board in a browser, live beside the terminal and any editor.",
    discussion: """
      Prints an address with a secret token: open it in a browser. Drag cards with the mouse, \
      a finger or the keyboard; every change is saved at once, and changes made elsewhere \
      (another page, arrange in a terminal, an editor) appear within a second. Listens on \
      127.0.0.1 only unless --host says otherwise. Given a folder, serves every board in it \
      (each .md file directly in it): the address lists them, each board has an address of \
      its own, and a board's page switches to another.
      """)

  @Argument(
    help: """
      The board file (created from a sample board on the first change), or a folder of boards.
      """)
  var file = "board.md"

  @Option(help: "The port to listen on (0: any free port).")
  var port = 8080

  @Option(help: "The address to listen on. Anything but 127.0.0.1 lets other machines in.")
  var host = "127.0.0.1"

  @OptionGroup var deadlines: DeadlineOption

  func run() async throws {
    guard (0...65535).contains(port) else {
      printError("--port must be between 0 and 65535.")
      throw ExitCode.failure
    }
    guard let web = BoardServer.builtInWeb else {
      printError("the page's files are missing from this build.")
      throw ExitCode.failure
    }
    if !["127.0.0.1", "localhost", "::1"].contains(host) {
      printError(
        "warning: listening on \(host): other machines that reach it can open the board with "
          + "the token below, over plain HTTP.")
    }
    let server = BoardServer(
      path: file, host: host, port: port, web: web, token: ServerGate.makeToken(),
      limits: try deadlines.limits())
    let stop: BoardServer.Stop
    do {
      stop = try await server.run(
        stopsOnSignals: true,
        ready: { [file] address in
          let what = BoardFolder.isFolder(file) ? "the boards in \(file)" : file
          try? printOutput("Serving \(what) at \(address)\nStop with Ctrl-C.\n")
        },
        notice: { printError($0) })
    } catch let error as BoardServer.StartError {
      printError(error.message)
      throw ExitCode.failure
    }
    if let message = stop.message { printError(message) }
    if !stop.isSaved { throw ExitCode.failure }
  }
}
