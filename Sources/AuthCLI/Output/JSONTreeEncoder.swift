#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why an output could not be written as JSON: a value JSON has no form for (a number that
/// is not finite, an integer past 64 bits), or an output's own `encode(to:)` refusing.
struct JSONEncodingFailure: Error, Equatable {
  let reason: String
}

/// Turns an `Encodable` output into a `JSONValue`, with authcli's conventions: an absent
/// optional is `null` (a key scripts can count on), and a `Date` is an ISO 8601 UTC string.
///
/// Foundation's `JSONEncoder` would link the whole of FoundationEssentials into the binary
/// and cost every command's start-up; this encoder only builds the value that `JSONText`
/// writes.
enum JSONTreeEncoder {
  /// The JSON value of `value`; one that encodes nothing is an empty object, as for
  /// Foundation.
  static func value<Value: Encodable>(of value: Value) throws(JSONEncodingFailure) -> JSONValue {
    do {
      return try TreeEncoder.encode(value, codingPath: [])
    } catch let failure as JSONEncodingFailure {
      throw failure
    } catch {
      throw JSONEncodingFailure(reason: "\(error)")
    }
  }
}

/// A container's storage, shared by the containers an encoder hands out, so that two
/// `encode(to:)` calls on one encoder (an output that merges another's keys) fill one object.
private final class Node {
  enum Content {
    case empty
    case single(JSONValue)
    case object([(key: String, value: Node)])
    case array([Node])
  }

  var content = Content.empty

  var value: JSONValue {
    switch content {
    case .empty: .object([])
    case .single(let value): value
    case .object(let members): .object(members.map { ($0.key, $0.value.value) })
    case .array(let items): .array(items.map(\.value))
    }
  }

  /// Sets `key`, replacing an earlier value of it.
  func set(_ key: String, _ node: Node) {
    guard case .object(var members) = content else {
      content = .object([(key, node)])
      return
    }
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].value = node
    } else {
      members.append((key, node))
    }
    content = .object(members)
  }

  func append(_ node: Node) {
    guard case .array(var items) = content else {
      content = .array([node])
      return
    }
    items.append(node)
    content = .array(items)
  }

  static func leaf(_ value: JSONValue) -> Node {
    let node = Node()
    node.content = .single(value)
    return node
  }
}

private final class TreeEncoder: Encoder {
  let node: Node
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(node: Node, codingPath: [any CodingKey]) {
    self.node = node
    self.codingPath = codingPath
  }

  static func encode<Value: Encodable>(
    _ value: Value, codingPath: [any CodingKey]
  ) throws -> JSONValue {
    try node(for: value, codingPath: codingPath).value
  }

  /// The node of one value: leaves directly, anything else through its `encode(to:)`.
  static func node<Value: Encodable>(
    for value: Value, codingPath: [any CodingKey]
  ) throws -> Node {
    // Foundation's `Date` encodes itself as a number of seconds; authcli prints times as
    // ISO 8601 UTC, the one form its outputs and its import read.
    if let date = value as? Date { return .leaf(.string(Timestamp.iso8601(date))) }
    let encoder = TreeEncoder(node: Node(), codingPath: codingPath)
    try value.encode(to: encoder)
    return encoder.node
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .empty = node.content { node.content = .object([]) }
    return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .empty = node.content { node.content = .array([]) }
    return UnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(node: node, codingPath: codingPath)
  }
}

/// The leaf forms of the numbers and texts `Encodable` hands an encoder.
private enum Leaf {
  static func integer<Number: BinaryInteger>(
    _ number: Number, codingPath: [any CodingKey]
  ) throws -> JSONValue {
    guard let exact = Int64(exactly: number) else {
      throw JSONEncodingFailure(reason: "\(number) at \(path(codingPath)) exceeds 64 bits")
    }
    return .integer(exact)
  }

  static func real(_ number: Double, codingPath: [any CodingKey]) throws -> JSONValue {
    guard number.isFinite else {
      throw JSONEncodingFailure(reason: "\(number) at \(path(codingPath)) is not finite")
    }
    return .real(number)
  }

