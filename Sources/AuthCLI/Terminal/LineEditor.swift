import CEdit
import SharedLibraries
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libedit's functions, looked up in the shared library when the shell starts on a terminal.
///
/// Linking libedit would map it and the three libraries it needs (terminfo, libbsd, libmd)
/// at the start of every command, for the one that edits lines; opening it here keeps it
/// out of every other process, as the PostgreSQL engine does with libpq.
private struct LibEdit: Sendable {
  let initialize: authcli_el_init
  let end: authcli_el_end
  let gets: authcli_el_gets
  let source: authcli_el_source
  let historyInitialize: authcli_history_init
  let historyEnd: authcli_history_end
  let decodeSavedLine: authcli_strunvis
  /// `el_set` and `history`, called through the shim's fixed-argument wrappers.
  let set: authcli_variadic_function
  let history: authcli_variadic_function

  /// Opened once per process, when the first editor is made; the failure is kept, and the
  /// shell then reads plain lines.
  static let shared = SharedLibrary.open(
    linux: "libedit.so.2", macOS: "libedit.3.dylib", reading: LibEdit.init)

  private init(_ library: SharedLibrary) throws(SharedLibraryError) {
    initialize = try library.function("el_init", as: authcli_el_init.self)
    end = try library.function("el_end", as: authcli_el_end.self)
    gets = try library.function("el_gets", as: authcli_el_gets.self)
    source = try library.function("el_source", as: authcli_el_source.self)
    historyInitialize = try library.function("history_init", as: authcli_history_init.self)
    historyEnd = try library.function("history_end", as: authcli_history_end.self)
    decodeSavedLine = try library.function("strunvis", as: authcli_strunvis.self)
    set = try library.function("el_set", as: authcli_variadic_function.self)
    history = try library.function("history", as: authcli_variadic_function.self)
  }
}

// What libedit's callbacks (plain C functions, without a context of their own) read: the
// prompt being shown and the descriptor lines come from. Written only on the main thread
// between reads, read only inside `el_gets` on the same thread.
nonisolated(unsafe) private var shownPrompt: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var editedDescriptor: Int32 = 0
nonisolated(unsafe) private var decoding = mbstate_t()
/// Whether the line being read had bytes that are not UTF-8; it is then refused as the
/// plain reader refuses it, not repaired.
nonisolated(unsafe) private var sawBytesNotText = false
/// Set when a read ended because Ctrl-C was pressed, not because input ended.
private let readWasInterrupted = Atomic<Bool>(false)

private func promptText(_ editor: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
  shownPrompt
}

/// Reads one character for libedit: waits for input or Ctrl-C (the self-pipe of
/// `InterruptTrap`, which wakes the wait whichever thread the signal reached), then decodes
/// the bytes with the C library in the UTF-8 locale. 1: a character; 0: end of input;
/// -1: interrupted or failed, which ends `el_gets` with no line.
private func readCharacter(
  _ editor: OpaquePointer?, _ character: UnsafeMutablePointer<wchar_t>?
)
  -> Int32
{
  let descriptor = editedDescriptor
  while true {
    var watched = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: InterruptTrap.wakeUpDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&watched, nfds_t(watched[1].fd >= 0 ? 2 : 1), -1)
    if InterruptTrap.takeInterrupt() {
      readWasInterrupted.store(true, ordering: .sequentiallyConsistent)
      return -1
    }
    if ready < 0 {
      if errno == EINTR { continue }
      return -1
    }
    guard watched[0].revents != 0 else { continue }
    var byte: CChar = 0
    let count = read(descriptor, &byte, 1)
    if count == 0 { return 0 }
    if count < 0 {
      if errno == EINTR { continue }
      return -1
    }
    var wide: wchar_t = 0
    // mbrtowc answers (size_t)-2 for an unfinished character and (size_t)-1 for bytes
    // that are not one (Swift sees size_t as Int).
    let decoded = Int(truncatingIfNeeded: mbrtowc(&wide, &byte, 1, &decoding))
    if decoded == -2 { continue }  // The character goes on in the next byte.
    if decoded == -1 {
      // Not UTF-8: start again with the next byte, shown as U+FFFD meanwhile; the line
      // is refused when it ends.
      decoding = mbstate_t()
      sawBytesNotText = true
      wide = 0xFFFD
    }
    character?.pointee = wide
    return 1
  }
}

/// Line editing and history for the shell's non-secret answers, through libedit: arrows,
/// Ctrl-A/Ctrl-E, Up for earlier answers, and the user's ~/.editrc. Passwords never come
/// here (they are read with echo off by `StandardInputReader`), so none enters the history;
/// a name joins it only once it signed in or up (`keepHeldName`), since a passphrase typed
/// into the name field would otherwise be kept. The history is kept in memory only, unless
/// a file was named for it, which authcli reads and writes itself (`HistoryFile`).
@MainActor
final class LineEditor {
  /// How an answer joins the history.
  enum Keeping {
    /// At once: menu choices and other answers that are never a secret.
    case now
    /// Only if `keepHeldName` is called before the next answer: a name, which may be a
    /// passphrase typed into the wrong field until it proves to be an account's.
    case onceItSignsIn
  }

  private let library: LibEdit
  private let editor: OpaquePointer
  private let history: OpaquePointer
  /// The last name read, until it signs in (kept) or another answer is read (forgotten).
  private var heldName: String?

  /// libedit's first line of a history file; a file without it holds no history.
  private static let savedHistoryHeader = Array("_HiStOrY_V2_".utf8)

