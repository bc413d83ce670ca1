import CommandLineKit

/// `authcli completion`: the completion script for a shell, derived from
/// the same declarations as parsing and help.
@MainActor
enum CompletionCommand {
  static let shell = Argument<Shell>("shell", help: "The shell.")

  static let declaration: Subcommand = Subcommand(
    "completion", abstract: "Print the shell completion script for bash, zsh or fish.",
    discussion: """
      To load the completions in every new shell:
        bash  add 'source <(authcli completion bash)' to ~/.bashrc
        zsh   add 'source <(authcli completion zsh)' to ~/.zshrc, after compinit
        fish  authcli completion fish > ~/.config/fish/completions/authcli.fish
      """,
    arguments: [shell]
  ) { context in
    if context.options.json {
      throw context.usageError("A completion script is shell code, not JSON; leave out --json")
    }
    context.console.output.write(
      AuthCLITool.declaration.completionScript(for: try context.required(shell)))
  }
}
