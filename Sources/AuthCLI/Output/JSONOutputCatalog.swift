/// Which value each command prints under `--json`, and where in it: the manual's table of
/// keys and of deprecated keys, and the vocabulary check, are derived from this list and
/// the values' declarations.
enum JSONOutputCatalog {
  /// One value a command prints.
  struct Entry: Sendable {
    /// The command's words as its users type them (`users show`, `migrate --adopt`), or
    /// `error` for the failure every command may print on standard error.
    let command: String
    /// Where the value stands: empty for the result itself (a list's records count as the
    /// result), `key[]` for a list's records, `key` for an object, nested with `.`; `on …`
    /// (an engine) and `with …` (an option) for keys printed beside the result's, `each …`
    /// for a line of a stream.
    let place: String
    let output: any JSONOutput.Type

    init(_ command: String, _ place: String, _ output: any JSONOutput.Type) {
      self.command = command
      self.place = place
      self.output = output
    }

    /// The result itself.
    init(_ command: String, _ output: any JSONOutput.Type) {
      self.init(command, "", output)
    }
  }

  static let entries: [Entry] = [
    Entry("signup", SessionStarted.self),
    Entry("signin", SessionStarted.self),
    Entry("whoami", WhoAmIShown.self),
    Entry("signout", SignedOut.self),
    Entry("passwd", PasswordChanged.self),
    Entry("sessions list", SessionListEntry.self),
    Entry("sessions revoke", SessionRevoked.self),
    Entry("sessions token", SessionTokenShown.self),
    Entry("sessions check", SessionStarted.self),
    Entry("sessions prune", PrunableCountsOutput.self),
    Entry("2fa enable", SecondFactorEnrolled.self),
    Entry("2fa confirm", SecondFactorConfirmed.self),
    Entry("2fa status", SecondFactorStatusShown.self),
    Entry("2fa disable", SecondFactorDisabled.self),
    Entry("2fa recovery-codes", RecoveryCodesMade.self),
    Entry("users list", UserListEntry.self),
    Entry("users add", AccountAdded.self),
    Entry("users show", AccountShown.self),
    Entry("users show", "sessions[]", SessionRecord.self),
    Entry("users delete", AccountDeleted.self),
    Entry("users lock", AccountLocked.self),
    Entry("users unlock", AccountUnlocked.self),
    Entry("users require-new-password", NewPasswordRequired.self),
    Entry("users reset-password", PasswordReset.self),
    Entry("users reset-2fa", SecondFactorReset.self),
    Entry("users rename", AccountRenamed.self),
    Entry("users expire", AccountExpirySet.self),
    Entry("users import", AccountsImported.self),
    Entry("users import", "accounts[]", AccountsImported.Account.self),
    Entry("users import", "skipped[]", AccountsImported.Skipped.self),
    Entry("users sign-in-work", SignInWorkShown.self),
    Entry("users sign-in-work", "with --set or --fit", SignInWorkChanged.self),
    Entry("users export", AccountsExported.self),
    Entry("users export", "each line", AccountExportLine.self),
    Entry("groups add", GroupMembersAdded.self),
    Entry("groups remove", GroupMembersRemoved.self),
    Entry("groups list", GroupListEntry.self),
    Entry("groups list", "with a group", GroupMembersShown.self),
    Entry("groups import", GroupsImported.self),
    Entry("groups import", "group_changes[]", GroupsImported.Change.self),
    Entry("groups check", GroupMembershipChecked.self),
    Entry("verify", PasswordVerified.self),
    Entry("audit", AuditEntry.self),
    Entry("migrate", MigrationsApplied.self),
    Entry("migrate --adopt", DumpAdopted.self),
    Entry("migrate status", MigrationStatusShown.self),
    Entry("migrate status", "applied_migrations[]", AppliedMigrationRecord.self),
    Entry("inspect", SchemaFacts.self),
    Entry("inspect", "applied_migrations[]", AppliedMigrationRecord.self),
    Entry("inspect", "prunable", PrunableCountsOutput.self),
    Entry("inspect", "on SQLite", SQLiteDatabaseTools.FileFacts.self),
    Entry("inspect", "on PostgreSQL", PostgresDatabaseTools.ServerFacts.self),
    Entry("backup", BackupMade.self),
    Entry("version", AuthCLIVersion.Shown.self),
    Entry("help errors", ErrorKindHelp.Table.self),
    Entry("help errors", "kinds[]", ErrorKindHelp.Kind.self),
    Entry("help errors", "field_kinds[]", ErrorKindHelp.FieldKinds.self),
    Entry("help exit-codes", ExitCodeHelp.Row.self),
    Entry("error", PrintedError.self),
    Entry("error", "error", PrintedError.Body.self),
    Entry("error", "error.fields[]", PrintedError.Field.self),
  ]
}
