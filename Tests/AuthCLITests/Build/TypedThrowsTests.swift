import Foundation
import Testing

/// `AuthCore`'s ports and use cases declare what they throw: a front end answers each failure
/// by an exhaustive `switch` over the declared type, which an untyped `throws` (or a
/// `rethrows`) anywhere on the way would turn back into `any Error`.
@Suite struct TypedThrowsTests {
  /// The folders whose every `throws` names its type.
  static let typedFolders = ["AuthCore/Ports", "AuthCore/UseCases"]

  /// Whether `line` throws without naming a type, ignoring what follows `//` (comments say
  /// "throws" freely).
  static func untypedThrows(in line: Substring) throws -> Bool {
    let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
    return code.contains(try Regex(#"\b(re)?throws\b(?!\s*\()"#))
  }

  @Test func theScanTellsTypedFromUntyped() throws {
    #expect(try Self.untypedThrows(in: "  func f() throws -> Int"))
    #expect(try Self.untypedThrows(in: "  ) throws"))
    #expect(try Self.untypedThrows(in: "  func g(_ body: () throws -> Void) rethrows {"))
    #expect(try Self.untypedThrows(in: "  _ work: (any AuthStoreContext) throws -> T"))
    #expect(try !Self.untypedThrows(in: "  func f() throws(AuthError) -> Int"))
    #expect(try !Self.untypedThrows(in: "  _ work: (any AuthStoreContext) throws(E) -> T"))
    #expect(try !Self.untypedThrows(in: "  /// Throws `busy` when the database stays locked."))
    #expect(try !Self.untypedThrows(in: "  let x = 1  // throws nothing"))
  }

  @Test func authCorePortsAndUseCasesDeclareTheirThrownTypes() throws {
    var scanned = 0
    for folder in Self.typedFolders {
      for (path, lines) in try PackageSources.files(of: folder) {
        for (number, line) in lines.enumerated() {
          #expect(
            try !Self.untypedThrows(in: line),
            "\(folder)/\(path):\(number + 1) throws without a type: \(line)")
        }
        scanned += 1
      }
    }
    #expect(scanned > 20, "the scan found the sources")
  }
}
