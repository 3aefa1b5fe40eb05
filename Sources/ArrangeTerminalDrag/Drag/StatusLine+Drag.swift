public import ArrangeDragDrop
public import ArrangeTerminal

extension StatusLine {
  /// Shows what a drag input's effects say: its last announcement, or the message of a failure
  /// the engine reports; the message stays as it was when they say nothing.
  ///
  /// `noun` counts the items of a selection ("Picked up 3 cards").
  public mutating func show<Item>(
    _ effects: [DragEffect<Item>], items noun: String = "items", name: (Item) -> String
  ) {
    for effect in effects {
      switch effect {
      case .announce(let announcement): message = announcement.text(items: noun, name: name)
      case .event(.applicationFailed(let failure)): message = failure
      default: break
      }
    }
  }
}
