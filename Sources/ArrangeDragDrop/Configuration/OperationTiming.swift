/// When the app changes its model.
public enum OperationTiming: String, Hashable, Sendable, CaseIterable {
  /// Operations arrive once, when the item is dropped (the default).
  case onDrop
  /// Operations arrive as the proposal changes (each tentative change, and its inverse when the
  /// proposal moves on), so the model follows the drag (live transfer between containers, live
  /// exchange). The app reports the new geometry after applying them.
  case live
}
