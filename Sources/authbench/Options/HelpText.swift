/// The text of `authbench --help`.
enum HelpText {
  /// Printed on `-h`, `--help` or `help`.
  static let usage = """
    OVERVIEW: Measures authcli's layers against the same work done with the raw
    sqlite3 and libsodium C APIs in the same run, and prints each ratio with its goal.

    USAGE: swift run -c release authbench [options]

    FIGURES:
      1  session check through the storage layer vs C (memory and WAL file)   goal >= 0.9
      2  session check through the use case, token hashing included, vs C     goal >= 0.9
      3  bulk sign-up storage path, users in one transaction, vs C             goal >= 0.9
      4  sign-in use case vs one bare crypto_pwhash_str_verify, same cost      goal <= 1.05
      5  sign-in of an unknown user vs a wrong password (median times)         goal 0.95-1.05
      6  session check with 1M users and 2M sessions vs with 1,000 users       goal <= 1.3

    OPTIONS:
      -f, --figures <list>    Figures to run, for example 1,2,3 (default: all).
      --quick                 Smoke run: small sizes, minimum cost, 5 repetitions.
      --json                  One JSON object on stdout instead of the table.
      -r, --repetitions <n>   Repetitions per figure, at least 5 (default: 7).
      --lookups <n>           Session checks per batch in figures 1, 2, 6 (default: 100000).
      --users <n>             Users in the database of figures 1 and 2 (default: 10000).
      --bulk-users <n>        Users inserted in one transaction in figure 3 (default: 100000).
      --sign-ins <n>          Sign-ins per repetition in figures 4 and 5 (default: 4).
      --scale-users <n>       Users of the large database in figure 6 (default: 1000000).
      --scale-sessions <n>    Sessions of the large database in figure 6 (default: 2000000).
      --cost <name>           Argon2id cost for figures 4 and 5: interactive (the default
                              of authcli), moderate or minimum.
      --directory <path>      Where temporary databases go (default: a new temporary folder).
      -h, --help              Show this help.

    Ratios compare medians measured in the same run, baseline and subject alternating.
    Build in release mode: a debug build measures nothing worth reading.
    """
}
