/// The shells `completionScript(for:)` writes for.
public enum Shell: String, CaseIterable, Sendable {
  /// GNU bash 4 or later (bash-completion not needed).
  case bash
  /// zsh, through its completion system (`compinit`).
  case zsh
  /// fish 3 or later.
  case fish
}

/// What every completion script knows about one command, whatever the shell: the words
/// after it, the options it accepts, which of them read a value, its arguments.
struct CompletionNode {
  /// The subcommand words that lead here, space-separated; empty for the root.
  let key: String
  let subcommands: [(name: String, abstract: String)]
  let options: [OptionDeclaration]
  /// Long and short forms of the options that read a value, here or (typed early) below.
  let valueOptionForms: [String]
  let arguments: [ArgumentDeclaration]

  /// The argument the `index`-th positional word fills, if any.
  func argument(at index: Int) -> ArgumentDeclaration? {
    if index < arguments.count { return arguments[index] }
    if let last = arguments.last, last.isRepeating { return last }
    return nil
  }
}

extension ToolDeclaration {
  /// The script that makes `shell` complete this program's subcommands, options and values.
  public func completionScript(for shell: Shell) -> String {
    switch shell {
    case .bash: BashCompletion(tool: name, nodes: completionNodes).script
    case .zsh: ZshCompletion(tool: name, nodes: completionNodes).script
    case .fish: FishCompletion(tool: name, nodes: completionNodes).script
    }
  }

  var completionNodes: [CompletionNode] {
    allPaths().map { path in
      let command = path[path.count - 1]
      let options = optionsListed(along: path)
      let reading = (options + command.optionsBelow).filter(\.takesValue)
      return CompletionNode(
        key: path.dropFirst().map(\.name).joined(separator: " "),
        subcommands: command.subcommands.map { ($0.name, $0.abstract) },
        options: options,
        valueOptionForms: Array(Set(reading.flatMap(\.forms))).sorted(),
        arguments: command.action != nil ? command.arguments.map(resolved) : [])
    }
  }

  /// The argument with `subcommandNames` turned into the words it stands for.
  private func resolved(_ argument: ArgumentDeclaration) -> ArgumentDeclaration {
    guard case .subcommandNames(let extra) = argument.completion else { return argument }
    return ArgumentDeclaration(
      valueName: argument.valueName, help: argument.help, isOptional: argument.isOptional,
      isRepeating: argument.isRepeating,
      completion: .words(root.subcommands.map(\.name) + extra), key: argument.key,
      convert: argument.convert)
  }

  /// Every option anywhere, each name once, for the value completions keyed by option.
  var allOptionsOnce: [OptionDeclaration] {
    var seen: Set<String> = []
    return (root.options + root.optionsBelow).filter { seen.insert($0.name).inserted }
  }
}

extension OptionDeclaration {
  /// `--repetitions` and `-r`.
  var forms: [String] { [longForm] + (shortName.map { ["-" + String($0)] } ?? []) }

  /// The first sentence of the help, for the one-line descriptions shells show.
  var summary: String { ShellText.firstSentence(help) }
}

/// Quoting and shortening shared by the script writers.
enum ShellText {
  /// `it's` as `'it'\''s'`: a single-quoted word for bash and zsh.
  static func quoted(_ text: String) -> String {
    let parts = text.split(separator: "'", omittingEmptySubsequences: false)
    return "'" + parts.joined(separator: "'\\''") + "'"
  }

