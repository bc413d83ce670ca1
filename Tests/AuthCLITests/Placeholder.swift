import Testing

@testable import AuthCLI
