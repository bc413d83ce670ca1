import Foundation
import Testing

@testable import AuthCLI

@Suite("Help pages")
@MainActor
struct HelpTests {
  private let harness = ToolHarness()

  @Test func helpFlagsAndTheHelpSubcommandAgreeForEverySubcommand() async {
    for name in SubcommandName.allCases {
      let viaHelp = await harness.run(["help", name.rawValue])
      let viaLong = await harness.run([name.rawValue, "--help"])
      let viaShort = await harness.run([name.rawValue, "-h"])
      #expect(viaHelp.code == .ok)
      #expect(viaHelp.output.hasPrefix("OVERVIEW: " + HelpCatalog.abstract(of: name)))
      #expect(viaHelp.output == viaLong.output, "\(name)")
      #expect(viaHelp.output == viaShort.output, "\(name)")
      #expect(viaHelp.errors.isEmpty)
    }
  }

  @Test func theRootPageListsEverySubcommandInTheArgumentParserLayout() async {
    let page = await harness.run(["--help"]).output
    #expect(await harness.run(["-h"]).output == page)
    #expect(await harness.run(["help"]).output == page)
    #expect(await harness.run([]).output == page)
    for heading in ["OVERVIEW: ", "\n\nUSAGE: authcli ", "\n\nOPTIONS:\n", "\n\nSUBCOMMANDS:\n"] {
      #expect(page.contains(heading), "\(heading)")
    }
    #expect(page.hasSuffix("\n\n  See 'authcli help <subcommand>' for detailed help.\n"))
    for name in SubcommandName.allCases {
      #expect(page.contains("\n  \(name.rawValue) "), "\(name)")
    }
    for option in ["--db <path>", "--json", "--no-input", "--no-color", "--version", "-h, --help"] {
      #expect(page.contains("\n  \(option) "), "\(option)")
    }
  }

  @Test func everyPageFitsEightyColumns() {
    let topics: [HelpTopic] =
      [.root, .exitCodes] + SubcommandName.allCases.map(HelpTopic.subcommand)
    for topic in topics {
      for line in HelpCatalog.text(for: topic).split(separator: "\n") {
        #expect(line.count <= 80, "\(topic): \(line)")
      }
    }
  }

  @Test func subcommandPagesShowTheirOwnOptionsAndArguments() {
    let signUp = HelpCatalog.text(for: .subcommand(.signup))
    #expect(signUp.contains("USAGE: authcli signup [--username <name>] [--password-stdin]"))
    #expect(signUp.contains("\n  --username <name> "))
    #expect(signUp.contains("\n  --password-stdin "))
    #expect(!signUp.contains("--all"))
    let sessions = HelpCatalog.text(for: .subcommand(.sessions))
    #expect(sessions.contains("ARGUMENTS:\n  <id> "))
    #expect(sessions.contains("SUBCOMMANDS:\n  list "))
    #expect(!sessions.contains("See 'authcli help <subcommand>'"))
  }

  @Test func versionPrintsTheVersionAlone() async {
    let result = await harness.run(["--version"])
    #expect(result.code == .ok)
    #expect(result.output == AuthCLIVersion.current + "\n")
    #expect(await harness.run(["whoami", "--version"]).output == result.output)
  }

  @Test func exitCodesAreListedWithTheirNumbersAndNames() async {
    let result = await harness.run(["help", "exit-codes"])
    #expect(result.code == .ok)
    for code in ExitCode.allCases {
      #expect(result.output.contains("\n  \(code.rawValue) "), "\(code)")
      #expect(result.output.contains(code.name))
    }
    #expect(ExitCode.allCases.map(\.rawValue) == [0, 64, 65, 66, 69, 70, 73, 74, 75, 77, 78, 130])
  }
}
