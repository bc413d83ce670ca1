import AuthCore
import AuthViewModels
import Testing

@Suite("Failure text")
struct FailureTextTests {
  @Test(
    "each known error has its own sentence; anything else a generic one",
    arguments: [
      (StoreError.busy as any Error, "The database is busy; try again."),
      (StoreError.usernameTaken as any Error, "This username is taken"),
      (AuthError.notSignedIn as any Error, "You are not signed in; sign in again."),
      (
        AuthError.sessionNotFound as any Error,
        "That session is not one of yours, or it already ended."
      ),
      (UnexpectedError() as any Error, "Something went wrong; nothing was changed. Try again."),
    ])
  func sentence(error: any Error, text: String) {
    #expect(FailureText.describing(error) == text)
  }
}
