import AuthCLI
import Foundation

let tool = CommandLineTool(console: .standard(), process: .current())
let code = await tool.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
