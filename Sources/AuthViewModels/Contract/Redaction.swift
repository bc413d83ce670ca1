/// What stands in for a secret wherever a value that may hold one prints itself:
/// `description`, `debugDescription`, string interpolation, `dump(_:)` and `Mirror`.
public enum Redaction {
  /// The text shown instead of a password.
  public static let marker = "<redacted>"
}

/// A value that may hold a typed password and so prints only its type: in
/// `description`, `debugDescription`, interpolation, `dump(_:)` and `Mirror` (no children).
/// The view models that hold password fields conform, and with them their `inputs` and
/// `outputs`, which are the view model itself.
public protocol RedactsItself: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{}

extension RedactsItself {
  /// The type's name and the redaction marker.
  public var description: String { "\(Self.self)(\(Redaction.marker))" }
  /// Same as `description`.
  public var debugDescription: String { description }
  /// No children: nothing typed is reflected.
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// A view event that may carry a typed password: `description` names the event with its
/// passwords redacted, and `debugDescription`, `dump(_:)` and `Mirror` show only that.
public protocol RedactedEvent: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{}

extension RedactedEvent {
  /// Same as `description`.
  public var debugDescription: String { description }
  /// The event's redacted description only.
  public var customMirror: Mirror { Mirror(self, children: ["event": description]) }
}
