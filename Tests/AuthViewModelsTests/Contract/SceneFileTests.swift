import AuthViewModelPreviews
import AuthViewModels
import Foundation
import Testing

/// Every scene of the route table has its file, and every scene's file keeps the shape the view-model contract promises: its Inputs, Outputs
/// and Type protocols beside the view model, `inputs` and `outputs` on the Type, and a length
/// a reader takes in at once.
@Suite("Scene files")
struct SceneFileTests {
  private static let scenesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/AuthViewModels/Scenes")
  private static let longestFile = 250

  private static func sceneFiles() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(
      at: scenesFolder, includingPropertiesForKeys: nil
    )
    .filter { $0.lastPathComponent.hasSuffix("ViewModel.swift") }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  @Test @MainActor func everySceneOfTheRouteTableHasAFile() throws {
    let stubs = StubUseCases()
    let routed = AuthRoute.examples.map { route in
      String(describing: type(of: stubs.scene(of: route).viewModel))
    }
    let files = try Self.sceneFiles().map { $0.deletingPathExtension().lastPathComponent }
    #expect(files == routed.sorted())
    #expect(files.count == AuthRoute.Kind.allCases.count)
  }

  @Test func everySceneFileDeclaresItsThreeProtocolsAndTheViewModel() throws {
    for file in try Self.sceneFiles() {
      let viewModel = file.deletingPathExtension().lastPathComponent
      let text = try String(contentsOf: file, encoding: .utf8)
      for declaration in [
        "public protocol \(viewModel)Inputs:", "public protocol \(viewModel)Outputs:",
        "public protocol \(viewModel)Type:", "public final class \(viewModel):",
        "var inputs: any \(viewModel)Inputs { get set }",
        "var outputs: any \(viewModel)Outputs { get }",
      ] {
        #expect(text.contains(declaration), "\(viewModel) lacks '\(declaration)'")
      }
    }
  }

  @Test func everySceneFileIsShort() throws {
    for file in try Self.sceneFiles() {
      let lines =
        try String(contentsOf: file, encoding: .utf8).split(
          separator: "\n", omittingEmptySubsequences: false
        ).count - 1
      #expect(lines <= Self.longestFile, "\(file.lastPathComponent) has \(lines) lines")
    }
  }
}
