import ArrangeLayoutJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Everything but the process's streams lives in ArrangeLayoutJSON, where tests can reach it.
// The streams are read and written with plain read(2) and write(2): an error on them (a folder
// as standard input, a closed or full standard output) is reported with exit status 1, never a
// crash.

/// Writes `message` to standard error as far as it can, and exits with status 1.
func fail(_ message: String) -> Never {
  _ = writeAll("error: \(message)\n", to: 2)
  exit(1)
}

/// Writes all of `text` to `descriptor`; the `errno` text of the first failure, or `nil`.
func writeAll(_ text: String, to descriptor: Int32) -> String? {
  var bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeMutableBytes { buffer -> Int in
      guard let start = buffer.baseAddress else { return 0 }
      return write(descriptor, start + offset, buffer.count - offset)
    }
    if written < 0 {
      if errno == EINTR { continue }
      return String(cString: strerror(errno))
    }
    offset += written
  }
  return nil
}

/// All of standard input, at most ``LayoutCommand/maximumInputSize`` bytes; exits with a
/// message when it cannot be read or is larger.
func readStandardInput() -> [UInt8] {
  var input: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if count < 0 {
      if errno == EINTR { continue }
      fail("cannot read standard input: \(String(cString: strerror(errno)))")
    }
    if count == 0 { return input }
    if input.count + count > LayoutCommand.maximumInputSize {
      fail("input too large (more than \(LayoutCommand.maximumInputSize) bytes)")
    }
    input.append(contentsOf: chunk[0..<count])
  }
}

// Writing to a closed pipe must be an error to report, not a signal that ends the process.
signal(SIGPIPE, SIG_IGN)
let result = LayoutCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()), standardInput: readStandardInput)
if !result.output.isEmpty, let problem = writeAll(result.output, to: 1) {
  fail("cannot write standard output: \(problem)")
}
if !result.errorOutput.isEmpty { _ = writeAll(result.errorOutput, to: 2) }
exit(result.status)
