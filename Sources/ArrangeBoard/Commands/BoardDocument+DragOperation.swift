public import ArrangeDragDrop

extension BoardEdit {
  /// The edit one operation of the drag engine makes, on a board whose columns are the engine's
  /// `containers`.
  ///
  /// A move is ``moveCard(_:column:index:)``, an exchange ``exchangeCards(_:_:)``, a remove
  /// ``removeCard(_:)``. Copies, inserts and drops into a card never come from the board's
  /// engine and are refused with ``BoardEditError/Kind/unknownCard``; a move to a container
  /// that stands for no column with ``BoardEditError/Kind/unknownColumn``.
  public init(
    _ operation: DragOperation<CardID>, in containers: BoardContainers
  ) throws(BoardEditError) {
    switch operation {
    case .move(let card, _, let to, _):
      guard let column = containers.column(of: to.container) else {
        throw BoardEditError(
          kind: .unknownColumn, message: "No column stands for container \(to.container).")
      }
      self = .moveCard(card, column: column, index: to.index)
    case .exchange(let first, _, let second, _):
      self = .exchangeCards(first, second)
    case .remove(let card, _):
      self = .removeCard(card)
    case .copy(let card, _, _), .insert(let card, _), .dropInto(let card, _, _),
      .takeOut(let card, _, _):
      throw BoardEditError(
        kind: .unknownCard, message: "A board cannot copy or nest cards (card \(card)).")
    }
  }
}

extension BoardDocument {
  /// Applies one operation of the drag engine to the document, whose columns are the engine's
  /// `containers`: the ``BoardEdit`` it makes (see ``BoardEdit/init(_:in:)``), through
  /// ``apply(_:clock:)``.
  ///
  /// Moves and exchanges move whole card blocks (title and detail lines); a remove deletes the
  /// card. Copies, inserts and drops into a card never come from the board's engine and are
  /// refused with ``BoardEditError/Kind/unknownCard``; a move to a container that stands for no
  /// column with ``BoardEditError/Kind/unknownColumn``.
  ///
  /// - Complexity: O(lines of the board).
  public mutating func apply(
    _ operation: DragOperation<CardID>, in containers: BoardContainers
  ) throws(BoardEditError) {
    try apply(BoardEdit(operation, in: containers))
  }
}
