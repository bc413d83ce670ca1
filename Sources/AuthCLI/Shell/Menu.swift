#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A numbered menu that accepts an item's number or its label in any letter case.
struct Menu<Item> {
  let title: String?
  let entries: [(label: String, item: Item)]

  /// The numbered lines.
  func render() -> String {
    var lines: [String] = []
    if let title { lines.append(title) }
    for (index, entry) in entries.enumerated() {
      lines.append("  \(index + 1)) \(entry.label)")
    }
    return lines.joined(separator: "\n")
  }

  /// The item a typed answer names, if any.
  func item(for answer: String) -> Item? {
    let word = answer.trimmingSpaces
    // Compared without arithmetic: `number - 1` traps for Int.min, which anyone can type.
    if let number = Int(word), number >= 1, number <= entries.count {
      return entries[number - 1].item
    }
    return entries.first { $0.label.lowercased() == word.lowercased() }?.item
  }

  /// Shows the menu and asks until an item is chosen; `nil` when the user leaves.
  /// Ctrl-C at a menu only asks again.
  @MainActor
  func choose(on terminal: LineTerminal) -> Item? {
    terminal.say(render())
    let prompt = "Choose 1-\(entries.count): "
    while true {
      switch terminal.ask(prompt) {
      case .leave: return nil
      case .cancelled: continue
      case .text(let answer):
        if let item = item(for: answer) { return item }
        terminal.say("Type a number from 1 to \(entries.count), or an item's name.")
      }
    }
  }
}
