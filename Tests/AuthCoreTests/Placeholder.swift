import Testing

@testable import AuthCore
