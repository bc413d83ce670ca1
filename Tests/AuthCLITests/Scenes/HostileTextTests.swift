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
    let viewModel = AccountViewModelPreview(.loaded)
    viewModel.username = "eve\u{1B}]0;owned\u{07}"
    let text = await PreviewRecorder.transcript(
      AccountView<AccountViewModelPreview>(), viewModel, input: ["5"],
      received: { viewModel.received })
    #expect(text.contains("Signed in as eve\\u{1B}]0;owned\\u{7}\n"))
    #expect(!text.contains("\u{1B}"))
  }
}
