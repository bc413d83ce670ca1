import Foundation
import Testing

/// Passwords long enough for the rules and absent from the common-password list.
enum Passphrase {
  static let first = "correct horse battery staple"
  static let second = "an even longer new passphrase"
}

extension Sandbox {
  /// Signs up `name` with `Passphrase.first` through `--password-stdin`.
  func signUp(_ name: String, extra: [String] = []) async throws -> Run {
    try await run(
      ["signup", "--username", name, "--password-stdin"] + extra,
      input: "\(Passphrase.first)\n")
  }

  /// Signs in `name` with `password` through `--password-stdin`.
  func signIn(
    _ name: String, password: String, extra: [String] = [],
    extraEnvironment: [String: String] = [:]
  ) async throws -> Run {
    try await run(
      ["signin", "--username", name, "--password-stdin"] + extra, input: password + "\n",
      extraEnvironment: extraEnvironment)
  }

  /// Runs `arguments` (with `--json`) and `input`, and expects a refusal: the exit `status`
  /// and the JSON error's `kind` on standard error.
  func expectRefusal(
    _ kind: String, status: Int32 = 77, _ arguments: [String], input: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let refused = try await run(arguments, input: input)
    #expect(refused.status == status, "\(refused.errors)", sourceLocation: sourceLocation)
    let object =
      try JSONSerialization.jsonObject(with: Data(refused.errors.utf8)) as? [String: Any]
    let error = object?["error"] as? [String: Any]
    #expect(error?["kind"] as? String == kind, sourceLocation: sourceLocation)
  }

  /// The files in the session state folder.
  func stateFiles() throws -> [String] {
    guard FileManager.default.fileExists(atPath: stateFolder) else { return [] }
    return try FileManager.default.contentsOfDirectory(atPath: stateFolder).sorted()
  }
}

extension Sandbox.Run {
  /// The `{"error": {"code", "message"}}` object on standard error.
  func jsonError() throws -> (code: Int, message: String) {
    let object = try JSONSerialization.jsonObject(with: Data(errors.utf8)) as? [String: Any]
    let error = try #require(object?["error"] as? [String: Any])
    return (try #require(error["code"] as? Int), try #require(error["message"] as? String))
  }
}
