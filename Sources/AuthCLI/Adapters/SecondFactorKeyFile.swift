import AuthCore
import AuthCrypto
import AuthDatabase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The key that seals second-factor secrets, kept in a file outside the database:
/// `AUTHCLI_SECRET_KEY_FILE`, else `authcli.key` beside the state folder
/// (`$XDG_STATE_HOME/authcli.key`), so that a copy of the database or a backup alone
/// yields no secret.
///
/// It is read like the session file (a regular file of this user, 0600, in a folder no one
/// else can write) and made only through the private create the database file uses, which
/// never replaces a file that exists. It is read only when a factor is enrolled or used.
struct SecondFactorKeyFile: SecondFactorKeySource {
  /// Where the key is.
  let path: String

  /// The key file named by the environment, or the one beside the state folder; without
  /// either (no HOME), a source that says so when a key is needed, so that commands that
  /// need none still run.
  static func located(environment: ProcessEnvironment) -> any SecondFactorKeySource {
    if let named = environment[.secretKeyFile], !named.isEmpty {
      return SecondFactorKeyFile(path: named)
    }
    do {
      return SecondFactorKeyFile(
        path: try XDGDirectory.state.path(environment: environment) + "/"
          + KnownFile.secondFactorKeyName)
    } catch {
      return Unlocated(reason: ErrorReport(error).message)
    }
  }

  /// No place for the key file is known.
  private struct Unlocated: SecondFactorKeySource {
    let reason: String
    func keys(creatingIfMissing: Bool) throws(SecondFactorError) -> SecondFactorKeys {
      throw .keyUnavailable(
        "No place for the second-factor key file (\(reason)); set "
          + EnvironmentVariable.secretKeyFile.name)
    }
  }

  /// The sealer and recovery-code source under the key; with `creatingIfMissing`, a missing
  /// file is made first (32 random bytes, 0600).
  func keys(creatingIfMissing: Bool) throws(SecondFactorError) -> SecondFactorKeys {
    let shown = FilePathText.shellWord(path)
    var contents = try read()
    if contents == nil, creatingIfMissing {
      try create()
      contents = try read()
    }
    guard let contents else {
      throw .keyUnavailable(
        "No second-factor key file at \(shown); without it no second factor can be checked")
    }
    do {
      let key = try SealingKey(keyFileContents: contents)
      return SecondFactorKeys(
        sealer: SodiumSecretSealer(key: key), recoveryCodes: SodiumRecoveryCodes(key: key))
    } catch {
      throw .keyUnavailable(
        "The second-factor key file \(shown) is not a key (it must hold exactly"
          + " \(SealingKey.byteCount) random bytes)")
    }
  }

  private func read() throws(SecondFactorError) -> [UInt8]? {
    do {
      return try PrivateFileReader.read(path)
    } catch {
      throw .keyUnavailable(ErrorReport(error).message)
    }
  }

  private func create() throws(SecondFactorError) {
    let shown = FilePathText.shellWord(path)
    do {
      let folder = PathText.parent(of: path)
      try PrivateFileReader.checkPath(to: folder)
      try PrivateDirectory.create(folder)
      try PrivateFileReader.checkFolder(folder)
    } catch {
      throw .keyUnavailable(ErrorReport(error).message)
    }
    let bytes: [UInt8]
    do { bytes = try SealingKey.newKeyFileContents() } catch {
      throw .library("libsodium could not be initialised")
    }
    do {
      try PrivateFileCreation.create(at: path) { temporary in
        try Self.write(bytes, to: temporary)
      }
    } catch let failure as PrivateFileCreation.Failure {
      throw .keyUnavailable("Cannot create the second-factor key file \(shown): \(failure.reason)")
    } catch {
      throw .keyUnavailable("Cannot create the second-factor key file \(shown)")
    }
  }

  private struct WriteFailure: Error {}

  /// Writes the whole key into the new, still private file and flushes it to disk.
  private static func write(_ bytes: [UInt8], to temporary: String) throws {
    let descriptor = open(temporary, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { throw WriteFailure() }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes {
        SystemCall.write(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw WriteFailure() }
      written += count
    }
    guard fsync(descriptor) == 0 else { throw WriteFailure() }
  }
}
