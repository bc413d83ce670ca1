/// The parts of each subcommand's help page beyond its summary and usage.
enum SubcommandHelp {
  static func options(of name: SubcommandName) -> [HelpPage.Entry] {
    switch name {
    case .signup, .signin: [GlobalOptionHelp.username, GlobalOptionHelp.passwordStandardInput]
    case .passwd: [GlobalOptionHelp.passwordStandardInput]
    case .signout:
      [.init(label: "--all", help: "End every session of the signed-in user, on every device.")]
    default: []
    }
  }

  static func arguments(of name: SubcommandName) -> [HelpPage.Entry] {
    switch name {
    case .sessions:
      [.init(label: "<id>", help: "The session to end, as shown by 'authcli sessions list'.")]
    case .migrate:
      [.init(label: "status", help: "Show applied and pending migrations; change nothing.")]
    case .help:
      [
        .init(label: "<subcommand>", help: "The subcommand to explain."),
        .init(label: "exit-codes", help: "List the exit codes and what they mean."),
      ]
    default: []
    }
  }

  static func subcommands(of name: SubcommandName) -> [HelpPage.Entry] {
    switch name {
    case .sessions:
      [
        .init(label: "list", help: "List the sessions, newest first; the current one is marked."),
        .init(label: "revoke", help: "End one of the sessions by its id."),
      ]
    case .users: [.init(label: "list", help: "List every account.")]
    default: []
    }
  }

  static func discussion(of name: SubcommandName) -> String? {
    switch name {
    case .signup:
      """
      Prompts for the password twice with echo off on a terminal. With --password-stdin,
      reads the password from the first line of standard input; nothing is confirmed and
      later lines are ignored.
      """
    case .signin:
      """
      Unknown user, wrong password and a locked account all exit with code 77 and the same
      message. The session token is kept in $XDG_STATE_HOME/authcli/, mode 0600.
      """
    case .passwd:
      """
      Prompts for the current password, then the new one twice. With --password-stdin,
      reads the current password, then the new one, one line each; later lines are ignored.
      """
    case .inspect:
      """
      Reads the database without changing it; exits 66 when the file does not exist and
      65 when the integrity check fails.
      """
    case .shell:
      """
      Menus accept the item's number or label. 'quit', 'exit' or Ctrl-D leave from anywhere;
      Ctrl-C cancels the current form. --db :memory: gives a throwaway database.
      """
    default: nil
    }
  }
}
