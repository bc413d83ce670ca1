import AuthTestSupport
import Foundation
import Testing

extension DocumentationChecks {
  /// Examples/ConsumerPackage, a package of one's own written from docs/library.md alone,
  /// built by SwiftPM as any package that depends on authcli by path is, and its tests run:
  /// its store held to the shipped store contract.
  @Suite("Documentation: a package of one's own builds on the products")
  struct ConsumerPackageTests {
    @Test("Examples/ConsumerPackage builds, and its store keeps the shipped store contract")
    func consumerPackage() async throws {
      let swift = try #require(
        TestEnvironment.programPath("swift"), "the toolchain's swift is not in PATH")
      let package = Manual.root + "/Examples/ConsumerPackage"
      // A build folder of the tests' own under the package's .build, apart from one a
      // developer builds there by hand.
      let scratch = package + "/.build/tests"
      let build = try await ChildProcess.captured(
        swift, ["build", "--build-tests", "--package-path", package, "--scratch-path", scratch],
        timeout: 1200)
      try #require(
        build.status == 0, "swift build failed:\n\(build.output)\n\(build.errors)")
      let test = try await ChildProcess.captured(
        swift,
        ["test", "--skip-build", "--package-path", package, "--scratch-path", scratch],
        timeout: 600)
      let output = test.output + test.errors
      #expect(test.status == 0, "swift test failed:\n\(output)")
      // Every requirement ran, on the file and in memory, by the name the contract gives it.
      for requirement in [
        "UserStore: insert, find by name and id", "AuthStore: one name signed up",
      ] {
        #expect(
          output.components(separatedBy: requirement).count - 1 >= 2,
          "the contract's \"\(requirement)\" did not run twice:\n\(output)")
      }
      #expect(!build.output.contains("warning:"), "the build warned:\n\(build.output)")
    }
  }
}
