import AuthCore
import CommandLineKit

/// `authcli users sign-in-work`: what every password check of the store costs, why, and the
/// operator's way to change it.
@MainActor
struct UsersSignInWorkCommand {
  let context: CommandContext

  func run() async throws {
    let work = context.values[Self.setWork]
    let fit = context.values[Self.fit]
    if work != nil, fit {
      throw context.usageError("Pass --set or --fit, not both")
    }
    let root = try context.operatorRoot()
    let service = root.services.signInWork
    let passes = SignInWorkText.passes(context.process.environment)
    guard work != nil || fit else {
      guard let status = try await service.status() else { return }
      try context.print(SignInWorkShown(status, passes: passes))
      return
    }
    switch try await service.set(to: work) {
    case .failure(let refusal):
      throw ErrorReport(
        kind: .validationFailed, message: "Sign-in work not changed: \(refusal.reason).",
        hint: "Run `authcli users sign-in-work` to see what the kept hashes need.")
    case .success(let change):
      try context.print(
        SignInWorkChanged(before: change.before, after: change.after, passes: passes))
    }
  }
}

/// How a sign-in work reads in text: its number and the Argon2id cost that takes as long.
enum SignInWorkText {
  /// The passes of the hashing cost `environment` names (`AUTHCLI_ARGON2`, for tests only),
  /// at which a sign-in work is spelt as Argon2id memory.
  static func passes(_ environment: ProcessEnvironment) -> Int {
    Int((try? HashingCost.from(environment: environment))?.opsLimit ?? 2)
  }

  /// `294912 KiB × passes (Argon2id 144 MiB, 2 passes)`.
  static func describe(_ work: Int, passes: Int) -> String {
    let memoryKiB = (work + passes - 1) / passes
    let memory =
      memoryKiB % 1024 == 0 ? "\(memoryKiB / 1024) MiB" : "\(memoryKiB) KiB"
    return "\(work) KiB × passes (Argon2id \(memory), \(passes) passes)"
  }
}

extension UsersSignInWorkCommand {
  static let setWork = Option<Int?>(
    "set", valueName: "work",
    help: "Raise (or lower) every sign-in to this Argon2id KiB × passes."
  ) { text throws(InvalidValue) in
    guard let number = Int(text), number > 0 else { throw InvalidValue("use a positive number") }
    return number
  }
  static let fit = Flag(
    "fit", help: "Set it to what the kept hashes need: the default when none needs more.")

  static let declaration = Subcommand(
    "sign-in-work",
    abstract: "Show or change what every sign-in costs (the store's sign-in work).",
    discussion: """
      Every check of a password (an unknown name, a wrong password on an Argon2id account,
      on a kept bcrypt, PBKDF2 or scrypt hash) takes the same time: the store's sign-in work,
      counted in Argon2id KiB × passes. It is the default cost of new hashes unless hashes
      kept from another system cost more, in which case `users import --raise-sign-in-work`
      or --set raises it; the store keeps it for every command and program that opens it.
      A kept hash needs its own work and \(HashWorkRule.rateMarginPercent) % more: the
      table that counts a bcrypt or PBKDF2 hash in Argon2id work is off by a few hundredths
      on any one machine. The work goes back to the default by itself once the last kept
      hash needing more is replaced at sign-in, or with --fit. It is never set below the
      default or what the kept hashes need, nor above 524288 (256 MiB, 2 passes). A change
      is audited (sign_in_work_changed).
      """,
    options: [setWork, fit]
  ) { context in
    try await UsersSignInWorkCommand(context: context).run()
  }
}

/// `users sign-in-work`: what every sign-in costs and why, in Argon2id KiB × passes.
struct SignInWorkShown: JSONOutput, CommandOutput {
  let signInWork: Int
  /// The cost of new hashes, which the sign-in work is never below.
  let defaultSignInWork: Int
  let signInWorkRaised: Bool
  let keptHashesAboveDefault: Int
  /// The work of the dearest kept hash needing more than the default; `null` when none does.
  let dearestKeptWork: Int?
  /// What the kept hashes need (`--fit` sets it): the default, or the dearest's work with
  /// the rate table's margin.
  let neededSignInWork: Int
  let mostSignInWork: Int
  /// The Argon2id passes at which the text spells a work as memory (not a key: the work is
  /// the figure).
  let passes: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case dearestKeptWork = "dearest_kept_work", defaultSignInWork = "default_sign_in_work"
    case keptHashesAboveDefault = "kept_hashes_above_default"
    case mostSignInWork = "most_sign_in_work", neededSignInWork = "needed_sign_in_work"
    case signInWork = "sign_in_work"
    case signInWorkRaised = "sign_in_work_raised"
  }

  init(_ status: SignInWorkStatus, passes: Int) {
    signInWork = status.work
    defaultSignInWork = status.defaultWork
    signInWorkRaised = status.raised
    keptHashesAboveDefault = status.keptAboveDefault
    dearestKeptWork = status.dearestKept
    neededSignInWork = status.needed
    mostSignInWork = status.most
    self.passes = passes
  }

  func text(style: Style) -> String {
    [
      "Sign-in work:  \(describe(signInWork))" + (signInWorkRaised ? ", raised" : ", the default"),
      "Default:       \(describe(defaultSignInWork))",
      "Kept hashes needing more than the default: \(keptHashesAboveDefault)"
        + (dearestKeptWork.map { ", the dearest \($0) KiB × passes" } ?? ""),
      // What the kept hashes need comes with a margin only when one needs more.
      "Needed:        \(describe(neededSignInWork))"
        + (dearestKeptWork == nil
          ? "" : ", with \(HashWorkRule.rateMarginPercent) % above the dearest for the rate table"),
      "Most allowed:  \(mostSignInWork) KiB × passes",
    ].joined(separator: "\n")
  }

  /// A work in KiB × passes, and as Argon2id memory at this store's passes.
  func describe(_ work: Int) -> String { SignInWorkText.describe(work, passes: passes) }
}

/// `users sign-in-work --set WORK` or `--fit`: the status after the change, with the work
/// before it beside the status's keys.
struct SignInWorkChanged: JSONOutput, CommandOutput {
  let status: SignInWorkShown
  let previousSignInWork: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case previousSignInWork = "previous_sign_in_work"
  }

  init(before: SignInWorkStatus, after: SignInWorkStatus, passes: Int) {
    status = SignInWorkShown(after, passes: passes)
    previousSignInWork = before.work
  }

  func text(style: Style) -> String {
    let work = status.signInWork
    guard work != previousSignInWork else {
      return "Every sign-in still costs \(status.describe(work))."
    }
    return "Every sign-in now costs \(status.describe(work)), "
      + "\(work > previousSignInWork ? "up" : "down") from \(status.describe(previousSignInWork))."
  }

  func encode(to encoder: any Encoder) throws {
    try status.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(previousSignInWork, forKey: .previousSignInWork)
  }
}
