import AuthTestSupport
import Foundation
import Testing

/// The authcli executable links only what it uses: FoundationEssentials, never the whole of
/// Foundation (with its ICU data, about 1 ms more per start), and never libpq (the PostgreSQL
/// engine loads it at run time, only when a `postgresql://` database is named), nor libedit
/// (the shell opens it at run time, on a terminal; mapped at every start with the three
/// libraries it needs, it cost 3 to 4 ms more per start of the debug binary), nor Jansson
/// (opened by `users import --format jsonl` alone), nor SQLite (opened with the first
/// database), nor the libraries of imported hashes, one-time passwords and QR codes (libcrypt,
/// libnettle, liboath, libqrencode: opened when a command first uses them), nor libsodium and
/// utf8proc (opened the first time a command hashes or normalises), nor Swift's Regex engine.
@Suite struct LinkedLibrariesTests {
  /// The modules linked into the authcli executable.
  static let binaryModules = [
    "AuthCore", "AuthDatabase", "AuthSQLStore", "AuthStorage", "AuthPostgres", "AuthCrypto",
    "AuthViewModels", "SharedLibraries", "SodiumLibrary", "TerminalQR",
    "CommandLineKit", "AuthCLI", "authcli",
  ]

  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  /// Every `import Foundation` in the binary's modules sits in the `#else` branch of
  /// `#if canImport(FoundationEssentials)`, for platforms without FoundationEssentials, or
  /// of `#if canImport(CUtf8proc)`, for Apple's platforms, where NFKC is Foundation's.
  @Test(arguments: binaryModules)
  func sourcesImportFoundationEssentialsOnly(_ module: String) throws {
    let folder = Self.sources.appendingPathComponent(module)
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      for (number, line) in lines.enumerated() where Self.importsFullFoundation(line) {
        let guarded =
          number >= 3 && lines[number - 1] == "#else"
          && [
            ["import FoundationEssentials", "#if canImport(FoundationEssentials)"],
            ["import CUtf8proc", "#if canImport(CUtf8proc)"],
          ].contains([lines[number - 2], lines[number - 3]])
        #expect(guarded, "\(module)/\(file):\(number + 1) imports Foundation")
      }
    }
  }

  static func importsFullFoundation(_ line: String) -> Bool {
    let words = line.split(separator: " ")
    guard let index = words.firstIndex(of: "import"), index + 1 < words.count else {
      return false
    }
    let module = words[index + 1]
    return module == "Foundation" || module.hasPrefix("Foundation.")
      || module == "FoundationInternationalization"
  }

  /// What the dynamic loader maps for the built executable, by `ldd`.
  private func linkedLibraries() throws -> [String] {
    try output(of: ["ldd", AuthCLIBinary.path]).split(separator: "\n").compactMap {
      $0.split(whereSeparator: \.isWhitespace).first.map(String.init)
    }
  }

  /// What `command` prints, run through `/usr/bin/env`.
  private func output(of command: [String]) throws -> String {
    let run = try ChildProcess.capture("/usr/bin/env", command)
    #expect(run.status == 0, "\(command.joined(separator: " ")) failed: \(run.errors)")
    return run.output
  }

  #if os(Linux)
    /// Using `Data`, `ProcessInfo`, `FileManager` or `UUID` links the whole of
    /// FoundationEssentials into the release binary (about 10 MB and 10,000 relocations, a
    /// third of a millisecond at every start; docs/performance.md); `Date` alone does not.
    /// The debug binary links FoundationEssentials as a shared library, so what it imports
    /// from it is listed by `nm`.
    @Test func executableUsesOnlyDateFromFoundationEssentials() throws {
      let imported = try output(of: ["nm", "-D", "--undefined-only", AuthCLIBinary.path])
        .split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
        .filter { $0.hasPrefix("$s20FoundationEssentials") }
      #expect(!imported.isEmpty)
      let names = try output(of: ["swift", "demangle", "--simplified"] + imported)
        .split(separator: "\n").map { $0.components(separatedBy: " ---> ").last ?? "" }
      for name in names {
        let isDate = name.contains("Date.") || name.hasSuffix(" for Date")
        #expect(isDate, "authcli uses \(name) from FoundationEssentials")
      }
    }

    /// Swift's Regex engine (`_StringProcessing`, which brings `_RegexParser`) cost every
    /// start about 15 page faults, 3,000 relocations and 1.4 MB of the release binary, for a
    /// few searches and replacements between strings that the standard library's plain calls
    /// do as well (docs/performance.md). The debug binary links the Swift runtime as shared
    /// libraries, so a use shows as a symbol it imports that one of those two exports.
    @Test func executableUsesNoRegexEngine() throws {
      let imported = Set(try dynamicSymbols(AuthCLIBinary.path, ["--undefined-only"]))
      #expect(!imported.isEmpty)
      let lddLines = try output(of: ["ldd", AuthCLIBinary.path]).split(separator: "\n")
      let core = try #require(
        lddLines.lazy.map { $0.split(whereSeparator: \.isWhitespace) }
          .first { $0.count >= 3 && $0[0].hasPrefix("libswiftCore.so") && $0[1] == "=>" }?[2],
        "ldd lists no libswiftCore.so for authcli")
      let runtimeFolder = URL(fileURLWithPath: String(core)).deletingLastPathComponent().path
      for library in ["libswift_StringProcessing.so", "libswift_RegexParser.so"] {
        let exported = try dynamicSymbols(runtimeFolder + "/" + library, ["--defined-only"])
        #expect(!exported.isEmpty, "\(library) exports nothing in \(runtimeFolder)")
        let used = imported.intersection(exported).sorted()
        guard !used.isEmpty else { continue }
        let names = try output(of: ["swift", "demangle", "--simplified"] + used)
        Issue.record("authcli uses from \(library):\n\(names)")
      }
    }

    /// The names of a binary's dynamic symbols that `nm -D` lists with `filter`.
    private func dynamicSymbols(_ binary: String, _ filter: [String]) throws -> [String] {
      try output(of: ["nm", "-D"] + filter + [binary]).split(separator: "\n").compactMap {
        $0.split(separator: " ").last.map(String.init)
      }
    }

    @Test func executableLinksOnlyWhatEveryCommandUses() throws {
      let libraries = try linkedLibraries()
      // What every program links, so ldd is known to have listed the libraries.
      #expect(libraries.contains { $0.hasPrefix("libc.so") })
      for forbidden in [
        "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
        "libpq.so", "libedit.so", "libtinfo.so", "libbsd.so", "libjansson.so", "libcrypt.so",
        "libnettle.so", "liboath.so", "libqrencode.so", "libsqlite3.so", "libsodium.so",
        "libutf8proc.so",
      ] {
        #expect(!libraries.contains { $0.hasPrefix(forbidden) }, "authcli links \(forbidden)")
      }
    }

    /// A command, the libraries opened on first use that it maps, and those it must not.
    struct LoadedLibraries: Sendable, CustomTestStringConvertible {
      let arguments: [String]
      let opened: [String]
      let notOpened: [String]
      var testDescription: String { arguments.joined(separator: " ") }
    }

    /// Opened on first use means not opened by a command that does not use them: the
    /// dynamic loader's own log (`LD_DEBUG=files`) of `--version`, of `whoami` on a file
    /// database and of a native account's `signin` names every library it maps, the ones
    /// opened at run time included. `--version` opens no database and hashes nothing;
    /// `whoami` opens the database (SQLite) and hashes its token (libsodium) and normalises
    /// no text; `signin` also normalises the name and the password (utf8proc). Each library a
    /// command uses is opened by `dlopen`, never needed by the program.
    @Test(arguments: [
      LoadedLibraries(
        arguments: ["--version"], opened: [],
        notOpened: ["libsqlite3.so", "libsodium.so", "libutf8proc.so"]),
      LoadedLibraries(
        arguments: ["whoami"], opened: ["libsqlite3.so", "libsodium.so"],
        notOpened: ["libutf8proc.so"]),
      LoadedLibraries(
        arguments: ["signin", "--username", "loadcheck", "--password-stdin"],
        opened: ["libsqlite3.so", "libsodium.so", "libutf8proc.so"], notOpened: []),
    ])
    func commandLoadsNoLibraryItDoesNotUse(_ command: LoadedLibraries) throws {
      let arguments = command.arguments
      let folder = NSTemporaryDirectory() + "authcli-loaded-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let database = folder + "/auth.sqlite3"
      let environment = [
        "HOME": folder, "XDG_DATA_HOME": folder + "/data", "XDG_STATE_HOME": folder + "/state",
        "AUTHCLI_ARGON2": "minimum", "AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST": "1",
      ]
      let signup = try ChildProcess.capture(
        AuthCLIBinary.path,
        ["--db", database, "signup", "--username", "loadcheck", "--password-stdin"],
        environment: environment, input: "libraries loaded check\nlibraries loaded check\n")
      try #require(signup.status == 0, "\(signup.errors)")
      let log = folder + "/loader"
      let run = try ChildProcess.capture(
        AuthCLIBinary.path, ["--db", database] + arguments,
        environment: environment.merging(["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": log]) { $1 },
        input: "libraries loaded check\n")
      #expect(run.status == 0, "\(run.errors)")
      let logs = try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { $0.hasPrefix("loader") }
      let text = try logs.map {
        try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)
      }.joined()
      // What every program links, so the log is known to list the libraries.
      #expect(text.contains("libc.so"))
      for library in command.opened {
        #expect(text.contains(library), "authcli \(arguments) does not load \(library)")
      }
      for library in ["libcrypt.so", "libnettle.so", "liboath.so", "libqrencode.so"]
        + command.notOpened
      {
        #expect(!text.contains(library), "authcli \(arguments) loads \(library)")
      }
      // The loader says, for each library it maps, what asked for it: "needed by" the
      // program or another library, or "dynamically loaded by" a dlopen.
      for library in command.opened {
        let lines = text.split(separator: "\n").filter { $0.contains("file=\(library)") }
        #expect(
          lines.contains { $0.contains("dynamically loaded by") },
          "authcli \(arguments) does not dlopen \(library): \(lines)")
        #expect(
          !lines.contains { $0.contains("needed by") },
          "authcli \(arguments) links \(library): \(lines)")
      }
    }
  #endif
}
