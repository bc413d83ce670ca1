import CJansson
import SharedLibraries

/// Parses JSON text into a `JSONValue` with Jansson, looked up in the shared library the
/// first time an export is read back: no other command maps it, as the PostgreSQL engine
/// does with libpq and the shell with libedit.
struct JanssonParser: Sendable {
  /// Why a line is no JSON value at all.
  struct Refusal: Error, Equatable {
    /// Jansson's words, with the column.
    let reason: String
  }

  private let load: authcli_json_loadb
  private let delete: authcli_json_delete
  private let objectIterator: authcli_json_object_iter
  private let objectNext: authcli_json_object_iter_next
  private let objectKey: authcli_json_object_iter_key
  private let objectValue: authcli_json_object_iter_value
  private let arraySize: authcli_json_array_size
  private let arrayGet: authcli_json_array_get
  private let stringValue: authcli_json_string_value
  private let stringLength: authcli_json_string_length
  private let integerValue: authcli_json_integer_value
  private let realValue: authcli_json_real_value

  /// The library, opened once per process on first use; the failure is kept too, so every
  /// caller gets the same answer.
  static let shared = SharedLibrary.open(
    linux: "libjansson.so.4", macOS: "libjansson.4.dylib", reading: JanssonParser.init
  ).mapError { Refusal(reason: $0.reason) }

  private init(_ library: SharedLibrary) throws(SharedLibraryError) {
    load = try library.function("json_loadb", as: authcli_json_loadb.self)
    delete = try library.function("json_delete", as: authcli_json_delete.self)
    objectIterator = try library.function("json_object_iter", as: authcli_json_object_iter.self)
    objectNext = try library.function(
      "json_object_iter_next", as: authcli_json_object_iter_next.self)
    objectKey = try library.function("json_object_iter_key", as: authcli_json_object_iter_key.self)
    objectValue = try library.function(
      "json_object_iter_value", as: authcli_json_object_iter_value.self)
    arraySize = try library.function("json_array_size", as: authcli_json_array_size.self)
    arrayGet = try library.function("json_array_get", as: authcli_json_array_get.self)
    stringValue = try library.function("json_string_value", as: authcli_json_string_value.self)
    stringLength = try library.function("json_string_length", as: authcli_json_string_length.self)
    integerValue = try library.function("json_integer_value", as: authcli_json_integer_value.self)
    realValue = try library.function("json_real_value", as: authcli_json_real_value.self)
  }

  /// One JSON value of any type, the whole text and nothing after it. A string may hold
  /// U+0000 (JSON allows it; the username rules refuse it later, by name).
  ///
  /// An integer past 64 bits is not refused: it is read as a real, as SQLite's JSON
  /// functions read it, so that a field that must be an integer says so by name.
  func parse(_ text: String) -> Result<JSONValue, Refusal> {
    var bytes = Array(text.utf8)
    while true {
      switch parse(bytes) {
      case .success(let value): return .success(value)
      case .failure(let failure):
        // Jansson stops just after an integer it cannot hold; the same digits with `.0`
        // after them are a real it reads, and every other integer stays exact.
        guard let end = failure.overflowEnd, end > 0, end <= bytes.count,
          bytes[end - 1] >= UInt8(ascii: "0"), bytes[end - 1] <= UInt8(ascii: "9")
        else { return .failure(failure.refusal) }
        bytes.insert(contentsOf: Array(".0".utf8), at: end)
      }
    }
  }

  private struct Failure: Error {
    let refusal: Refusal
    /// Where an integer too big for 64 bits ends, when that is the failure.
    let overflowEnd: Int?
  }

  private func parse(_ bytes: [UInt8]) -> Result<JSONValue, Failure> {
    var error = json_error_t()
    let root = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        load($0.baseAddress, $0.count, Int(JSON_DECODE_ANY | JSON_ALLOW_NUL), &error)
      }
    }
    guard let root else {
      let reason = withUnsafeBytes(of: error.text) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      let overflows = authcli_json_error_code(&error) == json_error_numeric_overflow
      return .failure(
        Failure(
          refusal: Refusal(reason: "\(reason) (column \(error.column))"),
          overflowEnd: overflows ? Int(error.position) : nil))
    }
    defer { delete(root) }
    return .success(value(of: root))
  }

  private func value(of node: UnsafeMutablePointer<json_t>) -> JSONValue {
    switch authcli_json_typeof(node) {
    case JSON_OBJECT:
      var members: [(key: String, value: JSONValue)] = []
      var iterator = objectIterator(node)
      while let current = iterator {
        if let key = objectKey(current), let member = objectValue(current) {
          members.append((String(cString: key), value(of: member)))
        }
        iterator = objectNext(node, current)
      }
      return .object(members)
    case JSON_ARRAY:
      return .array((0..<arraySize(node)).compactMap { arrayGet(node, $0).map(value(of:)) })
    case JSON_STRING:
      guard let start = stringValue(node) else { return .string("") }
      let length = stringLength(node)
      return start.withMemoryRebound(to: UInt8.self, capacity: length) {
        .string(String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self))
      }
    case JSON_INTEGER: return .integer(Int64(integerValue(node)))
    case JSON_REAL: return .real(realValue(node))
    case JSON_TRUE: return .bool(true)
    case JSON_FALSE: return .bool(false)
    default: return .null
    }
  }
}
