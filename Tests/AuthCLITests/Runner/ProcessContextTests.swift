import Foundation
import Testing

@testable import AuthCLI

@Suite("This process's context")
struct ProcessContextTests {
  @Test func environmentReadFromEnvironMatchesFoundations() {
    let expected = ProcessInfo.processInfo.environment
    let read = ProcessContext.environmentOfThisProcess()
    #expect(!read.isEmpty)
    #expect(read == expected)
  }

  @Test func currentDirectoryIsTheWorkingDirectory() {
    #expect(ProcessContext.current().currentDirectory == FileManager.default.currentDirectoryPath)
  }
}
