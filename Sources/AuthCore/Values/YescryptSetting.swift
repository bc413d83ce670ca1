/// The parameters field of a yescrypt hash (`j9T` in `$y$j9T$salt$checksum`), decoded whole:
/// flavour, N and r, then, when the field goes on, a bit set naming which of p, t, g and NROM
/// follow, each in that order. A hash's cost is what all of them make together, so a field
/// read only in part (the 3-character short form) would let a long form state any cost.
///
/// Every number is written in crypt's alphabet `./0-9A-Za-z` in a variable length: the first
/// character's index says how many characters follow it (0–47 none, 48–55 one, 56–59 two,
/// 60–61 three, 62 four, 63 five) and the value counts on from all the shorter lengths, so
/// each number has exactly one spelling. libxcrypt's yescrypt source documents the format.
struct YescryptSetting: Hashable, Sendable {
  /// log2 of N, the number of 128 × r-byte blocks of memory.
  let log2N: Int
  /// r, the block size in units of 128 bytes.
  let blockSize: Int
  /// t, the time parameter: 0 unless the field states one.
  let time: Int
  /// p, the lanes: 1 unless the field states more.
  let lanes: Int

  /// The flavour libxcrypt writes (`j`: read-write mode with its default rounds and S-box),
  /// the only one whose speed the rate table measured.
  static let defaultFlavour = 47

  /// Decodes `field`, or says why it is refused: a field that is not exactly one setting, or
  /// one whose cost cannot be stated (another flavour, hash upgrades, a ROM, or values
  /// libxcrypt refuses to compute).
  init(decoding field: Substring) throws(LegacyPasswordHashError) {
    var reader = Reader(field)
    let flavour = try reader.number(least: 0, "flavour")
    let log2N = try reader.number(least: 1, "N")
    let blockSize = try reader.number(least: 1, "r")
    var lanes = 1
    var time = 0
    if !reader.isAtEnd {
      let present = try reader.number(least: 1, "the optional fields' set")
      if present & 1 != 0 { lanes = try reader.number(least: 2, "p") }
      if present & 2 != 0 { time = try reader.number(least: 1, "t") }
      guard present & ~3 == 0 else {
        throw Self.refusal("states hash upgrades (g) or a ROM, which libxcrypt does not compute")
      }
    }
    guard reader.isAtEnd else { throw Self.refusal("has characters after its last field") }
    guard flavour == Self.defaultFlavour else {
      throw Self.refusal("flavour is not j, the one libxcrypt writes")
    }
    // libxcrypt computes N from 4 to 2^63 in blocks of r × 128 bytes, split among p lanes of
    // at least 4 blocks each, with r × p below 2^30; it refuses anything else unrun.
    guard (2...63).contains(log2N), blockSize < 1 << 30, lanes < 1 << 30,
      blockSize * lanes < 1 << 30, log2N > 62 || (1 << log2N) / lanes > 3
    else { throw Self.refusal("N, r and p are outside what libxcrypt computes") }
    self.log2N = log2N
    self.blockSize = blockSize
    self.time = time
    self.lanes = lanes
  }

  private static func refusal(_ detail: String) -> LegacyPasswordHashError {
    .malformed(.yescrypt, detail: "parameters " + detail)
  }

  /// Reads the field's numbers one after another.
  private struct Reader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ field: Substring) { bytes = Array(field.utf8) }

    var isAtEnd: Bool { position == bytes.count }

    /// The next number, `least` being the smallest value the field can hold (added to what
    /// the characters spell).
    mutating func number(least: Int, _ name: String) throws(LegacyPasswordHashError) -> Int {
      guard let first = nextIndex() else {
        throw YescryptSetting.refusal("end before \(name) or it is not of ./A-Za-z0-9")
      }
      // The first index of each length and how many characters follow it.
      let lengths: [(start: Int, following: Int)] = [
        (0, 0), (48, 1), (56, 2), (60, 3), (62, 4), (63, 5),
      ]
      var value = least
      var group = 0
      // Every shorter length's values come first.
      while group + 1 < lengths.count, first >= lengths[group + 1].start {
        let width = lengths[group + 1].start - lengths[group].start
        value += width << (6 * lengths[group].following)
        group += 1
      }
      let following = lengths[group].following
      value += (first - lengths[group].start) << (6 * following)
      for place in stride(from: following - 1, through: 0, by: -1) {
        guard let next = nextIndex() else {
          throw YescryptSetting.refusal("\(name) is cut short or not of ./A-Za-z0-9")
        }
        value += next << (6 * place)
      }
      return value
    }

    private mutating func nextIndex() -> Int? {
      guard position < bytes.count else { return nil }
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "."): return 0
      case UInt8(ascii: "/"): return 1
      case 0x30...0x39: return Int(byte) - 0x30 + 2
      case 0x41...0x5A: return Int(byte) - 0x41 + 12
      case 0x61...0x7A: return Int(byte) - 0x61 + 38
      default: return nil
      }
    }
  }
}
