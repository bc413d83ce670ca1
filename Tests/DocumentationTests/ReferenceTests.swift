import Foundation
import Testing

extension DocumentationChecks {
  /// The member lists of docs/library.md and docs/view-models.md against the sources: a list
  /// that names a member the source lacks, or lacks one it has, fails here.
  @Suite("Documentation: the library reference matches the sources")
  struct ReferenceTests {
    static let declarations = Result {
      try SwiftDeclarations(
        root: Manual.root, folders: ["Sources/AuthCore", "Sources/AuthViewModels"])
    }

    /// A row `| part | `Type` | `member`, `member`, … |` of a member table: the type is a
    /// protocol or enum of the sources, the members are written as a reader calls them.
    struct MemberRow {
      let line: Int
      let type: String
      let members: [String]
    }

    /// A port's table under its heading: each requirement with its default ("—" for none).
    struct PortTable {
      let line: Int
      let port: String
      var requirements: [(name: String, hasDefault: Bool)] = []
    }

    static func cells(_ line: String) -> [String] {
      guard line.hasPrefix("|") else { return [] }
      return line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
        .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func codeSpans(_ text: String) -> [String] {
      text.matches(of: /`([^`]+)`/).map { String($0.output.1) }
    }

    /// The text without its parenthesised remarks (parentheses inside code spans stay), so
    /// that a remark may name a type or a value without its being taken for a member.
    static func outsideParentheses(_ text: String) -> String {
      var kept = ""
      var depth = 0
      var inCode = false
      for character in text {
        if character == "`" { inCode.toggle() }
        if !inCode, character == "(" { depth += 1 }
        if depth == 0 { kept.append(character) }
        if !inCode, character == ")", depth > 0 { depth -= 1 }
      }
      return kept
    }

    static func memberRows(in document: MarkdownDocument, types: Set<String>) -> [MemberRow] {
      document.lines.enumerated().compactMap { index, line in
        let cells = cells(line)
        guard cells.count >= 3, let type = codeSpans(cells[1]).first,
          codeSpans(cells[1]).count == 1,
          cells[1] == "`\(type)`", types.contains(type)
        else { return nil }
        return MemberRow(
          line: index + 1, type: type, members: codeSpans(outsideParentheses(cells[2])))
      }
    }

    static func portTables(in document: MarkdownDocument) -> [PortTable] {
      var tables: [PortTable] = []
      var current: PortTable?
      for (index, line) in document.lines.enumerated() {
        if let heading = line.firstMatch(of: /^#{2,6} `([A-Za-z]+)`$/) {
          if let current { tables.append(current) }
          current = PortTable(line: index + 1, port: String(heading.output.1))
          continue
        }
        if line.hasPrefix("#") {
          if let current { tables.append(current) }
          current = nil
          continue
        }
        let cells = cells(line)
        guard current != nil, cells.count >= 3, let name = codeSpans(cells[0]).first,
          cells[0] == "`\(name)`"
        else { continue }
        current?.requirements.append((name, cells[1] != "—"))
      }
      if let current { tables.append(current) }
      return tables
    }

    /// A reader's spelling of an enum case (`.userDidSignIn(NewSession)`) as its name.
    static func caseName(_ written: String) -> String {
      let trimmed = written.hasPrefix(".") ? String(written.dropFirst()) : written
      return trimmed.firstMatch(of: /^[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) } ?? trimmed
    }

