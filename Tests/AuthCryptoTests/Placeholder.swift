import Testing

@testable import AuthCrypto
