/// The XDG base directories authcli uses, with their fallbacks under `$HOME`.
enum XDGDirectory {
  /// `$XDG_DATA_HOME`, else `~/.local/share`: the database.
  case data
  /// `$XDG_STATE_HOME`, else `~/.local/state`: the session token.
  case state

  private var variable: EnvironmentVariable {
    switch self {
    case .data: .dataHome
    case .state: .stateHome
    }
  }

  private var fallback: String {
    switch self {
    case .data: ".local/share"
    case .state: ".local/state"
    }
  }

  /// The directory; a relative `XDG_…` value is ignored, as the XDG specification asks.
  func path(environment: ProcessEnvironment) throws(CLIError) -> String {
    if let value = environment[variable], value.hasPrefix("/") { return value }
    guard let home = environment[.home], home.hasPrefix("/") else {
      throw .configuration(
        "Set \(EnvironmentVariable.home.name) or \(variable.name) to an absolute path")
    }
    return home + "/" + fallback
  }
}
