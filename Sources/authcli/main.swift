import AuthCLI
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

SignalMask.acceptAllOnThisThread()
let tool = CommandLineTool(
  console: .standard(), process: .current(), oneShotExecutor: MainThreadTaskExecutor())
let arguments = Array(CommandLine.arguments.dropFirst())
Task { @MainActor in
  let code = await tool.run(arguments)
  exit(code.rawValue)
}
// The main thread drains the main queue itself. An asynchronous `main` would park it
// at the first suspension and start a pool thread to drain the queue in its place.
dispatchMain()
