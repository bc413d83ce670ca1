#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a `Decodable` value from a parsed `JSONValue`, with the conventions
/// `JSONTreeEncoder` writes by: a `Date` is an ISO 8601 string, `null` is an absent value.
///
/// Types are strict, as JSON has them: a number is not a string, `1.5` is not an integer,
/// and an integer past the Swift type's range is refused rather than cut.
enum JSONTreeDecoder {
  /// The value of `type` that `value` holds; throws `DecodingError`, or what the type throws.
  static func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
    try TreeDecoder(value: value, codingPath: []).decodeValue(type)
  }
}

private struct TreeDecoder: Decoder {
  let value: JSONValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else {
      throw mismatch([String: JSONValue].self, "an object")
    }
    var byKey: [String: JSONValue] = [:]
    // A key written twice counts once, its last value, as JSON readers commonly take it.
    for member in members { byKey[member.key] = member.value }
    return KeyedDecodingContainer(KeyedContainer<Key>(members: byKey, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let items) = value else { throw mismatch([JSONValue].self, "an array") }
    return UnkeyedContainer(items: items, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleContainer(decoder: self)
  }

  func mismatch<Wanted>(_ type: Wanted.Type, _ description: String) -> DecodingError {
    .typeMismatch(
      type, DecodingError.Context(codingPath: codingPath, debugDescription: "not \(description)"))
  }

  func decodeValue<Value: Decodable>(_ type: Value.Type) throws -> Value {
    // Times are written as ISO 8601 UTC strings (`JSONTreeEncoder`), and read back so.
    if type == Date.self {
      guard case .string(let text) = value else { throw mismatch(Date.self, "a time") }
      guard let date = Timestamp.parse(iso8601: text) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: codingPath, debugDescription: "not an ISO 8601 time"))
      }
      return try cast(date, type)
    }
    return try Value(from: self)
  }

  private func cast<Value>(_ date: Date, _ type: Value.Type) throws -> Value {
    guard let value = date as? Value else { throw mismatch(type, "a time") }
    return value
  }

  func string() throws -> String {
    guard case .string(let text) = value else { throw mismatch(String.self, "a string") }
    return text
  }

  func bool() throws -> Bool {
    guard case .bool(let flag) = value else { throw mismatch(Bool.self, "true or false") }
    return flag
  }

  func integer<Number: FixedWidthInteger>(_ type: Number.Type) throws -> Number {
    guard case .integer(let number) = value else { throw mismatch(type, "an integer") }
    guard let exact = Number(exactly: number) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath, debugDescription: "\(number) does not fit \(type)"))
    }
    return exact
  }

  func real() throws -> Double {
    switch value {
    case .real(let number): return number
    case .integer(let number): return Double(number)
    default: throw mismatch(Double.self, "a number")
    }
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [String: JSONValue]
  let codingPath: [any CodingKey]

  var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

  func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

  private func decoder(_ key: Key) throws -> TreeDecoder {
    guard let value = members[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, DecodingError.Context(codingPath: codingPath, debugDescription: "no such key"))
    }
    return TreeDecoder(value: value, codingPath: codingPath + [key])
  }

  func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).value == .null }

  // Every type, numbers and strings too, through its own `init(from:)`, which reads it
  // from the single-value container: one place holds JSON's strict rules for each.
  func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
    try decoder(key).decodeValue(type)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try decoder(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    TreeDecoder(value: .object(members.map { ($0.key, $0.value) }), codingPath: codingPath)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let items: [JSONValue]
  let codingPath: [any CodingKey]
  var currentIndex = 0

  init(items: [JSONValue], codingPath: [any CodingKey]) {
    self.items = items
    self.codingPath = codingPath
  }

  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }

  private mutating func next() throws -> TreeDecoder {
    let path = codingPath + [IndexKey(intValue: currentIndex)]
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        JSONValue.self, DecodingError.Context(codingPath: path, debugDescription: "past the end"))
    }
    defer { currentIndex += 1 }
    return TreeDecoder(value: items[currentIndex], codingPath: path)
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, items[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try next().decodeValue(type)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try next().container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next().unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleContainer: SingleValueDecodingContainer {
  let decoder: TreeDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool { decoder.value == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool() }
  func decode(_ type: String.Type) throws -> String { try decoder.string() }
  func decode(_ type: Double.Type) throws -> Double { try decoder.real() }
  func decode(_ type: Float.Type) throws -> Float { Float(try decoder.real()) }
  func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type) }
  func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try decoder.decodeValue(type)
  }
}
