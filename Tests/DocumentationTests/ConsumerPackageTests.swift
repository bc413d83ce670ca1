import AuthTestSupport
import Foundation
import Testing

extension DocumentationChecks {
  /// Examples/ConsumerPackage, a package of one's own written from docs/library.md alone,
  /// built by SwiftPM as any package that depends on authcli by path is, and its tests run:
  /// its store, with its own migration's profile table, held to the shipped store contract.
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
        "GroupStore: members are added once", "UserStore: an expiry is stored on the account",
        "UserStore: the demand for a new password is off at first",
      ] {
        #expect(
          output.components(separatedBy: requirement).count - 1 >= 2,
          "the contract's \"\(requirement)\" did not run twice:\n\(output)")
      }
      #expect(!build.output.contains("warning:"), "the build warned:\n\(build.output)")
      try await Self.stockBinaryWorks(onTheFileOf: scratch + "/debug/app-accounts")
    }

    /// The app's tool makes an account and its profile in its database; the stock `authcli`
    /// then lists it, signs it in, inspects the file (the app's table among the other
    /// objects) and deletes it, the profile going with it.
    private static func stockBinaryWorks(onTheFileOf tool: String) async throws {
      let folder = NSTemporaryDirectory() + "authcli-consumer-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let database = folder + "/app.sqlite3"
      let password = "plum tractor dawn whistle"
      let made = try await ChildProcess.captured(
        tool, [database, "ada", "ada@example.org"], input: password + "\n")
      try #require(made.status == 0, "app-accounts failed:\n\(made.output)\(made.errors)")
      #expect(made.output == "Signed up ada <ada@example.org>.\n")
      let environment = [
        "HOME": folder, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "LC_ALL": "C.UTF-8",
      ]
      func authcli(_ arguments: [String], input: String = "") async throws -> ChildProcess.Captured
      {
        try await ChildProcess.captured(
          AuthCLIBinary.path, ["--db", database] + arguments, environment: environment,
          input: input)
      }
      let listed = try await authcli(["users", "list"])
      #expect(listed.status == 0 && listed.output.contains("ada"), "\(listed)")
      let signedIn = try await authcli(
        ["signin", "--username", "ada", "--password-stdin"], input: password + "\n")
      #expect(signedIn.status == 0, "\(signedIn)")
      let inspected = try await authcli(["inspect"])
      #expect(inspected.status == 0, "\(inspected)")
      #expect(inspected.output.contains("Other objects:   table profiles"), "\(inspected.output)")
      #expect(inspected.output.contains("Schema check:    ok"), "\(inspected.output)")
      // How many profiles the file holds, as the stock `inspect --json` counts them.
      func profileRows() async throws -> Int? {
        let report = try await authcli(["inspect", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(report.output.utf8))
        return ((json as? [String: Any])?["tables"] as? [String: Any])?["profiles"] as? Int
      }
      #expect(try await profileRows() == 1)
      let deleted = try await authcli(["users", "delete", "ada", "--yes"])
      #expect(deleted.status == 0, "\(deleted)")
      #expect(try await profileRows() == 0)
    }
  }
}
