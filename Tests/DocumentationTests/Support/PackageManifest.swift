/// What `Package.swift` declares, read from its text: products, targets and their
/// dependencies, and the Debian packages each system library names.
struct PackageManifest {
  /// Each product's name and its targets.
  private(set) var products: [(name: String, targets: [String])] = []
  /// Each target's direct dependencies, by name.
  private var dependencies: [String: [String]] = [:]
  /// Each system library's Debian packages (`providers: [.apt([…])]`).
  private var aptPackages: [String: [String]] = [:]

  /// Reads the manifest's declarations; each starts at `.library(`, `.target(`, … and runs
  /// to the next.
  init(_ text: String) throws {
    let starts = text.ranges(
      of: /\.(library|executable|target|executableTarget|testTarget|systemLibrary|plugin)\(/)
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1].lowerBound : text.endIndex
      let declaration = text[start.lowerBound..<end]
      guard let name = declaration.firstMatch(of: /name:\s*"([^"]+)"/)?.output.1 else { continue }
      let kind = declaration.firstMatch(of: /\.(\w+)\(/)?.output.1 ?? ""
      let list: (Regex<(Substring, Substring)>) -> [String] = { pattern in
        guard let inside = declaration.firstMatch(of: pattern)?.output.1 else { return [] }
        return inside.matches(of: /"([^"]+)"/).map { String($0.output.1) }
      }
      switch kind {
      case "library", "executable":
        products.append((String(name), list(/targets:\s*\[([^\]]*)\]/)))
      case "systemLibrary":
        aptPackages[String(name)] = list(/\.apt\(\[([^\]]*)\]/)
      default:
        dependencies[String(name)] = list(/dependencies:\s*\[([^\]]*)\]/)
      }
    }
  }

  /// The Debian packages of every system library that `targets` depend on, directly or not.
  func systemPackages(under targets: [String]) -> Set<String> {
    var seen: Set<String> = []
    var pending = targets
    while let target = pending.popLast() {
      guard seen.insert(target).inserted else { continue }
      pending += dependencies[target] ?? []
    }
    return Set(seen.flatMap { aptPackages[$0] ?? [] })
  }
}
