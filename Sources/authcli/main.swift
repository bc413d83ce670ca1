import AuthCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// First of all: a closed standard descriptor would be taken by the next file opened.
guard let streams = StandardStreams.openMissing() else { exit(ExitCode.ioError.rawValue) }
// Before the concurrency runtime starts its threads, which inherit this mask.
SignalMask.acceptAllOnThisThread()
let tool = CommandLineTool(console: .standard(streams), process: .current())
let code = await tool.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
