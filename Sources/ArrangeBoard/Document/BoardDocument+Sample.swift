extension BoardDocument {
  /// The board `arrange` starts with when there is no file yet: To Do, In Progress and Done
  /// with three tasks each.
  public static var sample: BoardDocument {
    // The text is fixed and parses (a test checks it), so the fallback is never used.
    (try? parse(Array(sampleText.utf8))) ?? BoardDocument()
  }

  /// The sample board's Markdown.
  ///
  /// It is in taskell's own format (no title line, no blank line between cards), so that a
  /// board `arrange` creates opens in taskell too.
  static let sampleText = """
    ## To Do

    - Write the README: what Arrange is, the two commands, a quick start for each module \
    and a table of every feature
    - Show the keys in a help overlay
        > Opened with ?, closed with any key
    - Übersetzung prüfen — 日本語 ✅

    ## In Progress

    - Drag cards between columns with the mouse
        > The ghost follows the pointer; columns scroll near their edges
        * [x] drop indicator
        * [ ] auto-scroll
    - Save the board atomically
    - Undo and redo with u and r

    ## Done

    - Keep the Markdown file byte for byte
    - Lay out the columns side by side
    - Set up CI on Linux 🚀

    """
}
