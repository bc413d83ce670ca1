#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The file formats `users import` reads, one account a line.
public enum AccountImportFormat: String, CaseIterable, Hashable, Sendable {
  /// Apache's `name:hash` (bcrypt only; `$apr1$` and `{SHA}` are refused as weak).
  case htpasswd
  /// `/etc/shadow`: `name:hash:…` and the account's expiry (field 8); the other fields are
  /// ignored.
  case shadow
  /// Django's `auth_user` as `username:password`, one row a line (for example what
  /// `psql -A -t -F: -c 'SELECT username, password FROM auth_user'` prints).
  case django
  /// authcli's own `users export`: one JSON object a line, decoded before the import
  /// (`AccountImportEntry.record`).
  case jsonl
}

/// An account as another authcli database exported it, decoded from its line.
public struct AccountImportRecord: Hashable, Sendable {
  /// The username as written.
  public let name: String
  /// The stored hash as written.
  public let hash: String
  /// When the account was created there.
  public let createdAt: Date?
  /// When it last changed there.
  public let updatedAt: Date?
  /// Its latest sign-in there.
  public let lastSignInAt: Date?
  /// Its lock there.
  public let lock: AccountLock?
  /// Its second factor there; `nil` when it had none, or when the export is older than the
  /// field.
  public let secondFactor: ExportedSecondFactor?
  /// Its expiry there (the first moment refused); `nil` when it had none, or when the
  /// export is older than the field.
  public var expiresAt: Date? = nil
  /// Whether its next sign-in had to choose a new password there; `false` when the export
  /// is older than the field.
  public var passwordChangeRequired = false

  /// Describes an exported account.
  public init(
    name: String, hash: String, createdAt: Date?, updatedAt: Date?, lastSignInAt: Date?,
    lock: AccountLock?, secondFactor: ExportedSecondFactor? = nil
  ) {
    self.name = name
    self.hash = hash
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.lastSignInAt = lastSignInAt
    self.lock = lock
    self.secondFactor = secondFactor
  }
}

/// One line of the file: text the format's layout splits, or an account already decoded
/// (JSON Lines), or a line the decoder refused.
public enum AccountImportEntry: Hashable, Sendable {
  /// Text laid out as the request's format says.
  case line(String)
  /// An exported account.
  case record(AccountImportRecord)
  /// Nothing to import (a blank line).
  case blank
  /// A line that could not be decoded, and why.
  case malformed(String)
}

/// What to import and how strictly.
public struct AccountImportRequest: Sendable {
  /// How the lines are laid out.
  public let format: AccountImportFormat
  /// The file's lines, without their line endings; line numbers count from 1.
  public let entries: [AccountImportEntry]
  /// Reports what would happen and writes nothing.
  public let dryRun: Bool
  /// Imports the acceptable lines even when others are refused.
  public let skipInvalid: Bool
  /// Imports a locked shadow entry (`!…`, `*`, or an expiry day that has come) as a locked
  /// account instead of refusing it.
  public let keepLocked: Bool
  /// Imports a shadow entry whose expiry is still to come without it, instead of keeping
  /// it as the account's expiry.
  public let dropExpiry: Bool
  /// Imports an exported account without its second factor, instead of moving it.
  public let dropSecondFactors: Bool
  /// Keeps hashes dearer than the store's sign-in work (up to `HashWorkRule.mostSignInWork`)
  /// and raises the store's sign-in work to the dearest kept, instead of refusing them.
  public var raiseSignInWork = false

  /// Describes an import.
  public init(
    format: AccountImportFormat, lines: [String], dryRun: Bool = false,
    skipInvalid: Bool = false, keepLocked: Bool = false, dropExpiry: Bool = false
  ) {
    self.init(
      format: format, entries: lines.map(AccountImportEntry.line), dryRun: dryRun,
      skipInvalid: skipInvalid, keepLocked: keepLocked, dropExpiry: dropExpiry)
  }

  /// Describes an import of lines some of which are decoded already.
  public init(
    format: AccountImportFormat, entries: [AccountImportEntry], dryRun: Bool = false,
    skipInvalid: Bool = false, keepLocked: Bool = false, dropExpiry: Bool = false,
    dropSecondFactors: Bool = false
  ) {
    self.format = format
    self.entries = entries
    self.dryRun = dryRun
    self.skipInvalid = skipInvalid
    self.keepLocked = keepLocked
    self.dropExpiry = dropExpiry
    self.dropSecondFactors = dropSecondFactors
  }
}

