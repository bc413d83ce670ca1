import CommandLineKit
import Foundation

// The measuring runs off the main actor (in `BenchRunner`), so that no call measured
// pays for a hop back to the main thread.
do {
  switch try BenchCommandLine.parse(Array(CommandLine.arguments.dropFirst())) {
  case .help(let page):
    print(page, terminator: "")
  case .run(let options):
    #if DEBUG
      BenchRunner.progress("warning: a debug build; use `swift run -c release authbench`")
    #endif
    let report = try await BenchRunner.run(options)
    print(options.json ? try report.json() : TableRenderer.render(report))
  }
} catch let error as UsageError {
  FileHandle.standardError.write(Data("Error: \(error.message)\n\(error.hint)\n".utf8))
  exit(64)
} catch {
  FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
  exit(1)
}
