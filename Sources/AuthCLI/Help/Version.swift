/// The version `authcli --version` prints.
public enum AuthCLIVersion {
  /// The one place the version is written.
  public static let current = "0.1.0"
}
