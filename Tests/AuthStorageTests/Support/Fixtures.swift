import AuthCore
import Foundation
import Testing

/// A canonical username built the way the use cases build it.
func username(_ raw: String) throws -> Username {
  try #require(Username.validate(raw).asValidated)
}

/// A fixed instant on a whole millisecond (and exactly representable), so it survives the store's unit exactly.
let startTime = Date(timeIntervalSince1970: 1_800_000_000.5)

/// `startTime` moved by whole seconds.
func time(_ seconds: Int) -> Date { startTime.addingTimeInterval(TimeInterval(seconds)) }

/// A token hash made of one repeated byte.
func tokenHash(_ byte: UInt8) -> TokenHash {
  TokenHash(rawValue: [UInt8](repeating: byte, count: 32))
}

/// A fake PHC string; storage never interprets it.
let sampleHash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"
