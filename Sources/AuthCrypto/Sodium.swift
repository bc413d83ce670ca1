import SodiumLibrary

/// libsodium for every adapter in this module: opened and initialised on first use.
enum Sodium {
  /// The table of libsodium's functions; opening it runs `sodium_init` once (libsodium
  /// picks its fastest code paths and seeds its random source there). An adapter keeps
  /// the table it got at its `init`, so its later calls ask nothing again.
  static func library() throws(SodiumError) -> LibSodium {
    switch LibSodium.shared {
    case .success(let library): return library
    case .failure(let error): throw .unavailable(error.reason)
    }
  }
}

/// libsodium could not be used.
public enum SodiumError: Error, Hashable, Sendable {
  /// The library could not be opened, lacks a function, or `sodium_init` failed, so no
  /// hashing or random bytes can be trusted; the reason, in the dynamic loader's words.
  case unavailable(String)
}
