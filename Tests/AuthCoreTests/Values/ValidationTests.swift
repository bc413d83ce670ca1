import AuthCore
import Testing

@Suite struct ValidationTests {
  @Test func validCarriesItsValueAndNoMessage() {
    let validation = Validation<Int>.valid(7)
    #expect(validation.asValidated == 7)
    #expect(validation.errorMessage == nil)
    #expect(validation.isValid)
  }

  @Test func invalidCarriesItsMessageAndNoValue() {
    let validation = Validation<Int>.invalid(errorMessage: "No")
    #expect(validation.asValidated == nil)
    #expect(validation.errorMessage == "No")
    #expect(!validation.isValid)
  }

  @Test func mapTransformsOnlyValidValues() {
    #expect(Validation<Int>.valid(2).map { $0 * 10 } == .valid(20))
    #expect(
      Validation<Int>.invalid(errorMessage: "No").map { $0 * 10 } == .invalid(errorMessage: "No"))
  }
}
