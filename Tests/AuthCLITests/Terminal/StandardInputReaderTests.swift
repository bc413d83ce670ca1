import Foundation
import Testing

@testable import AuthCLI

@Suite("Reading lines from standard input")
@MainActor
struct StandardInputReaderTests {
  /// A reader over a pipe that already holds `text` and is closed for writing.
  private func reader(over text: String) -> (StandardInputReader, BufferSink, Pipe) {
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data(text.utf8))
    try? pipe.fileHandleForWriting.close()
    let echo = BufferSink()
    let reader = StandardInputReader(
      descriptor: pipe.fileHandleForReading.fileDescriptor, echo: echo)
    return (reader, echo, pipe)
  }

  @Test func onlyTheLineEndingIsStripped() {
    let (reader, echo, pipe) = reader(over: "  padded pass phrase  \nwindows\r\nlast")
    #expect(reader.readLine(secret: false) == .line("  padded pass phrase  "))
    #expect(reader.readLine(secret: true) == .line("windows"))
    #expect(reader.readLine(secret: false) == .line("last"))
    #expect(reader.readLine(secret: false) == .endOfInput)
    #expect(reader.readLine(secret: false) == .endOfInput)
    // A pipe is not a terminal: no echo switching, no newline written for a secret.
    #expect(!reader.isTerminal)
    #expect(echo.text.isEmpty)
    _ = pipe
  }

  @Test func anEmptyLineIsALineAndNotTheEnd() {
    let (reader, _, pipe) = reader(over: "\n\n")
    #expect(reader.readLine(secret: false) == .line(""))
    #expect(reader.readLine(secret: false) == .line(""))
    #expect(reader.readLine(secret: false) == .endOfInput)
    _ = pipe
  }

  @Test func unicodeSurvivesChunkBoundaries() {
    // Two bytes each, just under the line limit.
    let long = String(repeating: "é", count: StandardInputReader.lineByteLimit / 2)
    let (reader, _, pipe) = reader(over: long + "\n")
    #expect(reader.readLine(secret: false) == .line(long))
    _ = pipe
  }

  @Test func aMegabyteLineIsRefusedAndSkippedInOnePass() throws {
    let long = String(repeating: "x", count: 1_048_576)
    let text = long + "\nnext\n"
    let path = FileManager.default.temporaryDirectory.path + "/authcli-long-line-\(UUID())"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try #require(FileHandle(forReadingAtPath: path))
    defer { try? file.close() }
    let reader = StandardInputReader(descriptor: file.fileDescriptor, echo: BufferSink())
    #expect(reader.readLine(secret: false) == .tooLong)
    #expect(reader.readLine(secret: false) == .line("next"))
    #expect(reader.readLine(secret: false) == .endOfInput)
    // Searching from the start of the line after every chunk would look at ~128 MB; the
    // skipped rest is searched once, chunk by chunk, never kept.
    #expect(reader.bytesSearched <= 2 * text.utf8.count)
  }

  @Test func aLineOfExactlyTheLimitIsServedOneMoreIsRefused() {
    let limit = StandardInputReader.lineByteLimit
    let atLimit = String(repeating: "a", count: limit)
    let over = String(repeating: "b", count: limit + 1)
    let (reader, _, pipe) = reader(over: atLimit + "\n" + over + "\r\nafter\n")
    #expect(reader.readLine(secret: true) == .line(atLimit))
    #expect(reader.readLine(secret: true) == .tooLong)
    #expect(reader.readLine(secret: true) == .line("after"))
    #expect(reader.readLine(secret: true) == .endOfInput)
    _ = pipe
  }

  @Test func manyShortLinesInOneChunkKeepTheirOrder() {
    let lines = (1...2000).map { "line \($0)" }
    let (reader, _, pipe) = reader(over: lines.joined(separator: "\n") + "\n")
    for line in lines { #expect(reader.readLine(secret: false) == .line(line)) }
    #expect(reader.readLine(secret: false) == .endOfInput)
    _ = pipe
  }

  @Test func bytesThatAreNotUTF8AreRefusedNotRepaired() {
    let pipe = Pipe()
    // Two different invalid lines, which repairing would turn into the same text.
    pipe.fileHandleForWriting.write(Data([0xFF, 0xFE, 0x61, 0x0A, 0xC3, 0x28, 0x61, 0x0A]))
    pipe.fileHandleForWriting.write(Data("fine\n\u{FF}".utf8))
    try? pipe.fileHandleForWriting.close()
    let reader = StandardInputReader(
      descriptor: pipe.fileHandleForReading.fileDescriptor, echo: BufferSink())
    #expect(reader.readLine(secret: true) == .notText)
    #expect(reader.readLine(secret: true) == .notText)
    #expect(reader.readLine(secret: false) == .line("fine"))
    // U+00FF written as UTF-8 is text.
    #expect(reader.readLine(secret: false) == .line("\u{FF}"))
    #expect(reader.readLine(secret: false) == .endOfInput)
  }
}
