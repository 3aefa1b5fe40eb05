import ArgumentParser
import ArrangeServe

/// `arrange gallery`: the seed systems' demos and SortableJS's examples, live in a browser.
struct Gallery: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gallery",
    abstract: "Show the drag-and-drop gallery in a browser.",
    discussion: """
      Prints an address: open it in a browser. One page for each system Arrange was made from \
      (flows of tiles, collection views, an exchanging grid, tables and folders, a layout \
      playground) and SortableJS's examples, all made with the web library (arrange-lib.js). \
      Nothing is saved. Listens on 127.0.0.1 only unless --host says otherwise.
      """)

  @Option(help: "The port to listen on (0: any free port).")
  var port = 8090

  @Option(help: "The address to listen on. Anything but 127.0.0.1 lets other machines in.")
  var host = "127.0.0.1"

  @OptionGroup var deadlines: DeadlineOption

  func run() async throws {
    guard (0...65535).contains(port) else {
      printError("--port must be between 0 and 65535.")
      throw ExitCode.failure
    }
    guard let gallery = GalleryServer.builtInGallery, let web = BoardServer.builtInWeb else {
      printError("the gallery's files are missing from this build.")
      throw ExitCode.failure
    }
    if !["127.0.0.1", "localhost", "::1"].contains(host) {
      printError(
        "warning: listening on \(host): other machines that reach it can open the gallery.")
    }
    let server = GalleryServer(
      host: host, port: port, gallery: gallery, web: web, limits: try deadlines.limits())
    do {
      try await server.run(stopsOnSignals: true) { address in
        try? printOutput("Serving the gallery at \(address)\nStop with Ctrl-C.\n")
      }
    } catch let error as BoardServer.StartError {
      printError(error.message)
      throw ExitCode.failure
    }
  }
}
