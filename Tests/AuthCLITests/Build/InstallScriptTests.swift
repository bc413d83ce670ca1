import AuthTestSupport
import Foundation
import Testing

/// `script/install` into a throwaway prefix, with the binary the suite tests (a release build
/// takes minutes; `--binary` skips it): the program, the manual page `man` finds under the
/// prefix, and the completions where bash, zsh and fish look for them; the program stripped,
/// with what was stripped beside it where gdb looks.
@Suite("script/install")
struct InstallScriptTests {
  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("script/install").path

  @Test func installsTheProgramItsManualPageAndItsCompletionsUnderAPrefix() async throws {
    let sandbox = try Sandbox()
    let prefix = sandbox.root + "/prefix"
    let installed = try await sandbox.runProgram(
      "/usr/bin/env", ["bash", Self.script, "--binary", AuthCLIBinary.path, prefix])
    #expect(installed.status == 0, "\(installed.errors)")

    let files = [
      "bin/authcli": 0o755, "bin/.debug/authcli.debug": 0o644, "share/man/man1/authcli.1": 0o644,
      "share/bash-completion/completions/authcli": 0o644,
      "share/zsh/site-functions/_authcli": 0o644,
      "share/fish/vendor_completions.d/authcli.fish": 0o644,
      "share/authcli/postgres-watch.sql": 0o644,
    ]
    for (file, mode) in files {
      let attributes = try FileManager.default.attributesOfItem(atPath: prefix + "/" + file)
      #expect(attributes[.posixPermissions] as? Int == mode, "\(file)")
    }
    let version = try await sandbox.runProgram(prefix + "/bin/authcli", ["--version"])
    #expect(version.status == 0, "\(version.errors)")

    // Stripped: no symbol table and no debugging information left in the program; they are
    // in the file its debug link names.
    let sections = try await sandbox.runProgram(
      "/usr/bin/env", ["readelf", "--section-headers", "--wide", prefix + "/bin/authcli"])
    #expect(sections.status == 0, "\(sections.errors)")
    #expect(sections.output.contains(".gnu_debuglink"))
    for stripped in [".symtab", ".debug_info"] {
      #expect(!sections.output.contains(stripped), "bin/authcli keeps \(stripped)")
    }
    let symbols = try await sandbox.runProgram(
      "/usr/bin/env",
      ["readelf", "--section-headers", "--wide", prefix + "/bin/.debug/authcli.debug"])
    #expect(symbols.output.contains(".symtab"), "\(symbols.errors)")
    // readelf follows the link as gdb does, into the program's folder and its .debug folder.
    let link = try await sandbox.runProgram(
      "/usr/bin/env", ["readelf", "--debug-dump=links", prefix + "/bin/authcli"])
    #expect(
      link.output.contains("Found separate debug info file: ")
        && link.output.contains("/bin/.debug/authcli.debug"), "\(link.output) \(link.errors)")

    // The page as man shows it from the prefix's manual folder.
    let page = try await sandbox.runProgram(
      "/usr/bin/env", ["man", "-P", "cat", "-M", prefix + "/share/man", "authcli"],
      extraEnvironment: ["MANWIDTH": "80"])
    #expect(page.status == 0, "\(page.errors)")
    #expect(page.output.contains("AUTHCLI(1)"), "\(page.output.prefix(200))")
    #expect(page.output.contains("sessions token"), "\(page.output.prefix(200))")

    // bash-completion's loader finds the script under the prefix's share folder (named in
    // XDG_DATA_DIRS, as /usr/local/share is by default), and `authcli us<Tab>` completes.
    let probe = """
      source /usr/share/bash-completion/bash_completion
      __load_completion authcli || exit 3
      COMP_WORDS=(authcli us) COMP_CWORD=1 COMP_LINE="authcli us" COMP_POINT=10
      "$(complete -p authcli | sed -E 's/.*-F ([^ ]+) .*/\\1/')" authcli us authcli
      echo "${COMPREPLY[*]}"
      """
    let bash = try await sandbox.runProgram(
      "/usr/bin/env", ["bash", "--norc", "--noprofile", "-c", probe],
      extraEnvironment: ["XDG_DATA_DIRS": prefix + "/share"])
    #expect(bash.status == 0, "\(bash.errors)")
    #expect(bash.output == "users\n", "\(bash.errors)")

    // zsh's and fish's scripts are what the program prints for them.
    for (shell, file) in [
      ("zsh", "share/zsh/site-functions/_authcli"),
      ("fish", "share/fish/vendor_completions.d/authcli.fish"),
    ] {
      let printed = try await sandbox.run(["completion", shell])
      #expect(try String(contentsOfFile: prefix + "/" + file, encoding: .utf8) == printed.output)
    }
  }
}
