extension BoardRequest {
  /// The name of every kind of request: a ``BoardEdit``'s case, or one of the session's four.
  ///
  /// Written once, here: the browser's change requests name their `op` with it (the server reads
  /// it, and the page's module of names is generated from it), so a new edit gets its name on
  /// the wire where it gets its case.
  public enum Name: String, CaseIterable, Hashable, Sendable {
    /// ``BoardEdit/moveCard(_:column:index:)``.
    case moveCard
    /// ``BoardEdit/exchangeCards(_:_:)``.
    case exchangeCards
    /// ``BoardEdit/moveColumn(from:to:)``.
    case moveColumn
    /// ``BoardEdit/addCard(title:column:index:)``.
    case addCard
    /// ``BoardEdit/duplicateCard(_:)``.
    case duplicateCard
    /// ``BoardEdit/setTitle(_:_:)``.
    case setTitle
    /// ``BoardEdit/removeCard(_:)``.
    case removeCard
    /// ``BoardEdit/setDone(_:_:)``.
    case setDone
    /// ``BoardEdit/setSubtask(_:index:done:)``.
    case setSubtask
    /// ``BoardEdit/addSubtask(_:title:)``.
    case addSubtask
    /// ``BoardEdit/removeSubtask(_:index:)``.
    case removeSubtask
    /// ``BoardEdit/renameSubtask(_:index:title:)``.
    case renameSubtask
    /// ``BoardEdit/moveSubtask(_:from:to:)``.
    case moveSubtask
    /// ``BoardEdit/setDescription(_:_:)``.
    case setDescription
    /// ``BoardEdit/setDue(_:_:)``.
    case setDue
    /// ``BoardEdit/addColumn(title:at:)``.
    case addColumn
    /// ``BoardEdit/renameColumn(_:title:)``.
    case renameColumn
    /// ``BoardEdit/removeColumn(_:withCards:)``.
    case removeColumn
    /// ``BoardRequest/undo``.
    case undo
    /// ``BoardRequest/redo``.
    case redo
    /// ``BoardRequest/reload``.
    case reload
    /// ``BoardRequest/overwrite``.
    case overwrite
  }

  /// This request's name.
  public var name: Name {
    switch self {
    case .edit(let edit): edit.name
    case .undo: .undo
    case .redo: .redo
    case .reload: .reload
    case .overwrite: .overwrite
    }
  }
}

extension BoardEdit {
  /// This edit's name: its case's (see ``BoardRequest/Name``).
  public var name: BoardRequest.Name {
    switch self {
    case .moveCard: .moveCard
    case .exchangeCards: .exchangeCards
    case .moveColumn: .moveColumn
    case .addCard: .addCard
    case .duplicateCard: .duplicateCard
    case .setTitle: .setTitle
    case .removeCard: .removeCard
    case .setDone: .setDone
    case .setSubtask: .setSubtask
    case .addSubtask: .addSubtask
    case .removeSubtask: .removeSubtask
    case .renameSubtask: .renameSubtask
    case .moveSubtask: .moveSubtask
    case .setDescription: .setDescription
    case .setDue: .setDue
    case .addColumn: .addColumn
    case .renameColumn: .renameColumn
    case .removeColumn: .removeColumn
    }
  }
}