    @Test("every member table lists exactly the members of its type")
    func memberTables() throws {
      let declarations = try Self.declarations.get().declarations
      var checked = 0
      for path in ["docs/library.md", "docs/view-models.md"] {
        let document = try MarkdownDocument(root: Manual.root, relativePath: path)
        for row in Self.memberRows(in: document, types: Set(declarations.keys)) {
          guard let declaration = declarations[row.type] else { continue }
          checked += 1
          let listed =
            declaration.kind == .enum
            ? row.members.map(Self.caseName) : row.members.map { $0.replacing(/^\./, with: "") }
          let source = declaration.members
          let missing = source.filter { !listed.contains($0) }
          let extra = listed.filter { !source.contains($0) }
          #expect(
            missing.isEmpty && extra.isEmpty,
            "\(path):\(row.line): `\(row.type)` lists \(extra) that the source lacks and lacks \(missing)"
          )
        }
      }
      #expect(checked > 0)
    }

    @Test("every scene's inputs, outputs, events, steps and failure have a member table")
    func everySceneIsListed() throws {
      let declarations = try Self.declarations.get().declarations
      let document = try MarkdownDocument(root: Manual.root, relativePath: "docs/view-models.md")
      let tabled = Set(Self.memberRows(in: document, types: Set(declarations.keys)).map(\.type))
      let scenes = try FileManager.default.contentsOfDirectory(
        atPath: Manual.root + "/Sources/AuthViewModels/Scenes"
      ).filter { $0.hasSuffix("ViewModel.swift") }.map { $0.replacing("ViewModel.swift", with: "") }
      #expect(scenes.count >= 7)
      for scene in scenes {
        let parts = ["ViewModelInputs", "ViewModelOutputs", "ViewEvent", "Step", "Failure"]
          .map { scene + $0 }.filter { declarations[$0] != nil }
        #expect(parts.count >= 4, "\(scene): its types were not found in the sources")
        for part in parts {
          #expect(tabled.contains(part), "docs/view-models.md has no member table of `\(part)`")
        }
      }
      for shared in ["SceneLifecycleInputs", "SceneLifecycle"] where declarations[shared] != nil {
        #expect(tabled.contains(shared), "docs/view-models.md has no member table of `\(shared)`")
      }
    }

    @Test("every port has a table of its requirements, each with its default or none")
    func portTables() throws {
      let declarations = try Self.declarations.get().declarations
      let ports = try SwiftDeclarations(root: Manual.root, folders: ["Sources/AuthCore/Ports"])
        .declarations.filter { $0.value.kind == .protocol }.map(\.key)
      #expect(ports.count >= 10)
      let document = try MarkdownDocument(root: Manual.root, relativePath: "docs/library.md")
      let tables = Dictionary(
        Self.portTables(in: document).map { ($0.port, $0) }, uniquingKeysWith: { first, _ in first }
      )
      for port in ports.sorted() {
        guard let table = tables[port], let declaration = declarations[port] else {
          Issue.record("docs/library.md has no `\(port)` heading with a table of its requirements")
          continue
        }
        let listed = table.requirements.map(\.name)
        let missing = declaration.members.filter { !listed.contains($0) }
        let extra = listed.filter { !declaration.members.contains($0) }
        #expect(
          missing.isEmpty && extra.isEmpty,
          "docs/library.md:\(table.line): `\(port)` lists \(extra) that the source lacks and lacks \(missing)"
        )
        for requirement in table.requirements where declaration.members.contains(requirement.name) {
          let hasDefault = declaration.defaulted.contains(requirement.name)
          #expect(
            requirement.hasDefault == hasDefault,
            Comment(
              rawValue: "docs/library.md:\(table.line): `\(port).\(requirement.name)` "
                + (hasDefault ? "has a default in the source" : "has no default in the source")))
        }
      }
    }

    @Test("the guide's AuthServices initialiser is the source's, parameter for parameter")
    func authServicesSignature() throws {
      let source = SwiftDeclarations.withoutCommentsAndStrings(
        try String(
          contentsOfFile: Manual.root + "/Sources/AuthCore/UseCases/AuthServices.swift",
          encoding: .utf8))
      let declared = try #require(source.firstMatch(of: /public init\(([\s\S]*?)\)\s*\{/))
      let document = try MarkdownDocument(root: Manual.root, relativePath: "docs/library.md")
      let block = try #require(
        document.blocks.first { $0.body.first == "AuthServices(" },
        "docs/library.md shows AuthServices's initialiser in a block that starts AuthServices(")
      let shown = block.body.joined(separator: " ")
      func words(_ text: some StringProtocol) -> String {
        text.split(whereSeparator: \.isWhitespace).joined()
      }
      #expect(
        words(shown) == words("AuthServices(" + declared.output.1 + ")"),
        "docs/library.md:\(block.openingLine): the block is not AuthServices's initialiser")
    }

    /// The ports (every protocol of `Sources/AuthCore/Ports`) and the services
    /// (`AuthServices`'s properties), each of which docs/library.md declares in full.
    static func declaredTypes() throws -> [String] {
      let ports = try SwiftDeclarations(root: Manual.root, folders: ["Sources/AuthCore/Ports"])
        .declarations.filter { $0.value.kind == .protocol }.map(\.key)
      let services = try String(
        contentsOfFile: Manual.root + "/Sources/AuthCore/UseCases/AuthServices.swift",
        encoding: .utf8
      ).matches(of: /public let [A-Za-z]+: ([A-Za-z]+)/).map { String($0.output.1) }
      return (ports + services).sorted()
    }

    @Test("every port and service is declared in full, as the source declares it")
    func fullDeclarations() throws {
      let signatures = try SwiftSignatures(
        root: Manual.root, folders: ["Sources/AuthCore", "Sources/AuthStoreConformance"])
      let document = try MarkdownDocument(root: Manual.root, relativePath: "docs/library.md")
      var shown: Set<String> = []
      try document.checkGeneratedBlocks(root: Manual.root) { block in
        guard let name = block.directive?.declaration else { return nil }
        shown.insert(name)
        guard let source = try signatures.block(of: name) else {
          Issue.record("docs/library.md:\(block.openingLine): no type `\(name)` in the sources")
          return nil
        }
        return source
      } problem: { block in
        "`\(block.directive?.declaration ?? "")` is not declared as the source declares it"
      }
      let types = try Self.declaredTypes()
      #expect(types.count >= 20)
      for type in types where !shown.contains(type) {
        Issue.record("docs/library.md has no <!-- declaration: \(type) --> block")
      }
    }

    @Test("a declaration block reads requirements and public members as the source has them")
    func signatureReader() throws {
      let signatures = try SwiftSignatures(root: Manual.root, folders: ["Sources/AuthCore"])
      let store = try #require(try signatures.block(of: "UserStore"))
      #expect(store.first == "public protocol UserStore {")
      #expect(
        store.contains(
          "  func renameUser(_ userID: UserID, to username: Username, at time: Date) throws(AuthError)"
        ))
      #expect(
        store.contains(
          "  @discardableResult func deleteUser(_ userID: UserID) throws(AuthError) -> Bool"))
      let sessions = try #require(try signatures.block(of: "SessionService"))
      #expect(sessions.contains { $0.hasPrefix("  public func listSessions(token: SessionToken)") })
      #expect(!sessions.contains { $0.contains("private") || $0.contains("isDueForRenewal") })
      // A member declared in an extension in another file is the type's too.
      let signIn = try #require(try signatures.block(of: "SignInService"))
      #expect(signIn.count > 4)
      #expect(try signatures.block(of: "NoSuchType") == nil)
    }

    @Test("each scene's heading shows its view model's initialiser as the source declares it")
    func sceneInitialisers() throws {
      let document = try MarkdownDocument(root: Manual.root, relativePath: "docs/view-models.md")
      func words(_ text: some StringProtocol) -> String {
        text.split(whereSeparator: \.isWhitespace).joined()
      }
      var checked = 0
      for (index, line) in document.lines.enumerated() {
        guard let heading = line.firstMatch(of: /^### [^`]*: `([A-Za-z]+ViewModel)\((.*)\)`$/)
        else { continue }
        checked += 1
        let name = String(heading.output.1)
        let source = SwiftDeclarations.withoutCommentsAndStrings(
          try String(
            contentsOfFile: Manual.root + "/Sources/AuthViewModels/Scenes/\(name).swift",
            encoding: .utf8))
        let initialisers = source.matches(of: /public init\(([\s\S]*?)\)\s*\{/).map {
          words($0.output.1)
        }
        #expect(
          initialisers.contains(words(heading.output.2)),
          "docs/view-models.md:\(index + 1): \(name) has no init(\(heading.output.2))")
      }
      #expect(checked >= 7)
    }

    @Test("the scanner reads selectors, cases and defaults as a reader writes them")
    func scanner() {
      let body = """
        func verify(_ password: Password, against hash: String) -> Bool
        func read<T: Sendable, E: Error>(
          _ work: (any AuthStoreContext) throws(E) -> T
        ) async throws(AuthError) -> T
        var currentWork: Int? { get }
        init(fromView: AsyncStream<A>, fromController: AsyncStream<B>)
        """
      #expect(
        SwiftDeclarations.members(of: body) == [
          "verify(_:against:)", "read(_:)", "currentWork", "init(fromView:fromController:)",
        ])
      let cases = """
        case usernameChanged(String)
        case a, b(Int, String)
        var description: String { switch self { case .a: "" } }
        """
      #expect(SwiftDeclarations.cases(of: cases) == ["usernameChanged", "a", "b"])
    }

    @Test(
      "every Swift block of the library guide is a file of the package, shown whole, or a declaration"
    )
    func swiftBlocksAreCompiledFiles() throws {
      let document = try MarkdownDocument(root: Manual.root, relativePath: "docs/library.md")
      for block in document.blocks where block.language == "swift" {
        // The manifest of an app that uses the package is the one block no target compiles.
        if block.body.first?.hasPrefix("// swift-tools-version") == true { continue }
        #expect(
          block.directive?.include != nil || block.directive?.declaration != nil,
          Comment(
            rawValue: "docs/library.md:\(block.openingLine): a Swift block that no target "
              + "compiles; put it in a file under Examples/ and show it with <!-- include: … -->"))
      }
    }
  }
}
