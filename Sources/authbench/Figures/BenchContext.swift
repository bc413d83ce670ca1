import AuthCore
import AuthCrypto
import CBaseline
import Foundation

/// What every figure needs: the options, a folder, the token source and the checksum.
final class BenchContext {
  /// The command line's choices.
  let options: BenchOptions
  /// Where databases go.
  let directory: BenchDirectory
  /// The token source authcli uses.
  let tokens: SodiumTokenSource
  /// Folds measured results so nothing is optimised away.
  let checksum = Checksum()
  /// Set-up notes for the report.
  var notes: [String] = []
  /// A real Argon2id hash (minimum cost) for users whose password is never checked.
  let fillerHash: String

  /// Prepares libsodium and the folder.
  init(options: BenchOptions) throws {
    self.options = options
    directory = try BenchDirectory(parent: options.directory)
    tokens = try SodiumTokenSource()
    guard cb_sodium_init() == 0 else { throw BenchError(description: "libsodium did not start") }
    var output = [CChar](repeating: 0, count: 128)
    let password = Array("filler password of benchmark users".utf8CString.dropLast())
    guard cb_password_hash(&output, password, password.count, 1, 8192) == 0 else {
      throw BenchError(description: "cannot hash the filler password")
    }
    let end = output.firstIndex(of: 0) ?? output.endIndex
    fillerHash = String(decoding: output[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// The Argon2id costs authbench can sign in with.
enum CostName {
  /// The names accepted by `--cost`.
  static let all = ["interactive", "moderate", "minimum"]

  /// The cost of a name (interactive, authcli's default, for anything else).
  static func cost(_ name: String) -> Argon2Cost {
    switch name {
    case "moderate": .moderate
    case "minimum": .minimum
    default: .interactive
    }
  }
}

/// A clock that stays where it is put, so that session checks never renew (write).
struct FixedClock: WallClock {
  /// The time it always tells.
  let time: Date

  /// Now, as fixed.
  func now() -> Date { time }
}
