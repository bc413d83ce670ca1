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
    let long = String(repeating: "é", count: 5000)
    let (reader, _, pipe) = reader(over: long + "\n")
    #expect(reader.readLine(secret: false) == .line(long))
    _ = pipe
  }
}
