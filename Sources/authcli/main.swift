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
// The arguments after the program's name, removed in place: an array made of a slice sends
// the runtime through every library's conformance records (docs/performance.md, "Start-up").
var arguments = CommandLine.arguments
if !arguments.isEmpty { arguments.remove(at: 0) }
let code = await tool.run(arguments)
exit(code.rawValue)
