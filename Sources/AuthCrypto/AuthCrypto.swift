import AuthCore
import CSodium

/// The libsodium version this binary runs against.
public var sodiumLibraryVersion: String { String(cString: sodium_version_string()) }
