import Testing

@testable import ArrangeServe

/// The page's files are sent gzipped to a browser that accepts it, as they are to one that does
/// not, and the answer says which (and that it depends on Accept-Encoding).
@Suite struct FileAnswerTests {
  static func head(_ answer: (head: [UInt8], body: [UInt8])) -> String {
    String(decoding: answer.head, as: UTF8.self)
  }

  @Test("Accept-Encoding is read as RFC 9110 says: gzip, x-gzip or *, unless weighted 0")
  func acceptEncoding() {
    let accepted = [
      "gzip", "gzip, deflate, br, zstd", "br;q=1.0, gzip;q=0.8", "x-gzip", "*", "GZIP",
      "deflate, *;q=0.5", " gzip ; q=0.001",
    ]
    let refused = [
      "", "identity", "br", "gzip;q=0", "gzip; q=0.0", "*;q=0", "deflate", "gzipx",
      // Weights that are no number from 0 to 1.
      "gzip;q=", "gzip;q=nan", "gzip;q=-1", "gzip;q=1e308", "gzip;q=x", ";;;,,,",
    ]
    for value in accepted { #expect(FileAnswer.acceptsGzip(value), "\(value)") }
    for value in refused { #expect(!FileAnswer.acceptsGzip(value), "\(value)") }
    // A long list of other codings still finds gzip.
    #expect(FileAnswer.acceptsGzip(String(repeating: "x, ", count: 3000) + "gzip"))
    // An explicit refusal of gzip wins over a star.
    #expect(!FileAnswer.acceptsGzip("*, gzip;q=0"))
  }

  @Test("A script is answered gzipped when accepted, as it is otherwise; both vary by encoding")
  func answers() throws {
    let text = Array(String(repeating: "function arrange() { return 42; }\n", count: 200).utf8)
    let file = FileAnswer(text, type: "text/javascript; charset=utf-8")
    let plain = file.answer(accepting: nil)
    #expect(plain.body == text)
    #expect(!Self.head(plain).contains("Content-Encoding"))
    #expect(Self.head(plain).contains("Vary: Accept-Encoding\r\n"))
    #expect(file.answer(accepting: "br").body == text)
    let packed = file.answer(accepting: "gzip, deflate")
    #expect(Self.head(packed).contains("Content-Encoding: gzip\r\n"))
    #expect(Self.head(packed).contains("Content-Length: \(packed.body.count)\r\n"))
    #expect(Self.head(packed).contains("Vary: Accept-Encoding\r\n"))
    // A gzip member (RFC 1952: magic, deflate, no flags, no time), far smaller than the text.
    #expect(Array(packed.body.prefix(8)) == [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0])
    #expect(packed.body.count < text.count / 10)
    // The same bytes give the same answer.
    #expect(FileAnswer.gzipped(text) == packed.body)
  }

  @Test("An image already compressed is sent as it is, whatever the browser accepts")
  func images() {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47] + Array(repeating: 7, count: 500)
    let file = FileAnswer(png, type: "image/png")
    #expect(file.gzip == nil)
    #expect(file.answer(accepting: "gzip").body == png)
    #expect(!Self.head(file.answer(accepting: "gzip")).contains("Vary"))
  }

  @Test("Nothing is gzipped when gzip would not make it smaller")
  func tiny() {
    let file = FileAnswer(Array("ok".utf8), type: "text/plain; charset=utf-8")
    #expect(file.gzip == nil)
    #expect(file.answer(accepting: "gzip").body == Array("ok".utf8))
  }
}
