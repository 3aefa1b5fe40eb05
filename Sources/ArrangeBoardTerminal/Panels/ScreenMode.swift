import ArrangeBoard

/// What the board's screen is doing: the one state that decides where keys and clicks go and
/// what is drawn over the columns.
enum ScreenMode {
  /// The columns take keys and the mouse.
  case board
  /// `q` was pressed with unsaved changes: a second `q` quits without saving, any other key or
  /// click goes back to the board.
  case confirmingQuit
  /// `X` was pressed on this column, which holds cards: a second `X` removes it with them.
  case confirmingColumnRemoval(Int)
  /// `m` was pressed on this card: the status line lists the columns by letter, and the next
  /// key chooses where it goes (any other key leaves it).
  case choosingColumn(CardID)
  /// The keys are shown over the board; any key or click closes them.
  case help
  /// The archive's cards are shown over the board; any key or click closes them.
  case archive
  /// The cards with due dates, soonest first, over the board (`d`).
  case dueList(DueListPanel)
  /// A card's details are open over the board.
  case details(DetailsPanel)
  /// A line is being typed at the bottom of the screen, over the open card's details if any.
  case prompt(PromptPanel, over: DetailsPanel?)
}
