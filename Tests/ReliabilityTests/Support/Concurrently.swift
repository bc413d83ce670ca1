/// Runs `work` for every element with at most `width` running at once; results in input order.
func concurrently<Element: Sendable, Result: Sendable>(
  _ elements: [Element], width: Int, _ work: @escaping @Sendable (Element) async throws -> Result
) async throws -> [Result] {
  try await withThrowingTaskGroup(of: (Int, Result).self) { group in
    var results = [Result?](repeating: nil, count: elements.count)
    var next = 0
    func addNext() {
      guard next < elements.count else { return }
      let index = next
      let element = elements[index]
      group.addTask { (index, try await work(element)) }
      next += 1
    }
    for _ in 0..<min(width, elements.count) { addNext() }
    while let (index, result) = try await group.next() {
      results[index] = result
      addNext()
    }
    return results.compactMap { $0 }
  }
}