  /// A single-quoted word for fish, where `\'` and `\\` are the escapes.
  static func fishQuoted(_ text: String) -> String {
    var quoted = "'"
    for character in text {
      if character == "\\" || character == "'" { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "'"
  }

  /// Up to the first `. `, without the full stop.
  static func firstSentence(_ text: String) -> String {
    let flat = text.split(separator: "\n").joined(separator: " ")
    if let end = flat.indices.first(where: { flat[$0...].hasPrefix(". ") }) {
      return String(flat[..<end])
    }
    return flat.hasSuffix(".") ? String(flat.dropLast()) : flat
  }
}

/// What the bash and zsh scripts share: their function names, the lookup functions the
/// walk asks, the frame of the function that offers words, and the walk over the words
/// typed. Each shell gives only its own syntax: how a case label reads, what a command
/// offers and how, how the typed words are read, and how the script opens and registers.
protocol BourneCompletion {
  /// The program completed.
  var tool: String { get }
  /// Every command of the program, each with what follows it.
  var nodes: [CompletionNode] { get }
  /// The lines before the lookup functions: the comments, and any helper function.
  var opening: [String] { get }
  /// Alternatives, already quoted, as one case label.
  func pattern(_ alternatives: [String]) -> String
  /// The commands that offer a value's candidates.
  func add(_ completion: ValueCompletion) -> String
  /// The locals of `<f>_words`, declared before its `case`.
  var wordsLocals: [String] { get }
  /// What `<f>_words` offers after `node`'s words: its options, subcommands and arguments.
  func offers(_ node: CompletionNode) -> [String]
  /// Declares the walk's locals and opens the loop that puts each word before the cursor
  /// in `word`.
  var reading: [String] { get }
  /// How the shell names the last word before the cursor.
  var previousWord: String { get }
  /// The lines after the walk, which hand it to the shell.
  var registration: [String] { get }
}

extension BourneCompletion {
  /// `_my_tool` for `my-tool`: the prefix of every function the script defines.
  var function: String { "_" + String(tool.map { $0 == "-" ? "_" : $0 }) }

  /// The whole script.
  var script: String {
    let f = function
    var lines = opening + lookups
    lines += ["", "\(f)_words() {"] + wordsLocals + ["  case \"$1\" in"]
    for node in nodes {
      lines.append("    " + pattern([ShellText.quoted(node.key)]))
      lines += offers(node)
      lines.append("      ;;")
    }
    lines += ["  esac", "}", ""]
    lines += walk + registration
    return lines.joined(separator: "\n") + "\n"
  }

  /// `<f>_is_subcommand`, `<f>_takes_value` and `<f>_value`.
  private var lookups: [String] {
    let f = function
    var lines = ["\(f)_is_subcommand() {", "  case \"$1/$2\" in"]
    let subcommandPatterns = nodes.flatMap { node in
      node.subcommands.map { ShellText.quoted(node.key + "/" + $0.name) }
    }
    if !subcommandPatterns.isEmpty {
      lines.append("    " + pattern(subcommandPatterns) + " return 0 ;;")
    }
    lines += ["  esac", "  return 1", "}", "", "\(f)_takes_value() {", "  case \"$1/$2\" in"]
    let valuePatterns = nodes.flatMap { node in
      node.valueOptionForms.map { ShellText.quoted(node.key + "/" + $0) }
    }
    if !valuePatterns.isEmpty {
      lines.append("    " + pattern(valuePatterns) + " return 0 ;;")
    }
    lines += ["  esac", "  return 1", "}", "", "\(f)_value() {", "  case \"$1\" in"]
    var seen: Set<String> = []
    for option in nodes.flatMap(\.options) where option.takesValue {
      guard seen.insert(option.name).inserted else { continue }
      lines.append(
        "    \(pattern(option.forms.map(ShellText.quoted))) \(add(option.completion)) ;;")
    }
    lines += ["  esac", "}"]
    return lines
  }

  /// The function the shell calls: it walks the words typed, skipping option values,
  /// reading no options after `--` and keeping subcommand words as the command, then
  /// completes.
  private var walk: [String] {
    let f = function
    return ["\(f)() {"] + reading + [
      "    if ((skip)); then skip=0; continue; fi",
      "    if ((!ended)) && [[ $word == -- ]]; then ended=1; continue; fi",
      "    if ((!ended)) && [[ $word == -?* ]]; then",
      "      [[ $word != *=* ]] && \(f)_takes_value \"$command\" \"$word\" && skip=1",
      "      continue",
      "    fi",
      "    if ((positionals == 0)) && \(f)_is_subcommand \"$command\" \"$word\"; then",
      "      command=\"${command:+$command }$word\"",
      "    else",
      "      ((positionals++))",
      "    fi",
      "  done",
      "  if ((skip)); then",
      "    \(f)_value \"\(previousWord)\"",
      "  else",
      "    \(f)_words \"$command\" \"$positionals\" \"$ended\"",
      "  fi",
      "}",
    ]
  }
}
