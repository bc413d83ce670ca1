import AuthCore
import AuthViewModelPreviews
import AuthViewModels
import Foundation
import Testing

@testable import AuthCLI

/// A username read from a tampered database reaches the terminal escaped.
@Suite("Scenes with hostile text")
@MainActor
struct HostileTextTests {
  @Test func theAccountSceneShowsAControlCharacterInTheNameEscaped() async {
    let sessions = SessionUseCaseStub()
    let eve = User(
      id: SampleData.user.id, username: "eve\u{1B}]0;owned\u{07}",
      createdAt: SampleData.user.createdAt, updatedAt: SampleData.user.updatedAt)
    sessions.currentSessionCall.answer(
      .success(AuthenticatedSession(user: eve, session: SampleData.authenticated.session)))
    let viewModel = await AccountViewModelPreview.make(.loaded, sessions: sessions)
    let text = await PreviewRecorder.transcript(AccountView(), viewModel, input: ["5"])
    #expect(text.contains("Signed in as eve\\u{1B}]0;owned\\u{7}\n"))
    #expect(!text.contains("\u{1B}"))
  }
}
