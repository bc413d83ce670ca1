/// Draws a QR code as lines of text for a terminal, two module rows per line with the
/// Unicode half blocks `▀`, `▄`, `█` and the space, inside a quiet zone of 4 modules (the
/// margin the QR standard asks for, without which readers fail).
///
/// A terminal paints the glyphs in its foreground colour. On the usual light-on-dark
/// terminal the blocks must be the code's light modules (`inkIsLight`, the default), so the
/// code appears dark on light as scanners expect; on a dark-on-light terminal, the dark ones.
public struct HalfBlockRenderer: Hashable, Sendable {
  /// Modules of light margin on every side.
  public static let quietZone = 4

  /// Whether the glyphs draw the light modules (and the quiet zone) rather than the dark.
  public var inkIsLight: Bool

  /// A renderer for a light-on-dark terminal unless told otherwise.
  public init(inkIsLight: Bool = true) {
    self.inkIsLight = inkIsLight
  }

  /// The lines, each `width + 8` characters, `(width + 9) / 2` of them.
  public func lines(for code: QRCode) -> [String] {
    let zone = Self.quietZone
    let side = code.width + 2 * zone
    return stride(from: 0, to: side, by: 2).map { top in
      String(
        (0..<side).map { column -> Character in
          let upper = inked(code, row: top - zone, column: column - zone)
          // An odd side leaves the last line's lower half outside the drawing: no ink.
          let lower = top + 1 < side && inked(code, row: top + 1 - zone, column: column - zone)
          switch (upper, lower) {
          case (true, true): return "█"
          case (true, false): return "▀"
          case (false, true): return "▄"
          case (false, false): return " "
          }
        })
    }
  }

  /// `text` encoded and drawn.
  public func lines(encoding text: String) throws(QRCodeError) -> [String] {
    lines(for: try QRCode(encoding: text))
  }

  private func inked(_ code: QRCode, row: Int, column: Int) -> Bool {
    code.isDark(row: row, column: column) != inkIsLight
  }
}
