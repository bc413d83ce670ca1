import CQRencode
import SharedLibraries

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A QR code's modules, from libqrencode: error correction level M, the text encoded as
/// 8-bit bytes (its UTF-8), case kept, the smallest version that holds it.
public struct QRCode: Hashable, Sendable {
  /// Modules per side (21 for version 1, 4 more per version).
  public let width: Int
  /// The QR version libqrencode chose (1–40).
  public let version: Int
  /// Row by row, `width` × `width`: `true` for a dark module.
  public let modules: [Bool]

  /// Encodes `text`; throws when it is empty, holds a NUL, or is too long for a QR code.
  public init(encoding text: String) throws(QRCodeError) {
    guard !text.isEmpty else { throw .emptyText }
    guard !text.utf8.contains(0) else { throw .containsNUL }
    let library: LibQRencode
    switch LibQRencode.shared {
    case .success(let loaded): library = loaded
    case .failure(let error):
      throw .libraryFailure("libqrencode could not be opened: \(error.reason)")
    }
    // Case-sensitive (the last argument): otherwise libqrencode upper-cases the text.
    guard let code = library.encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else {
      throw errno == ERANGE ? .tooLong : .libraryFailure(String(cString: strerror(errno)))
    }
    defer { library.free(code) }
    let width = Int(code.pointee.width)
    // Bit 0 of each byte is the module's colour; the other bits say what the module is for.
    let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
    self.width = width
    version = Int(code.pointee.version)
    modules = data.map { $0 & 1 == 1 }
  }

  /// Whether the module at `row`, `column` is dark; outside the symbol (the quiet zone),
  /// light.
  public func isDark(row: Int, column: Int) -> Bool {
    guard (0..<width).contains(row), (0..<width).contains(column) else { return false }
    return modules[row * width + column]
  }
}

/// Why a QR code could not be made.
public enum QRCodeError: Error, Hashable, Sendable {
  /// There is nothing to encode.
  case emptyText
  /// The text holds a NUL character, which the library reads as its end.
  case containsNUL
  /// The text does not fit the largest QR code at level M.
  case tooLong
  /// The library failed otherwise, with the system's reason.
  case libraryFailure(String)
}

/// libqrencode's functions, looked up when the first QR code is drawn: linked, the library
/// would be mapped at the start of every command, for the one that enrols a factor.
private struct LibQRencode: Sendable {
  let encodeString: authcli_QRcode_encodeString
  let free: authcli_QRcode_free

  /// Opened once per process, on first use; the failure is kept, so every caller gets the
  /// same answer.
  static let shared = SharedLibrary.open(
    linux: "libqrencode.so.4", macOS: "libqrencode.4.dylib", reading: LibQRencode.init)

  private init(_ library: SharedLibrary) throws(SharedLibraryError) {
    encodeString = try library.function(
      "QRcode_encodeString", as: authcli_QRcode_encodeString.self)
    free = try library.function("QRcode_free", as: authcli_QRcode_free.self)
  }
}
