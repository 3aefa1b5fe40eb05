import ArrangeTestSupport
import Foundation
import Testing

@testable import ArrangeServe

#if canImport(Glibc)
  import Glibc
#endif

/// `arrange serve DIR`: every board of a folder, each at its own address with its own live sync
/// and every guarantee of a board's server; and nothing outside the folder reached, however the
/// address is spelled.
@Suite(.serialized, .ownThread) struct ServeFolderTests {
  typealias Security = ServerSecurityTests

  static let one = "## To Do\n\n- Alpha\n- Beta\n\n## Done\n\n- Gamma\n"
  static let two = "## Backlog\n\n- Delta\n\n## Shipped\n\n- Epsilon\n"
  static let secret = "## Secret\n\n- Do not touch\n"
  /// The second board's name: a space and a letter outside ASCII, escaped in its address.
  static let twoName = "two board é.md"
  static let twoAddress = "/b/two%20board%20%C3%A9.md/"

  /// A folder `boards` (two boards, and what is no board: a hidden file, a text file, a
  /// sub-folder named like a board, a link to a board outside) inside a folder of its own that
  /// also holds `secret.md`; a server on `boards` runs while `body` does.
  static func withFolderServer(
    _ body: (_ port: Int, _ token: String, _ folder: String) async throws -> Void
  ) async throws {
    let outer =
      NSTemporaryDirectory() + "arrange-folder-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let folder = outer + "/boards"
    let manager = FileManager.default
    try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? manager.removeItem(atPath: outer) }
    try one.write(toFile: folder + "/one.md", atomically: true, encoding: .utf8)
    try two.write(toFile: folder + "/" + twoName, atomically: true, encoding: .utf8)
    try secret.write(toFile: outer + "/secret.md", atomically: true, encoding: .utf8)
    try secret.write(toFile: folder + "/.hidden.md", atomically: true, encoding: .utf8)
    try secret.write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
    try manager.createDirectory(atPath: folder + "/sub.md", withIntermediateDirectories: true)
    try secret.write(toFile: folder + "/sub.md/inner.md", atomically: true, encoding: .utf8)
    try manager.createSymbolicLink(atPath: folder + "/link.md", withDestinationPath: "../secret.md")
    let web = try #require(BoardServer.builtInWeb)
    let token = ServerGate.makeToken()
    let server = BoardServer(path: folder, host: "127.0.0.1", port: 0, web: web, token: token)
    let (addresses, continuation) = AsyncStream.makeStream(of: String.self)
    let running = Task { try await server.run(ready: { continuation.yield($0) }) }
    defer { running.cancel() }
    var iterator = addresses.makeAsyncIterator()
    let address = try #require(await iterator.next())
    let port = try #require(Int(address.split(separator: ":")[2].prefix { $0.isNumber }))
    try await body(port, token, folder)
    #expect(Security.contents(outer + "/secret.md") == secret)
    #expect(Security.contents(folder + "/.hidden.md") == secret)
    #expect(Security.contents(folder + "/sub.md/inner.md") == secret)
    // Nothing new outside the folder.
    #expect(
      Set(try manager.contentsOfDirectory(atPath: outer)) == ["boards", "secret.md"])
  }

  static func host(_ port: Int) -> String { "Host: 127.0.0.1:\(port)" }

  /// The text of the first frame of `frames` (empty when there is none).
  static func text(_ frames: [(opcode: UInt8, payload: [UInt8])]) -> String {
    String(decoding: frames.first?.payload ?? [], as: UTF8.self)
  }

  static func get(_ port: Int, _ target: String, token: String?) async -> String {
    await Security.send(
      port,
      ["GET \(target) HTTP/1.1", host(port)] + (token.map { ["X-Arrange-Token: \($0)"] } ?? []))
  }

  static func post(_ port: Int, _ target: String, token: String, body: String) async -> String {
    await Security.send(
      port, ["POST \(target) HTTP/1.1", host(port), "X-Arrange-Token: \(token)"], body: body)
  }

  @Test("The list of boards needs the token and names each board of the folder, and only those")
  func list() async throws {
    try await Self.withFolderServer { port, token, _ in
      #expect(Security.status(await Self.get(port, "/api/boards", token: nil)) == 401)
      #expect(Security.status(await Self.get(port, "/api/boards", token: "x" + token)) == 401)
      let list = await Self.get(port, "/api/boards", token: token)
      #expect(Security.status(list) == 200)
      #expect(
        list.hasSuffix(
          #"{"folder":"boards","boards":[{"name":"one.md","address":"/b/one.md/"},"#
            + #"{"name":"two board é.md","address":"\#(Self.twoAddress)"}],"complete":true}"#))
      // The page at / is the list; a board's page is the board's.
      let root = await Self.get(port, "/", token: nil)
      #expect(Security.status(root) == 200)
      #expect(root.contains("boards.js") && root.contains("board-list"))
      let page = await Self.get(port, "/b/one.md/", token: nil)
      #expect(Security.status(page) == 200)
      #expect(page.contains("app.js") && page.contains("boards.js"))
      #expect(Security.status(await Self.get(port, "/b/one.md/app.js", token: nil)) == 200)
    }
  }

  @Test("Each board's address serves that board, and a change lands in its file alone")
  func eachBoardItsOwn() async throws {
    try await Self.withFolderServer { port, token, folder in
      let one = await Self.get(port, "/b/one.md/api/board", token: token)
      #expect(Security.status(one) == 200)
      #expect(one.contains(#""file":"one.md""#) && one.contains("Alpha") && !one.contains("Delta"))
      let two = await Self.get(port, Self.twoAddress + "api/board", token: token)
      #expect(Security.status(two) == 200)
      #expect(two.contains("Delta") && !two.contains("Alpha"))
      // Without the token, no board; and the folder's server has no board at /api/board.
      #expect(Security.status(await Self.get(port, "/b/one.md/api/board", token: nil)) == 401)
      #expect(Security.status(await Self.get(port, "/api/board", token: token)) == 404)
      let moved = await Self.post(
        port, Self.twoAddress + "api/change", token: token, body: Security.change)
      #expect(Security.status(moved) == 200)
      #expect(
        Security.contents(folder + "/" + Self.twoName)
          == "## Backlog\n\n\n## Shipped\n\n- Delta\n- Epsilon\n")
      #expect(Security.contents(folder + "/one.md") == Self.one)
      // A change without the token changes nothing.
      let refused = await Security.send(
        port, ["POST /b/one.md/api/change HTTP/1.1", Self.host(port)], body: Security.change)
      #expect(Security.status(refused) == 401)
      #expect(Security.contents(folder + "/one.md") == Self.one)
    }
  }

  @Test("Each board's WebSocket is told of its own board's changes, not of the others'")
  func liveSyncPerBoard() async throws {
    try await Self.withFolderServer { port, token, folder in
      let first = try #require(RawSocket(port: port))
      #expect(first.openWebSocket(port: port, token: token, path: "/b/one.md/api/live"))
      let second = try #require(RawSocket(port: port))
      #expect(
        second.openWebSocket(port: port, token: token, path: Self.twoAddress + "api/live"))
      let firstWhole = first.frames(for: 20, stopAfter: 1)
      #expect(Self.text(firstWhole).contains("Alpha"))
      let secondWhole = second.frames(for: 20, stopAfter: 1)
      #expect(Self.text(secondWhole).contains("Delta"))
      // An editor changes the first board: its page hears of it; the second's does not.
      try (Self.one + "- Zeta\n").write(
        toFile: folder + "/one.md", atomically: true, encoding: .utf8)
      let news = first.frames(for: 20, stopAfter: 1)
      #expect(Self.text(news).contains("Zeta"))
      #expect(second.frames(for: 1).isEmpty)
      // A change made through the second board reaches the second page only.
      let moved = await Self.post(
        port, Self.twoAddress + "api/change", token: token, body: Security.change)
      #expect(Security.status(moved) == 200)
      let secondNews = second.frames(for: 20, stopAfter: 1)
      #expect(!secondNews.isEmpty)
      #expect(first.frames(for: 1).isEmpty)
      // A WebSocket with no board, or a board that is not there, is refused.
      let stray = await Security.send(
        port, Security.upgrade("/api/live?token=\(token)", Self.host(port)))
      #expect(Security.status(stray) == 404)
      let missing = await Security.send(
        port, Security.upgrade("/b/missing.md/api/live?token=\(token)", Self.host(port)))
      #expect(Security.status(missing) == 404)
    }
  }

  /// What an attacker tries on a folder's server, with the token: every one names no board.
  static let attacks = [
    "/b/../secret.md/api/board", "/b/..%2Fsecret.md/api/board", "/b/..%2fsecret.md/api/board",
    "/b/%2E%2E%2Fsecret.md/api/board", "/b/%2e%2e/secret.md/api/board", "/b/%2E%2E/api/board",
    "/b/..%2F..%2F..%2Fetc%2Fpasswd/api/board", "/b/%2Fetc%2Fpasswd/api/board",
    "/b/%2F%2Fone.md/api/board", "/b//one.md/api/board", "/b/one.md//api/board",
    "/b/./one.md/api/board", "/b/one.md/./api/board", "/b/one.md/../one.md/api/board",
    "/b/one.md/api/../api/board", "/b/one.md/b/one.md/api/board", "/b/one.md%00/api/board",
    "/b/one%00.md/api/board", "/b/one.md%00.md/api/board", "/b/one%2Emd/api/board",
    "/b/%6Fne.md/api/board", "/b/two%20board%20%c3%a9.md/api/board",
    "/b/two+board+%C3%A9.md/api/board", "/b/two board é.md/api/board", "/b/one.md%2F/api/board",
    "/b/one.md", "/b/one.md/api/board/", "/b/one.md/api/board?x=1", "/b/link.md/api/board",
    "/b/sub.md/api/board", "/b/sub.md%2Finner.md/api/board", "/b/.hidden.md/api/board",
    "/b/notes.txt/api/board", "/b/missing.md/api/board", "/b/ONE.MD/api/board",
    "/b/%C3%28.md/api/board", "/b/%0A.md/api/board", "/b/%1B%5B2J.md/api/board",
    "/b/" + String(repeating: "a", count: 300) + ".md/api/board",
    "/b/" + String(repeating: "%41", count: 300) + ".md/api/board",
    "/b/" + String(repeating: "a", count: 2100) + ".md/api/board", "/b/", "/b", "//b/one.md/",
    "/B/one.md/api/board", "/b/one.md/api/boards", "/b/one.md/api/live/", "/api/board",
    "/api/change", "/b/one.md\\..\\secret.md/api/board", "/b/%5C..%5Csecret.md/api/board",
    "http://127.0.0.1/b/one.md/api/board",
  ]

  @Test("No spelling of a path reaches a file outside the folder, or a board by another name")
  func pathAttacks() async throws {
    try await Self.withFolderServer { port, token, folder in
      for target in Self.attacks {
        for method in ["GET", "POST"] {
          let answer = await Security.send(
            port, ["\(method) \(target) HTTP/1.1", Self.host(port), "X-Arrange-Token: \(token)"],
            body: Security.change)
          #expect([400, 404, 405, 414].contains(Security.status(answer)), "\(method) \(target)")
          #expect(!answer.contains("Do not touch") && !answer.contains("root:"), "\(target)")
        }
        let upgrade = await Security.send(
          port, Security.upgrade(target + "?token=\(token)", Self.host(port)))
        #expect(Security.status(upgrade) != 101, "\(target)")
      }
      #expect(Security.contents(folder + "/one.md") == Self.one)
      #expect(Security.contents(folder + "/" + Self.twoName) == Self.two)
      // The canonical spelling still works.
      #expect(Security.status(await Self.get(port, "/b/one.md/api/board", token: token)) == 200)
    }
  }

  @Test("A link swapped in for a board before it is opened leads nowhere")
  func linkSwappedIn() async throws {
    try await Self.withFolderServer { port, token, folder in
      let path = folder + "/" + Self.twoName
      try FileManager.default.removeItem(atPath: path)
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "../secret.md")
      let answer = await Self.get(port, Self.twoAddress + "api/board", token: token)
      #expect(Security.status(answer) == 404)
      #expect(!answer.contains("Do not touch"))
      let write = await Self.post(
        port, Self.twoAddress + "api/change", token: token, body: Security.change)
      #expect(Security.status(write) == 404)
      let list = await Self.get(port, "/api/boards", token: token)
      #expect(!list.contains("two board"))
    }
  }

  @Test("A board added to the folder later is listed and served")
  func boardAddedLater() async throws {
    try await Self.withFolderServer { port, token, folder in
      #expect(!(await Self.get(port, "/api/boards", token: token)).contains("three.md"))
      #expect(Security.status(await Self.get(port, "/b/three.md/api/board", token: token)) == 404)
      try "## Later\n\n- Eta\n".write(
        toFile: folder + "/three.md", atomically: true, encoding: .utf8)
      #expect((await Self.get(port, "/api/boards", token: token)).contains(#""/b/three.md/""#))
      let three = await Self.get(port, "/b/three.md/api/board", token: token)
      #expect(Security.status(three) == 200)
      #expect(three.contains("Eta"))
    }
  }

  @Test("A board served by another arrange serve is refused with its address; the others work")
  func boardServedElsewhere() async throws {
    try await Self.withFolderServer { port, token, folder in
      let web = try #require(BoardServer.builtInWeb)
      let other = BoardServer(
        path: folder + "/one.md", host: "127.0.0.1", port: 0, web: web,
        token: ServerGate.makeToken())
      let (addresses, continuation) = AsyncStream.makeStream(of: String.self)
      let running = Task { try await other.run(ready: { continuation.yield($0) }) }
      defer { running.cancel() }
      var iterator = addresses.makeAsyncIterator()
      let address = try #require(await iterator.next())
      let otherPort = address.split(separator: ":")[2].prefix { $0.isNumber }
      let answer = await Self.get(port, "/b/one.md/api/board", token: token)
      #expect(Security.status(answer) == 409)
      #expect(answer.contains("already served") && answer.contains(":\(otherPort)/"))
      #expect(
        Security.status(
          await Self.post(port, "/b/one.md/api/change", token: token, body: Security.change)) == 409
      )
      #expect(Security.contents(folder + "/one.md") == Self.one)
      #expect(
        Security.status(await Self.get(port, Self.twoAddress + "api/board", token: token)) == 200)
      // And the other way round: a board the folder's server holds refuses a second server.
      let third = BoardServer(
        path: folder + "/" + Self.twoName, host: "127.0.0.1", port: 0, web: web,
        token: ServerGate.makeToken())
      await #expect(throws: BoardServer.StartError.self) {
        try await third.run(ready: { _ in Issue.record("a second server started") })
      }
    }
  }

  @Test("A board that is no board to arrange is refused with the reason; the others work")
  func unreadableBoard() async throws {
    try await Self.withFolderServer { port, token, folder in
      try Data([0x23, 0x23, 0x20, 0xFF, 0xFE, 0x0A]).write(
        to: URL(fileURLWithPath: folder + "/broken.md"))
      let answer = await Self.get(port, "/b/broken.md/api/board", token: token)
      #expect(Security.status(answer) == 422)
      #expect(answer.contains("broken.md"))
      #expect(Security.status(await Self.get(port, "/b/one.md/api/board", token: token)) == 200)
    }
  }

  @Test("Past the most boards open at once, one more is refused with the reason")
  func manyBoards() async throws {
    try await Self.withFolderServer { port, token, folder in
      for index in 0..<(ServerLimits.boards + 3) {
        try "## Column\n\n- Card \(index)\n".write(
          toFile: folder + "/many-\(index).md", atomically: true, encoding: .utf8)
      }
      var statuses: [Int] = []
      for index in 0..<(ServerLimits.boards + 3) {
        statuses.append(
          Security.status(await Self.get(port, "/b/many-\(index).md/api/board", token: token)))
      }
      #expect(statuses.prefix(ServerLimits.boards).allSatisfy { $0 == 200 })
      #expect(statuses.suffix(3).allSatisfy { $0 == 503 })
      let refused = await Self.get(port, "/b/one.md/api/board", token: token)
      #expect(refused.contains("boards are open already"))
      // Those open still answer, and the list has them all.
      #expect(Security.status(await Self.get(port, "/b/many-0.md/api/board", token: token)) == 200)
      #expect((await Self.get(port, "/api/boards", token: token)).contains("many-66.md"))
    }
  }

  @Test("Stopping writes every board's changes and gives up every lock")
  func stopping() async throws {
    let outer =
      NSTemporaryDirectory() + "arrange-folder-stop-\(getpid())-\(UInt32.random(in: 0...9999))"
    try FileManager.default.createDirectory(atPath: outer, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: outer) }
    try Self.one.write(toFile: outer + "/one.md", atomically: true, encoding: .utf8)
    let web = try #require(BoardServer.builtInWeb)
    let token = ServerGate.makeToken()
    let server = BoardServer(path: outer, host: "127.0.0.1", port: 0, web: web, token: token)
    let (addresses, continuation) = AsyncStream.makeStream(of: String.self)
    let running = Task { try await server.run(ready: { continuation.yield($0) }) }
    var iterator = addresses.makeAsyncIterator()
    let address = try #require(await iterator.next())
    let port = try #require(Int(address.split(separator: ":")[2].prefix { $0.isNumber }))
    #expect(
      Security.status(
        await Self.post(port, "/b/one.md/api/change", token: token, body: Security.change)) == 200)
    #expect(FileManager.default.fileExists(atPath: outer + "/.one.md.serve-lock"))
    running.cancel()
    let stop = try await running.value
    #expect(stop.isSaved)
    #expect(!FileManager.default.fileExists(atPath: outer + "/.one.md.serve-lock"))
    #expect(Security.contents(outer + "/one.md").contains("## Done\n\n- Alpha"))
  }

  @Test("A server of one board has no list and no board addresses; / is its board")
  func singleBoardUnchanged() async throws {
    try await Security.withServer { port, token, _ in
      for target in ["/api/boards", "/b/board.md/api/board", "/b/board.md/"] {
        #expect(Security.status(await Self.get(port, target, token: token)) == 404, "\(target)")
      }
      let root = await Self.get(port, "/", token: nil)
      #expect(root.contains("app.js") && !root.contains("board-list"))
      #expect(Security.status(await Self.get(port, "/api/board", token: token)) == 200)
    }
  }

  @Test(
    "A board's name has one address, and that address names it",
    arguments: ["one.md", "two board é.md", "a%b.md", "50% off!.md", "日本.md", "x~y_z-1.md"])
  func addressRoundTrip(name: String) {
    let segment = BoardFolder.segment(of: name)
    #expect(segment.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") })
    #expect(BoardFolder.name(inSegment: Substring(segment)) == name)
    #expect(
      ServerRoute(target: "/b/\(segment)/api/board") == .inBoard(name, .board))
  }

  @Test(
    "Names that are no board's, and spellings that are not the one address, name nothing",
    arguments: [
      "..", ".", "%2E%2E", ".md", ".hidden.md", "a%2Fb.md", "a%00.md", "a.txt", "%6Fne.md",
      "one%2emd", "a%2x.md", "a%", "%C3%28.md", "a%0A.md", "", "%E2%80%A8.md",
    ])
  func refusedNames(segment: String) {
    #expect(BoardFolder.name(inSegment: Substring(segment)) == nil)
  }
}
