import AuthCore
import SodiumLibrary

/// The libsodium version this binary runs against, or why the library cannot be used.
public var sodiumLibraryVersion: String {
  switch LibSodium.shared {
  case .success(let sodium): sodium.versionString().map { String(cString: $0) } ?? "unknown"
  case .failure(let error): "unavailable (\(error.reason))"
  }
}