/// An account taken (or, in a dry run, that would be taken) from a line.
public struct ImportedAccount: Hashable, Sendable {
  /// The line it came from, from 1.
  public let line: Int
  /// The canonical username.
  public let username: String
  /// The scheme of the hash kept; `nil` for a locked entry with no usable hash, kept
  /// under `--keep-locked` with a hash no password matches.
  public let scheme: LegacyPasswordHash.Scheme?
  /// Whether the account arrives locked (a locked shadow entry under `--keep-locked`).
  public let locked: Bool
  /// The shadow entry's expiry (`YYYY-MM-DD`) when it was still to come and was not kept
  /// (`dropExpiry`).
  public let droppedExpiry: String?
  /// The shadow entry's expiry, kept as the account's (the first moment refused), when it
  /// was still to come and not dropped.
  public let expiresAt: Date?
  /// What became of the exported account's second factor.
  public let secondFactor: SecondFactorTransfer
  /// How many unused recovery codes its moved factor had there and does not have here.
  public let recoveryCodesNotMoved: Int
  /// Whether its next sign-in must choose a new password (a shadow entry whose last change
  /// is day 0).
  public let passwordChangeRequired: Bool

  init(
    line: Int, username: String, scheme: LegacyPasswordHash.Scheme?, locked: Bool,
    droppedExpiry: String? = nil, secondFactor: SecondFactorTransfer = .none,
    recoveryCodesNotMoved: Int = 0, expiresAt: Date? = nil, passwordChangeRequired: Bool = false
  ) {
    self.expiresAt = expiresAt
    self.line = line
    self.username = username
    self.scheme = scheme
    self.locked = locked
    self.droppedExpiry = droppedExpiry
    self.secondFactor = secondFactor
    self.recoveryCodesNotMoved = recoveryCodesNotMoved
    self.passwordChangeRequired = passwordChangeRequired
  }
}

/// What an import does with an exported account's second factor.
public enum SecondFactorTransfer: String, Hashable, Sendable {
  /// The line has none.
  case none
  /// Moved: its secret sealed anew for the new account, its state and last step kept.
  case moved
  /// Left behind, as `dropSecondFactors` asked: the password alone signs in.
  case dropped
}

/// A line not imported, and why; never carries the hash.
public struct ImportRefusal: Hashable, Sendable {
  /// The line, from 1.
  public let line: Int
  /// The name as the line gives it, when it gives one.
  public let username: String?
  /// Why, as a report prints it after `line N: `.
  public let reason: String
  /// The request's setting that would take the line in, when one would; the front end
  /// words it (as its option).
  public let remedy: ImportRemedy?

  init(line: Int, username: String?, reason: String, remedy: ImportRemedy? = nil) {
    self.line = line
    self.username = username
    self.reason = reason
    self.remedy = remedy
  }
}

/// A setting of `AccountImportRequest` that takes in a line refused without it.
public enum ImportRemedy: Hashable, Sendable {
  /// `keepLocked`: the account arrives locked.
  case keepLocked
  /// `dropExpiry`: the account arrives without its expiry.
  case dropExpiry
  /// `dropSecondFactors`: the account arrives without its second factor.
  case dropSecondFactors
  /// `raiseSignInWork`: the hash is kept, and every sign-in then costs `work` (Argon2id
  /// KiB × passes), the store's sign-in work raised to it.
  case raiseSignInWork(to: Int)
}

/// What an import did, or (refused or in a dry run) would have done.
public struct AccountImportReport: Hashable, Sendable {
  /// The accounts accepted, in the file's order.
  public let accepted: [ImportedAccount]
  /// The lines refused, in the file's order.
  public let refused: [ImportRefusal]
  /// Whether the accepted accounts were written: false in a dry run, and when lines were
  /// refused without `--skip-invalid` (all or nothing).
  public let written: Bool
  /// The store's sign-in work before and after (or, in a dry run, as it would be), when the
  /// import raised it.
  public var signInWork: SignInWorkChange? = nil

  /// How many accepted accounts each scheme has, by the scheme's name (`none` for a locked
  /// entry without a usable hash).
  public var countsPerScheme: [String: Int] {
    accepted.reduce(into: [:]) { counts, account in
      counts[account.scheme?.rawValue ?? "none", default: 0] += 1
    }
  }
}

/// The store's sign-in work (Argon2id KiB × passes) raised from one value to another.
public struct SignInWorkChange: Hashable, Sendable {
  /// The work before.
  public let from: Int
  /// The work after.
  public let to: Int

  /// The change from `from` to `to`.
  public init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }
}
