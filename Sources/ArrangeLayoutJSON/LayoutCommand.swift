import Foundation

/// The `arrange-layout` command: reads a layout document, lays it out, and prints every frame.
///
/// The executable only forwards its arguments and standard input here and writes the result, so
/// that tests can run the whole command in-process:
///
/// ```swift
/// let result = LayoutCommand.run(arguments: ["--exact", "layout.json"]) { [] }
/// print(result.output, terminator: "")
/// ```
package enum LayoutCommand {
  /// What a run of the command produced: its exit status and the text of its two streams.
  package struct Result: Hashable, Sendable {
    /// The exit status: ``success``, ``invalidInput`` or ``usageError``.
    package var status: Int32
    /// The text for standard output.
    package var output: String
    /// The text for standard error.
    package var errorOutput: String

    /// Creates a result.
    package init(status: Int32, output: String = "", errorOutput: String = "") {
      self.status = status
      self.output = output
      self.errorOutput = errorOutput
    }
  }

  /// The exit status after a layout, with or without diagnostics.
  package static let success: Int32 = 0
  /// The exit status when the input cannot be read or is not a valid layout document.
  package static let invalidInput: Int32 = 1
  /// The exit status when the command line itself is wrong.
  package static let usageError: Int32 = 2

  /// The text printed by `--help`.
  package static let help = """
    OVERVIEW: Lays out a tree of groups, flows and leaves described in JSON and prints the
    frame of every node.

    USAGE: arrange-layout [--exact] [--svg] [FILE]

    ARGUMENTS:
      FILE          The layout document; standard input when omitted or "-".

    OPTIONS:
      --exact       Print frames before rounding instead of frames snapped to the grid.
      --svg         Print an SVG picture of the frames instead: every node a box, nested
                    boxes tinted by depth, labelled with its name; diagnostics as comments.
      -h, --help    Show this help.

    OUTPUT:
      One line per node, parents before children: "NAME X Y WIDTH HEIGHT", where NAME is the
      node's "id", or its path (such as root.children[1]) when it has none. Then one line per
      diagnostic: "diagnostic: NAME: MESSAGE".

    EXIT STATUS:
      0 laid out (even with diagnostics), 1 invalid input (message on standard error),
      2 usage error.

    The document format is described in docs/layout-json.md.

    """

  private static let usageLine = "usage: arrange-layout [--exact] [--svg] [FILE]"

  /// The largest document read, in bytes (64 MiB): larger input, from a file or standard
  /// input, is refused with "input too large" instead of being read without end.
  package static let maximumInputSize = 64 << 20

  /// Runs the command with `arguments` (without the program name).
  ///
  /// - Parameters:
  ///   - arguments: the command-line arguments after the program name.
  ///   - standardInput: reads all of standard input; called only when no file is named or the
  ///     file is `-`.
  /// - Returns: the exit status and the text to write to standard output and standard error.
  package static func run(
    arguments: [String], standardInput: () -> [UInt8]
  ) -> Result {
    var exact = false
    var picture = false
    var file: String? = nil
    var optionsEnded = false
    for argument in arguments {
      if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
        switch argument {
        case "--": optionsEnded = true
        case "--exact": exact = true
        case "--svg": picture = true
        case "-h", "--help": return Result(status: success, output: help)
        default:
          return usageFailure("unknown option '\(argument)'")
        }
      } else if let file {
        return usageFailure("more than one file: '\(file)' and '\(argument)'")
      } else {
        file = argument
      }
    }

    let input: [UInt8]
    if let file, file != "-" {
      switch read(file) {
      case .success(let bytes): input = bytes
      case .failure(let message):
        return Result(status: invalidInput, errorOutput: "error: \(message)\n")
      }
    } else {
      input = standardInput()
    }
    do {
      let document = try LayoutDocument.parse(input)
      let output = picture ? document.svg(exact: exact) : document.run(exact: exact)
      return Result(status: success, output: output)
    } catch {
      return Result(status: invalidInput, errorOutput: "error: \(error)\n")
    }
  }

  private static func usageFailure(_ message: String) -> Result {
    Result(
      status: usageError,
      errorOutput: "error: \(message)\n\(usageLine)\nRun 'arrange-layout --help' for more.\n")
  }

  private enum ReadResult {
    case success([UInt8])
    case failure(String)
  }

  private static func read(_ path: String) -> ReadResult {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return .failure("cannot read '\(path)': no such file")
    }
    if isDirectory.boolValue {
      return .failure("cannot read '\(path)': it is a directory")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      return .failure("cannot read '\(path)': permission denied")
    }
    if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = attributes[.size] as? NSNumber, size.intValue > maximumInputSize
    {
      return .failure(
        "cannot read '\(path)': input too large (more than \(maximumInputSize) bytes)")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure("cannot read '\(path)'")
    }
    return .success([UInt8](data))
  }
}
