// Short, readable descriptions for what the engine hands the app, so that logs, test failures
// and `print` read as sentences rather than as nested type names.

extension DragOperation: CustomStringConvertible {
  /// The operation in a few words: `move a from 0,0 to 1,2 before b`.
  public var description: String {
    switch self {
    case .move(let item, let from, let to, let before):
      let anchor = before.map { " before \($0)" } ?? ""
      return "move \(item) from \(from) to \(to)\(anchor)"
    case .exchange(let item, let at, let other, let otherAt):
      return "exchange \(item) at \(at) with \(other) at \(otherAt)"
    case .copy(let item, let copy, let to):
      return "copy \(item) as \(copy) to \(to)"
    case .remove(let item, let from):
      return "remove \(item) from \(from)"
    case .insert(let item, let at):
      return "insert \(item) at \(at)"
    case .dropInto(let item, let from, let target):
      return "drop \(item) from \(from) into \(target)"
    case .takeOut(let item, let holder, let to):
      return "take \(item) out of \(holder) to \(to)"
    }
  }
}

extension DragTransaction: CustomStringConvertible {
  /// The operations, separated by semicolons, in brackets: `[move a from 0,0 to 0,2]`.
  public var description: String {
    "[" + operations.map { $0.description }.joined(separator: "; ") + "]"
  }
}

extension DropAction: CustomStringConvertible {
  /// What dropping now would do: `move to 1,2`, `exchange with b at 0,3`, `nothing`.
  public var description: String {
    switch self {
    case .none: return "nothing"
    case .move(let slot): return "move to \(slot)"
    case .exchange(let item, let slot): return "exchange with \(item) at \(slot)"
    case .copy(let slot): return "copy to \(slot)"
    case .remove: return "remove"
    case .into(let item, let slot): return "drop into \(item) at \(slot)"
    }
  }
}

extension DropProposal: CustomStringConvertible {
  /// The action, the container under the drag and any refusal:
  /// `move to 1,2 over #1`, `nothing over #1 (refused: container full)`.
  public var description: String {
    var text = action.description
    if let container { text += " over \(container)" }
    if let refusal { text += " (refused: \(refusal))" }
    return text
  }
}

extension DragRefusal: CustomStringConvertible {
  /// The kind in words, the container and the app's reason: `container full in #2`.
  public var description: String {
    var text: String
    switch kind {
    case .notDraggable: text = "not draggable"
    case .anotherDragInProgress: text = "another drag in progress"
    case .itemAlreadyDragged: text = "item already dragged"
    case .cannotMove: text = "cannot move"
    case .cannotDrop: text = "cannot drop"
    case .notAccepted: text = "not accepted"
    case .containerFull: text = "container full"
    case .cannotDisplace: text = "cannot displace"
    case .cannotRemove: text = "cannot remove"
    case .cannotDropInto: text = "cannot drop into"
    case .cannotCopy: text = "cannot copy"
    case .refusedByRule: text = "refused by rule"
    }
    if let container { text += " in \(container)" }
    if let reason { text += ": \(reason)" }
    return text
  }
}

extension RuleVerdict: CustomStringConvertible {
  /// `allow`, `refuse`, or `refuse: reason`.
  public var description: String {
    switch self {
    case .allow: return "allow"
    case .refuse(let reason): return reason.map { "refuse: \($0)" } ?? "refuse"
    }
  }
}

extension DragEvent: CustomStringConvertible {
  /// The event in a few words, led by the session: `pointer 0 began a at 0,0`.
  public var description: String {
    switch self {
    case .refused(let session, let refusal): return "\(session) refused: \(refusal)"
    case .began(let session, let item, let origin): return "\(session) began \(item) at \(origin)"
    case .groupLifted(let session, let items):
      return
        "\(session) lifted \(items.count) items: \(items.map { "\($0)" }.joined(separator: ", "))"
    case .entered(let session, let container): return "\(session) entered \(container)"
    case .exited(let session, let container): return "\(session) exited \(container)"
    case .proposalChanged(let session, let proposal): return "\(session) proposes \(proposal)"
    case .exchangeEvent(let session, let exchanges):
      return "\(session) exchange event \(exchanges.map { $0.description }.joined(separator: ", "))"
    case .exchangeTransactionFinished(let session, let first, let second):
      return "\(session) exchange finished \(first) with \(second)"
    case .didMove(let session, let item): return "\(session) moved \(item)"
    case .didNotMove(let session, let item): return "\(session) did not move \(item)"
    case .dropped(let session, let transaction): return "\(session) dropped \(transaction)"
    case .cancelled(let session, let item): return "\(session) cancelled \(item)"
    case .editModeBegan(let container):
      return "edit mode began" + (container.map { " from \($0)" } ?? "")
    case .editModeEnded(let container):
      return "edit mode ended" + (container.map { " from \($0)" } ?? "")
    case .undone(let transaction): return "undone \(transaction)"
    case .redone(let transaction): return "redone \(transaction)"
    case .applicationFailed(let message): return "application failed: \(message)"
    }
  }
}

extension DragEffect: CustomStringConvertible {
  /// `event: …`, `apply: …`, `announce: …` (the English text), `scroll #1 to 30`,
  /// `presentation changed`.
  public var description: String {
    switch self {
    case .event(let event): return "event: \(event)"
    case .apply(let operation): return "apply: \(operation)"
    case .announce(let announcement): return "announce: \(announcement.text { "\($0)" })"
    case .scroll(let container, let offset): return "scroll \(container) to \(offset)"
    case .presentationChanged: return "presentation changed"
    }
  }
}

extension ContainerID: ExpressibleByIntegerLiteral {
  /// A container identifier written as a number: `let done: ContainerID = 2`.
  @inlinable
  public init(integerLiteral value: Int) { self.init(value) }
}
