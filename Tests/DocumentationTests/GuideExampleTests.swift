import AuthCore
import AuthCrypto
import AuthStorage
import AuthViewModels
import Foundation
import Testing

@testable import QuickStart

extension DocumentationChecks {
  /// The library guide's examples (Examples/QuickStart/Guide), run: each does what the guide
  /// says it does.
  @Suite("Documentation: the library guide's examples run")
  @MainActor
  struct GuideExampleTests {
    static let password = "plum tractor dawn whistle"

    /// The sign-up view model the guide's examples drive, over an in-memory store.
    static func signUpViewModel() throws -> SignUpViewModel {
      let services = AuthServices(
        store: try SQLiteAuthStore.inMemory(), hasher: try Argon2idHasher(cost: .minimum),
        tokens: try SodiumTokenSource())
      return SignUpViewModel(signUp: services.signUp)
    }

    @Test("the file store example signs in and leaves no -wal or -shm behind")
    func fileStore() async throws {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "guide-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      defer { try? FileManager.default.removeItem(at: folder) }
      let path = folder.appendingPathComponent("auth.sqlite").path
      let unknown = try await signIn("ada", password: Self.password, databaseAt: path)
      if case .valid = unknown { Issue.record("an empty database signed someone in") }
      #expect(FileManager.default.fileExists(atPath: path))
      #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
      #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }

    @Test("the forwarding hasher keeps the wrapped hasher's timing duties")
    func forwardingHasher() throws {
      let argon = try Argon2idHasher(cost: .minimum)
      let hasher = HashCountingHasher(wrapping: argon)
      let hash = try hasher.hash(Password(Self.password))
      #expect(hasher.hashes == 1)
      #expect(hasher.verify(Password(Self.password), against: hash))
      #expect(hasher.currentWork == argon.currentWork && hasher.currentWork != nil)
      #expect(hasher.storedCost(of: hash) == argon.storedCost(of: hash))
      #expect(hasher.parameters(of: hash) == argon.parameters(of: hash))
      #expect(!hasher.verify(Password(Self.password), against: try hasher.unmatchableHash()))
    }

    @Test("the stream face example signs up once every event it sent was handled")
    func streamFace() async throws {
      let viewModel = try Self.signUpViewModel()
      let step = await signUpThroughStreams(viewModel, username: "ada", password: Self.password)
      guard case .userDidSignUp(let session)? = step else {
        Issue.record("no sign-up step: \(String(describing: step))")
        return
      }
      #expect(session.authenticated.user.username == "ada")
      #expect(viewModel.outputs.isLoading == false && viewModel.outputs.failure == nil)
    }

    @Test("the observing renderer draws again after a change to what it read, once per turn")
    func observedForm() async throws {
      let viewModel = try Self.signUpViewModel()
      var drawings: [String] = []
      let renderer = SignUpFormRenderer(viewModel: viewModel) { drawings.append($0) }
      #expect(drawings == ["(sign up)"])
      viewModel.inputs.username = "ada"
      viewModel.inputs.password = Self.password
      viewModel.inputs.confirmation = Self.password
      // The three changes above are drawn once, on a later turn of the main actor.
      #expect(drawings == ["(sign up)"])
      await renderer.pendingRender?.value
      #expect(drawings == ["(sign up)", "[Sign up]"])
      #expect(renderer.pendingRender == nil)
      withExtendedLifetime(renderer) {}
    }
  }
}
