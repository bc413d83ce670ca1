import SharedLibraries
import Testing

/// The loader against the real dynamic loader: the C library, which every process has, and
/// names no system has.
@Suite struct SharedLibraryTests {
  typealias StringLength = @convention(c) (UnsafePointer<CChar>) -> Int

  /// The C library's file name, as `open(linux:macOS:reading:)` picks it on this platform.
  #if canImport(Darwin)
    static let cLibrary = "libSystem.B.dylib"
  #else
    static let cLibrary = "libc.so.6"
  #endif

  /// The C library, with the function `name` read as `strlen`'s type.
  static func openC(reading name: String) -> Result<StringLength, SharedLibraryError> {
    SharedLibrary.open(linux: "libc.so.6", macOS: "libSystem.B.dylib") {
      library throws(SharedLibraryError) in
      try library.function(name, as: StringLength.self)
    }
  }

  @Test func aFunctionOfAnOpenedLibraryIsCalled() throws {
    let stringLength = try Self.openC(reading: "strlen").get()
    #expect(stringLength("authcli") == 7)
  }

  @Test func aMissingFunctionIsNamedWithTheLibrary() {
    let reason = "\(Self.cLibrary) has no function authcli_no_such_function (version too old?)"
    #expect(
      Self.openC(reading: "authcli_no_such_function").map { _ in "read" }
        == .failure(SharedLibraryError(reason: reason)))
  }

  @Test func theFirstNameTheLoaderFindsIsOpened() throws {
    let library = try SharedLibrary(["libauthcli-absent.so.1", Self.cLibrary])
    let stringLength = try library.function("strlen", as: StringLength.self)
    #expect(stringLength("") == 0)
  }

  @Test func aLibraryNotFoundGivesTheLoadersReasonForEachName() {
    let names = ["libauthcli-absent.so.1", "libauthcli-absent-too.so.2"]
    let error = #expect(throws: SharedLibraryError.self) { try SharedLibrary(names) }
    let reasons = error?.reason.split(separator: "; ") ?? []
    #expect(reasons.count == 2)
    for (reason, name) in zip(reasons, names) {
      #expect(reason.contains(name), "\(reason)")
    }
  }
}
