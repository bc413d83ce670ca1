/// What every view model owns: the navigator its steps leave through.
@MainActor
open class BaseViewModel {
  /// Emits the steps; the coordinator awaits them.
  public let navigator = Stepper<AuthStep>()

  /// Starts with no step emitted.
  public init() {}
}
