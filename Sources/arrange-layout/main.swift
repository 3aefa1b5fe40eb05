import ArrangeLayoutJSON
import Foundation

// Everything but the process's streams lives in ArrangeLayoutJSON, where tests can reach it.
let result = LayoutCommand.run(arguments: Array(CommandLine.arguments.dropFirst())) {
  [UInt8](FileHandle.standardInput.readDataToEndOfFile())
}
FileHandle.standardOutput.write(Data(result.output.utf8))
FileHandle.standardError.write(Data(result.errorOutput.utf8))
exit(result.status)
