import Testing

@testable import AuthCLI

@Suite("Database location")
struct DatabaseLocationTests {
  private let home = ["HOME": "/home/ada"]

  @Test func theOptionWinsOverTheEnvironment() throws {
    let location = try DatabaseLocation.resolve(
      option: "/data/a.sqlite3", environment: home.merging(["AUTHCLI_DB": "/env.sqlite3"]) { $1 },
      currentDirectory: "/work")
    #expect(location == .file("/data/a.sqlite3"))
  }

  @Test func theEnvironmentVariableComesNext() throws {
    let location = try DatabaseLocation.resolve(
      option: nil, environment: home.merging(["AUTHCLI_DB": "/env.sqlite3"]) { $1 },
      currentDirectory: "/work")
    #expect(location == .file("/env.sqlite3"))
  }

  @Test func thenTheXDGDataDirectory() throws {
    let xdg = try DatabaseLocation.resolve(
      option: nil, environment: home.merging(["XDG_DATA_HOME": "/xdg/data"]) { $1 },
      currentDirectory: "/work")
    #expect(xdg == .file("/xdg/data/authcli/auth.sqlite3", isDefault: true))
    let fallback = try DatabaseLocation.resolve(
      option: nil, environment: home, currentDirectory: "/work")
    #expect(fallback == .file("/home/ada/.local/share/authcli/auth.sqlite3", isDefault: true))
  }

  @Test func aRelativeXDGValueIsIgnoredAsTheSpecificationAsks() throws {
    let location = try DatabaseLocation.resolve(
      option: nil, environment: home.merging(["XDG_DATA_HOME": "relative"]) { $1 },
      currentDirectory: "/work")
    #expect(location == .file("/home/ada/.local/share/authcli/auth.sqlite3", isDefault: true))
  }

  @Test func relativePathsAreTakenFromTheWorkingDirectory() throws {
    let location = try DatabaseLocation.resolve(
      option: "../db/./a.sqlite3", environment: home, currentDirectory: "/work/here")
    #expect(location == .file("/work/db/a.sqlite3"))
  }

  @Test func memoryIsAThrowawayDatabase() throws {
    #expect(
      try DatabaseLocation.resolve(option: ":memory:", environment: home, currentDirectory: "/")
        == .memory)
  }

  @Test func withoutHomeOrXDGTheSettingIsRefused() {
    #expect(throws: CLIError.configuration("Set HOME or XDG_DATA_HOME to an absolute path")) {
      try DatabaseLocation.resolve(option: nil, environment: [:], currentDirectory: "/")
    }
  }

  @Test func anEmptyOptionIsAUsageError() {
    #expect(throws: CLIError.self) {
      try DatabaseLocation.resolve(option: "", environment: home, currentDirectory: "/")
    }
  }
}

extension DatabaseLocation {
  /// The location the option and exactly these variables name.
  fileprivate static func resolve(
    option: String?, environment: [String: String], currentDirectory: String
  ) throws(CLIError) -> DatabaseLocation {
    try resolve(
      option: option, environment: ProcessEnvironment(environment),
      currentDirectory: currentDirectory)
  }
}
