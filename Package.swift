// swift-tools-version:6.2
import PackageDescription

/// authcli: users and sessions in SQLite, use cases answering with `Validation`,
/// view models with explicit inputs and outputs, and a line-mode front end.
let package = Package(
  name: "authcli",
  // Observation needs iOS 17 / macOS 14; Synchronization's Mutex, iOS 18 / macOS 15.
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .executable(name: "authcli", targets: ["authcli"]),
    .library(name: "AuthCore", targets: ["AuthCore"]),
    .library(name: "AuthDatabase", targets: ["AuthDatabase"]),
    .library(name: "AuthStorage", targets: ["AuthStorage"]),
    .library(name: "AuthPostgres", targets: ["AuthPostgres"]),
    .library(name: "AuthCrypto", targets: ["AuthCrypto"]),
    .library(name: "AuthViewModels", targets: ["AuthViewModels"]),
    .library(name: "AuthViewModelPreviews", targets: ["AuthViewModelPreviews"]),
    .library(name: "AuthCLI", targets: ["AuthCLI"]),
    .library(name: "AuthStoreConformance", targets: ["AuthStoreConformance"]),
  ],
  targets: [
    // C libraries from the system: headers only, each library opened by the code that uses it.
    // SQLite's header only, like CLibPQ: AuthStorage opens the library when the first database
    // is opened (no pkg-config, whose flags would link it into every start).
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    // libpq's header only: AuthPostgres opens the library at run time (no pkg-config, whose
    // flags would link it into every program and load it at every start).
    .systemLibrary(name: "CLibPQ", providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
    // utf8proc's and libsodium's headers only: AuthCore opens utf8proc, and SodiumLibrary
    // libsodium, on first use (no pkg-config, whose flags would link them into every start;
    // both headers are in the compiler's own search path on Linux).
    .systemLibrary(
      name: "CUtf8proc", providers: [.apt(["libutf8proc-dev"]), .brew(["utf8proc"])]),
    .systemLibrary(
      name: "CSodium", providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]),
    // One-time passwords (HOTP, TOTP) and their base32, from the OATH Toolkit.
    // Imported password hashes: the crypt families (bcrypt, SHA-crypt, yescrypt) through
    // libxcrypt, and Django's PBKDF2-HMAC-SHA256 through Nettle.
    // Headers only, like CLibPQ: AuthCrypto opens the three libraries on first use, so a
    // command that uses none of them does not map them (no pkg-config, whose flags would
    // link them into every start).
    .systemLibrary(name: "COath", providers: [.apt(["liboath-dev"]), .brew(["oath-toolkit"])]),
    .systemLibrary(name: "CXcrypt", providers: [.apt(["libcrypt-dev"]), .brew(["libxcrypt"])]),
    .systemLibrary(name: "CNettle", providers: [.apt(["nettle-dev"]), .brew(["nettle"])]),
    // libedit's header only: the shell opens the library at run time, on a terminal, so no
    // other command maps it (no pkg-config, whose flags would link it into every start).
    .systemLibrary(name: "CEdit", providers: [.apt(["libedit-dev"]), .brew(["libedit"])]),
    // Jansson's header only: `users import --format jsonl` opens the library at run time to
    // read an export back, so no other command maps it (no pkg-config, as for libpq).
    .systemLibrary(
      name: "CJansson", providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]),
    // libqrencode's header only: TerminalQR opens the library when it draws a code.
    .systemLibrary(
      name: "CQRencode", providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]),

    // Build-time embedding of Migrations/<engine>/*.sql and Data/*.txt as Swift string
    // literals; a migrations folder is checked by AuthDatabase's own rules first.
    .executableTarget(name: "EmbedTool", dependencies: ["AuthDatabase"]),
    .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["EmbedTool"]),

    // Commands declared once: parsing, help, usage errors, completions and the man page.
    .target(name: "CommandLineKit"),
    // The C libraries above that are opened on first use rather than linked: one loader,
    // which each module that uses such a library fills its own table of functions with.
    .target(name: "SharedLibraries"),
    // libsodium's table of functions, shared by AuthDatabase and AuthCrypto.
    .target(name: "SodiumLibrary", dependencies: ["CSodium", "SharedLibraries"]),
    // QR codes drawn as text for a terminal, for the front end; it knows no layer of authcli.
    .target(name: "TerminalQR", dependencies: ["CQRencode", "SharedLibraries"]),

    // The layers, innermost first.
    // NFKC through utf8proc on Linux, through Foundation on Apple's platforms, so that
    // AuthCore and AuthViewModels build in an app with no system library to provide.
    .target(
      name: "AuthCore",
      dependencies: [
        .target(name: "CUtf8proc", condition: .when(platforms: [.linux])),
        .target(name: "SharedLibraries", condition: .when(platforms: [.linux])),
      ],
      plugins: ["EmbedFiles"]),
    // What both engines share, neither engine's own: migrations and their rules, the tools'
    // reports, the name hash, stored time, the checks on the folders of private files. It
    // depends on no layer, so that the build's EmbedTool can run its migration rules.
    .target(name: "AuthDatabase", dependencies: ["CSodium", "SodiumLibrary"]),
    // The store operations whose statements both engines share, written once over the
    // engine's context; each engine adds what its SQL or its errors really do differently.
    .target(name: "AuthSQLStore", dependencies: ["AuthCore", "AuthDatabase"]),
    .target(
      name: "AuthStorage",
      dependencies: [
        "AuthCore", "AuthDatabase", "AuthSQLStore", "CSQLite", "SharedLibraries",
      ],
      plugins: ["EmbedFiles"]),
    .target(
      name: "AuthPostgres",
      dependencies: ["AuthCore", "AuthDatabase", "AuthSQLStore", "CLibPQ", "SharedLibraries"],
      plugins: ["EmbedFiles"]),
    .target(
      name: "AuthCrypto",
      dependencies: [
        "AuthCore", "CSodium", "COath", "CXcrypt", "CNettle", "SharedLibraries", "SodiumLibrary",
      ]),
    .target(name: "AuthViewModels", dependencies: ["AuthCore"]),
    // Scripted use-case stubs and every scene's preview view model in named states, for an
    // app's previews and for the tests.
    .target(name: "AuthViewModelPreviews", dependencies: ["AuthCore", "AuthViewModels"]),
    .target(
      name: "AuthCLI",
      dependencies: [
        "AuthCore", "AuthDatabase", "AuthStorage", "AuthPostgres", "AuthCrypto", "AuthViewModels",
        "CommandLineKit", "TerminalQR", "SharedLibraries", "CEdit", "CJansson",
      ]),
    .executableTarget(name: "authcli", dependencies: ["AuthCLI"]),

    // The library quick start that docs/library.md shows; built and run by the tests, not a product.
    .executableTarget(
      name: "QuickStart",
      dependencies: ["AuthCore", "AuthStorage", "AuthCrypto", "AuthViewModels"],
      path: "Examples/QuickStart"),
    // The "an app's own data" example of docs/library.md: a profile table of the app's own
    // beside the accounts, under its own migrations; run by the tests, not a product.
    .executableTarget(
      name: "ProfileApp",
      dependencies: ["AuthCore", "AuthDatabase", "AuthStorage", "AuthCrypto"],
      path: "Examples/ProfileApp"),
    // The "your own store" example of docs/library.md: the store port over dictionaries,
    // held to the store contract by its own tests as a consumer's would be, and run by the
    // use-case suites beside SQLite and PostgreSQL; not a product.
    .target(
      name: "DictionaryStore", dependencies: ["AuthCore", "AuthDatabase"],
      path: "Examples/DictionaryStore", exclude: ["Tests"]),
    .testTarget(
      name: "DictionaryStoreTests", dependencies: ["DictionaryStore", "AuthStoreConformance"],
      path: "Examples/DictionaryStore/Tests"),

    // Benchmarks (release build, never part of the tests): the layers against the same work
    // done with the raw C APIs in the same run.
    .target(
      name: "CBaseline", dependencies: ["CSQLite", "CSodium"],
      linkerSettings: [.linkedLibrary("sqlite3"), .linkedLibrary("sodium")]),
    // The PostgreSQL figure's baseline, linked with libpq (authbench only, never authcli).
    .target(name: "CPostgresBaseline", linkerSettings: [.linkedLibrary("pq")]),
    .executableTarget(
      name: "authbench",
      dependencies: [
        "AuthCore", "AuthStorage", "AuthPostgres", "AuthCrypto", "CBaseline", "CPostgresBaseline",
        "CommandLineKit",
      ]),
    // Runs the built authcli under concurrency, crashes and hostile input.
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "CSQLite", "CSodium", "AuthPostgres", "AuthTestSupport", "PostgresTestSupport", "authcli",
      ],
      // Its fixtures read and write databases with SQLite's C calls of their own, and its
      // checks hash with libsodium directly, as a second program reading the files.
      linkerSettings: [.linkedLibrary("sqlite3"), .linkedLibrary("sodium")]),

    // The PostgreSQL server of the tests: a fresh schema per test.
    .target(name: "PostgresTestSupport", dependencies: ["AuthPostgres", "AuthTestSupport"]),

    // What only tests need: a counting hasher, the built binary.
    .target(name: "AuthTestSupport", dependencies: ["AuthCore"]),
    // The store contract that every store keeps, as checks a test target runs against its own
    // store (Swift Testing), with the clock they move.
    .target(name: "AuthStoreConformance", dependencies: ["AuthCore", "AuthCrypto"]),

    .testTarget(
      name: "AuthCoreTests",
      dependencies: [
        "AuthCore", "AuthStorage", "AuthPostgres", "AuthCrypto", "AuthTestSupport",
        "AuthStoreConformance", "PostgresTestSupport", "DictionaryStore",
      ],
      // A database written by an earlier release, read through #filePath, never bundled.
      exclude: ["Fixtures"]),
    .testTarget(
      name: "AuthStorageTests",
      dependencies: [
        "AuthDatabase", "AuthStorage", "AuthPostgres", "PostgresTestSupport", "CSQLite",
        "AuthCrypto", "AuthTestSupport", "AuthStoreConformance",
      ]),
    .testTarget(name: "AuthCryptoTests", dependencies: ["AuthCrypto", "AuthTestSupport"]),
    .testTarget(name: "TerminalQRTests", dependencies: ["TerminalQR", "AuthTestSupport"]),
    .testTarget(name: "SharedLibrariesTests", dependencies: ["SharedLibraries"]),
    // Also runs the built authbench, whose command line is declared with CommandLineKit.
    .testTarget(
      name: "CommandLineKitTests", dependencies: ["CommandLineKit", "authbench", "AuthTestSupport"]),
    .testTarget(
      name: "AuthViewModelsTests",
      dependencies: [
        "AuthViewModels", "AuthViewModelPreviews", "AuthTestSupport", "AuthStorage", "AuthCrypto",
        "AuthStoreConformance",
      ]),
    // Every output sample in README.md and docs/ against the binaries that print it.
    .testTarget(
      name: "DocumentationTests",
      dependencies: [
        "AuthCLI", "AuthTestSupport", "PostgresTestSupport", "authcli", "QuickStart",
      ]),
    .testTarget(
      name: "AuthCLITests",
      dependencies: [
        "AuthCLI", "AuthDatabase", "AuthViewModelPreviews", "AuthTestSupport",
        "PostgresTestSupport", "authcli", "ProfileApp",
      ],
      exclude: ["Previews", "PTY"]),
  ],
  swiftLanguageModes: [.v6]
)

// Nonisolated async code runs on its caller's actor unless marked `@concurrent` (SE-0461),
// so a command that does no CPU-heavy work never leaves the main thread.
for target in package.targets where [.regular, .executable, .test].contains(target.type) {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("NonisolatedNonsendingByDefault")
    ]
}

// The executable's modules use no Regex (`_StringProcessing` and `_RegexParser`): linked, the
// engine cost every start about 15 page faults. The compiler flag that turns off its implicit
// import exists only as an unsafe flag, which would keep other packages from depending on
// authcli by version, so LinkedLibrariesTests checks the built binary instead.
