import Testing

@testable import AuthViewModels
