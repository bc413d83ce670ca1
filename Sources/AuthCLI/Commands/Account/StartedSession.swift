/// The session a state file holds when a sign-in or sign-up is about to replace it.
///
/// Replacing the file forgets the token, so the session would stay valid (until its idle
/// limit) with no one holding it; it is ended instead, before the new token is written.
/// Best effort: a session already over, or any failure, leaves the new sign-in standing.
@MainActor
enum ReplacedSession {
  /// Signs the state file's current session out, if there is one.
  static func end(in root: CompositionRoot) async {
    guard let file = root.sessionFile, let previous = try? file.read() else { return }
    let viewModel = root.factory.makeAccount(token: previous)
    await viewModel.send(.signOutRequested)
  }
}
