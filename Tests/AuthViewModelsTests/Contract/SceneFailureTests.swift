import AuthCore
import AuthViewModels
import Testing

@Suite("Scene failures")
struct SceneFailureTests {
  @Test("each failure's description is the message its scene shows")
  func descriptions() {
    #expect(SignInFailure.refused.description == AuthMessages.signInFailed)
    #expect(SignInFailure.busy.description == "The database is busy; try again.")
    #expect(SignUpFailure.busy.description == "The database is busy; try again.")
    #expect(AccountFailure.sessionEnded.description == "You are not signed in; sign in again.")
    #expect(
      SessionsFailure.sessionNotFound.description
        == "That session is not one of yours, or it already ended.")
    #expect(
      ChangePasswordFailure.currentPasswordRefused(.incorrect).description
        == AuthMessages.currentPasswordIncorrect)
    #expect(
      ChangePasswordFailure.currentPasswordRefused(.tooManyAttempts).description
        == AuthMessages.tooManyAttempts)
    #expect(
      SignInFailure.unexpected(UnexpectedFailure(UnexpectedError())).description
        == "Something went wrong; nothing was changed. Try again.")
  }

  @Test("an unexpected failure keeps what was thrown, and prints only its type")
  func unexpectedKeepsTheError() {
    let failure = UnexpectedFailure(StoreError.usernameTaken)
    #expect(failure.underlying as? StoreError == .usernameTaken)
    #expect(String(reflecting: failure) == "UnexpectedFailure(StoreError)")
    #expect(failure != UnexpectedFailure(StoreError.busy))
    #expect(failure == UnexpectedFailure(StoreError.usernameTaken))
  }
}
