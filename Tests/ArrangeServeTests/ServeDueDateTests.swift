import ArrangeTestSupport
import Testing

/// Due dates sent by a page to `arrange serve`: what taskell reads is saved, the rest refused
/// with the forms that work and the file left as it was.
@Suite(.ownThread) struct ServeDueDateTests {
  typealias Security = ServerSecurityTests

  static func due(_ text: String) -> String {
    #"{"version":1,"requests":[{"op":"due","card":0,"due":"\#(text)"}]}"#
  }

  @Test("A due date that is not a date is refused with the forms that work")
  func refused() async throws {
    try await Security.withServer { port, token, path in
      let lines = [
        "POST /api/change HTTP/1.1", "Host: 127.0.0.1:\(port)", "X-Arrange-Token: \(token)",
      ]
      let answer = await Security.send(port, lines, body: Self.due("next friday"))
      #expect(answer.contains(#""refused":true"#))
      #expect(answer.contains("Due dates are written 2026-12-24, 2026-12-24 17:30, or relative"))
      #expect(Security.contents(path) == Security.board)
      let saved = await Security.send(port, lines, body: Self.due("2026-12-24"))
      #expect(Security.status(saved) == 200)
      #expect(saved.contains(#""refused":false"#))
      #expect(
        Security.contents(path)
          == "## To Do\n\n- Alpha\n    @ 2026-12-24\n- Beta\n\n## Done\n\n- Gamma\n")
    }
  }
}
