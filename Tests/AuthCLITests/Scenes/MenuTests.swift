import Testing

@testable import AuthCLI

@Suite("Menus")
struct MenuTests {
  private let menu = Menu(title: nil, entries: [("Sign in", 1), ("Quit", 2)])

  @Test func anItemIsChosenByNumberOrByLabelInAnyCase() {
    #expect(menu.item(for: " 2 ") == 2)
    #expect(menu.item(for: "SIGN IN") == 1)
  }

  @Test func numbersOutsideTheMenuChooseNothing() {
    for answer in ["0", "3", "-1", String(Int.min), String(Int.max), "99999999999999999999"] {
      #expect(menu.item(for: answer) == nil, "\(answer)")
    }
  }
}
