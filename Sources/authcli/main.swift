import AuthCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Before the concurrency runtime starts its threads, which inherit this mask.
SignalMask.acceptAllOnThisThread()
let tool = CommandLineTool(console: .standard(), process: .current())
let code = await tool.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
