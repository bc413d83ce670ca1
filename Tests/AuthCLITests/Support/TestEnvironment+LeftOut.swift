import AuthTestSupport
import Foundation

extension TestEnvironment {
  /// Whether tests that need something of this machine run: when it is `present`, and
  /// under CI in any case (where what is missing fails them). Otherwise they are left out,
  /// and standard error says so in `leftOut`'s words.
  static func runs(present: Bool, leftOut: String) -> Bool {
    if present || isContinuousIntegration { return true }
    FileHandle.standardError.write(Data((leftOut + "\n").utf8))
    return false
  }
}
