import AuthCore

/// A failure no scene names: the store's own errors (I/O, a damaged file), the
/// hasher running out of memory, a bug. The scene shows one sentence for all of them;
/// a front end that needs more (an exit code, a log line) reads `underlying`.
public struct UnexpectedFailure: Error, Equatable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// What the use case threw. Errors of this package never carry passwords or tokens.
  public let underlying: any Error

  /// Wraps what a use case threw.
  public init(_ underlying: any Error) {
    self.underlying = underlying
  }

  /// The sentence a scene shows; never the error's own text, which may name SQL or paths.
  public var description: String { SceneMessages.unexpected }
  /// The error's type, for logs and failed tests.
  public var debugDescription: String { "UnexpectedFailure(\(type(of: underlying)))" }
  /// The error's type only.
  public var customMirror: Mirror {
    Mirror(self, children: ["underlying": String(describing: type(of: underlying))])
  }

  /// Two failures are equal when they wrap errors of one type that describe themselves alike.
  public static func == (lhs: UnexpectedFailure, rhs: UnexpectedFailure) -> Bool {
    type(of: lhs.underlying) == type(of: rhs.underlying)
      && String(reflecting: lhs.underlying) == String(reflecting: rhs.underlying)
  }
}

/// The sentences scenes show for failures that are not the rules' own words.
public enum SceneMessages {
  /// Another process holds the database.
  public static let busy = "The database is busy; try again."
  /// The session behind the token is gone.
  public static let sessionEnded = "You are not signed in; sign in again."
  /// A session id that is not one of the user's.
  public static let sessionNotFound = "That session is not one of yours, or it already ended."
  /// Anything else went wrong.
  public static let unexpected = "Something went wrong; nothing was changed. Try again."
}