  /// An editor on standard input, drawing on standard output; `nil` when libedit cannot
  /// be loaded, and the shell reads plain lines. `savedHistory` is a history file's bytes
  /// as `HistoryFile.read` gave them, each line entered as libedit's own loading would.
  init?(savedHistory: [UInt8]?) {
    guard case .success(let library) = LibEdit.shared else { return nil }
    // libedit decodes and draws characters in the locale's encoding: a UTF-8 one, so that
    // names that are not ASCII are edited and returned as typed.
    Self.useUTF8Locale()
    guard
      let editor = library.initialize(
        "authcli", authcli_standard_input(), authcli_standard_output(),
        authcli_standard_error())
    else { return nil }
    guard let history = library.historyInitialize() else {
      library.end(editor)
      return nil
    }
    self.library = library
    self.editor = editor
    self.history = history
    editedDescriptor = STDIN_FILENO
    _ = authcli_history_number(library.history, history, H_SETSIZE, 500)
    _ = authcli_history_number(library.history, history, H_SETUNIQUE, 1)
    if let savedHistory { enterSavedLines(savedHistory) }
    _ = authcli_el_set_editor(library.set, editor, "emacs")
    // libedit's own handlers while it reads: on Ctrl-Z (and SIGTERM, SIGHUP, SIGQUIT) it puts
    // the terminal back before the signal takes effect and, once continued, takes it again
    // and redraws the line; each handler then passes the signal on to the one it replaced, so
    // Ctrl-C still reaches `InterruptTrap`.
    _ = authcli_el_set_signal(library.set, editor, 1)
    _ = authcli_el_set_prompt(library.set, editor, promptText)
    _ = authcli_el_set_getc(library.set, editor, readCharacter)
    _ = authcli_el_set_history(library.set, editor, library.history, history)
    // The user's own bindings (~/.editrc), as every libedit program reads them.
    _ = library.source(editor, nil)
  }

  /// Shows `prompt` and reads one edited line; a line that is not empty joins the history
  /// as `keeping` says.
  func readLine(prompt: String, keeping: Keeping = .now) -> LineRead {
    heldName = nil
    if InterruptTrap.takeInterrupt() { return .interrupted }
    readWasInterrupted.store(false, ordering: .sequentiallyConsistent)
    decoding = mbstate_t()
    sawBytesNotText = false
    let copy = strdup(prompt)
    shownPrompt = copy
    defer {
      shownPrompt = nil
      free(copy)
    }
    var count: Int32 = 0
    guard let line = library.gets(editor, &count), count > 0 else {
      return readWasInterrupted.exchange(false, ordering: .sequentiallyConsistent)
        ? .interrupted : .endOfInput
    }
    var bytes = Array(UnsafeRawBufferPointer(start: line, count: Int(count)))
    if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    if bytes.count > StandardInputReader.lineByteLimit { return .tooLong }
    guard !sawBytesNotText, let text = String(validating: bytes, as: UTF8.self) else {
      return .notText
    }
    if !text.isEmpty {
      switch keeping {
      case .now: _ = authcli_history_text(library.history, history, H_ENTER, text)
      case .onceItSignsIn: heldName = text
      }
    }
    return .line(text)
  }

  /// The name held back by the last answer read signed in or signed up: it names an
  /// account, so it joins the history now.
  func keepHeldName() {
    if let heldName { _ = authcli_history_text(library.history, history, H_ENTER, heldName) }
    heldName = nil
  }

  /// Writes the history to `file` through a descriptor `HistoryFile` opened (libedit's
  /// `H_SAVE_FP` on a stream over a copy of it; libedit makes the file 0600).
  func saveHistory(to file: HistoryFile) throws(CLIError) {
    try file.write { descriptor throws(CLIError) in
      let copy = dup(descriptor)
      guard copy >= 0, let stream = fdopen(copy, "w") else {
        let reason = errno
        if copy >= 0 { _ = SystemCall.close(copy) }
        throw .inputOutput(path: file.path, reason: .system(reason))
      }
      errno = 0
      let saved = authcli_history_stream(library.history, history, H_SAVE_FP, stream)
      let flushed = fflush(stream) == 0
      let reason = errno
      fclose(stream)
      guard saved >= 0, flushed else {
        throw .inputOutput(
          path: file.path,
          reason: reason == 0 ? .described("libedit refused it") : .system(reason))
      }
    }
  }

  /// Enters each line of a saved history, decoded with `strunvis` as libedit's `H_LOAD`
  /// decodes it; a file that does not start with libedit's header holds none.
  private func enterSavedLines(_ bytes: [UInt8]) {
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard let header = lines.first, Array(header) == Self.savedHistoryHeader else { return }
    for line in lines.dropFirst() where !line.isEmpty && !line.contains(0) {
      let encoded = line.map { CChar(bitPattern: $0) } + [0]
      // strunvis writes at most as many bytes as it reads, and a terminating zero.
      var decoded = [CChar](repeating: 0, count: encoded.count)
      guard library.decodeSavedLine(&decoded, encoded) >= 0, decoded[0] != 0 else { continue }
      _ = authcli_history_text(library.history, history, H_ENTER, decoded)
    }
  }

  /// Puts the terminal back and frees the editor.
  func close() {
    library.end(editor)
    library.historyEnd(history)
  }

  private static func useUTF8Locale() {
    if let chosen = setlocale(LC_CTYPE, ""), isUTF8(chosen) { return }
    if setlocale(LC_CTYPE, "C.UTF-8") == nil { _ = setlocale(LC_CTYPE, "en_US.UTF-8") }
  }

  private static func isUTF8(_ locale: UnsafeMutablePointer<CChar>) -> Bool {
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    return codeset == "UTF-8" && String(cString: locale) != "C"
  }
}
