import AuthTestSupport
import AuthViewModels
import Foundation
import Testing

@testable import AuthCLI

/// A username read from a tampered database reaches the terminal escaped.
@Suite("Scenes with hostile text")
@MainActor
struct HostileTextTests {
  @Test func theAccountSceneShowsAControlCharacterInTheNameEscaped() async {
    let output = AccountOutputs(
      username: "eve\u{1B}]0;owned\u{07}", signedInAt: Date(timeIntervalSince1970: 0),
      expiresAt: Date(timeIntervalSince1970: 86_400))
    let viewModel = PreviewViewModel<AccountInputs, AccountOutputs>(
      output: output, stepAfter: { _ in .userIntendsToQuit })
    let text = await PreviewRecorder.transcript(
      AccountView<PreviewViewModel<AccountInputs, AccountOutputs>>(), viewModel, input: ["5"])
    #expect(text.contains("Signed in as eve\\u{1B}]0;owned\\u{7}\n"))
    #expect(!text.contains("\u{1B}"))
  }
}
