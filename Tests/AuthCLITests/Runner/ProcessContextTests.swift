import Foundation
import Testing

@testable import AuthCLI

@Suite("This process's context")
struct ProcessContextTests {
  @Test func everyDeclaredVariableReadsAsFoundationReadsIt() {
    let expected = ProcessInfo.processInfo.environment
    #expect(EnvironmentVariable.all.contains { expected[$0.name] != nil }, "none is set")
    for variable in EnvironmentVariable.all {
      let read = ProcessEnvironment.ofThisProcess[variable]
      #expect(read == expected[variable.name], "\(variable.name)")
    }
  }

  @Test func aGivenEnvironmentHoldsOnlyWhatItWasGiven() {
    let given: ProcessEnvironment = ["HOME": "/home/ada", "NO_COLOR": ""]
    #expect(given[.home] == "/home/ada")
    #expect(given[.noColor] == "")
    #expect(given[.database] == nil)
  }

  @Test func currentDirectoryIsTheWorkingDirectory() {
    #expect(ProcessContext.current().currentDirectory == FileManager.default.currentDirectoryPath)
  }
}
