/// The version `authcli --version` prints.
enum AuthCLIVersion {
  /// The one place the version is written.
  static let current = "0.1.0"
}
