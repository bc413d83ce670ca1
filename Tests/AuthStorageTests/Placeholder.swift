import Testing

@testable import AuthStorage