  static func path(_ codingPath: [any CodingKey]) -> String {
    codingPath.isEmpty ? "the top level" : codingPath.map(\.stringValue).joined(separator: ".")
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: Node
  let codingPath: [any CodingKey]

  private func set(_ value: JSONValue, _ key: Key) { node.set(key.stringValue, .leaf(value)) }

  mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    set(try Leaf.real(value, codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    set(try Leaf.real(Double(value), codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    node.set(key.stringValue, try TreeEncoder.node(for: value, codingPath: codingPath + [key]))
  }

  private func integer<Number: BinaryInteger>(_ number: Number, _ key: Key) throws {
    set(try Leaf.integer(number, codingPath: codingPath + [key]), key)
  }

  // An absent optional is printed as `null`, not left out: scripts read every key of an
  // output whether or not it has a value (`"locked_at" : null`).
  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }
  mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
    try encodeOrNull(value, key)
  }

  private mutating func encodeOrNull<Value: Encodable>(_ value: Value?, _ key: Key) throws {
    guard let value else { return try encodeNil(forKey: key) }
    try encode(value, forKey: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = Node()
    nested.content = .object([])
    node.set(key.stringValue, nested)
    return KeyedEncodingContainer(
      KeyedContainer<NestedKey>(node: nested, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = Node()
    nested.content = .array([])
    node.set(key.stringValue, nested)
    return UnkeyedContainer(node: nested, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    TreeEncoder(node: node, codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let nested = Node()
    node.set(key.stringValue, nested)
    return TreeEncoder(node: nested, codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer, LeafEncoding {
  let node: Node
  let codingPath: [any CodingKey]

  var count: Int {
    guard case .array(let items) = node.content else { return 0 }
    return items.count
  }

  private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

  var leafPath: [any CodingKey] { nextPath }
  mutating func write(_ leaf: JSONValue) { node.append(.leaf(leaf)) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    node.append(try TreeEncoder.node(for: value, codingPath: nextPath))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = Node()
    nested.content = .object([])
    let path = nextPath
    node.append(nested)
    return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: nested, codingPath: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = Node()
    nested.content = .array([])
    let path = nextPath
    node.append(nested)
    return UnkeyedContainer(node: nested, codingPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    let nested = Node()
    let path = nextPath
    node.append(nested)
    return TreeEncoder(node: nested, codingPath: path)
  }
}

private struct SingleContainer: SingleValueEncodingContainer, LeafEncoding {
  let node: Node
  let codingPath: [any CodingKey]

  var leafPath: [any CodingKey] { codingPath }
  mutating func write(_ leaf: JSONValue) { node.content = .single(leaf) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    node.content = try TreeEncoder.node(for: value, codingPath: codingPath).content
  }
}

/// The containers that take one value at a time, a list's next item or a single value:
/// each writes a leaf its own way, and every scalar `encode` the protocols ask for becomes
/// that leaf here, checked against the path the value goes to.
private protocol LeafEncoding {
  /// Where the value being written goes, for the failure that names it.
  var leafPath: [any CodingKey] { get }
  mutating func write(_ leaf: JSONValue)
}

extension LeafEncoding {
  mutating func encodeNil() throws { write(.null) }
  mutating func encode(_ value: Bool) throws { write(.bool(value)) }
  mutating func encode(_ value: String) throws { write(.string(value)) }
  mutating func encode(_ value: Double) throws { write(try Leaf.real(value, codingPath: leafPath)) }
  mutating func encode(_ value: Float) throws {
    write(try Leaf.real(Double(value), codingPath: leafPath))
  }
  mutating func encode(_ value: Int) throws { try integer(value) }
  mutating func encode(_ value: Int8) throws { try integer(value) }
  mutating func encode(_ value: Int16) throws { try integer(value) }
  mutating func encode(_ value: Int32) throws { try integer(value) }
  mutating func encode(_ value: Int64) throws { try integer(value) }
  mutating func encode(_ value: UInt) throws { try integer(value) }
  mutating func encode(_ value: UInt8) throws { try integer(value) }
  mutating func encode(_ value: UInt16) throws { try integer(value) }
  mutating func encode(_ value: UInt32) throws { try integer(value) }
  mutating func encode(_ value: UInt64) throws { try integer(value) }

  private mutating func integer<Number: BinaryInteger>(_ number: Number) throws {
    write(try Leaf.integer(number, codingPath: leafPath))
  }
}

/// A position in an array, as a coding path names it.
struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { intValue.map(String.init) ?? "" }

  init(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}
