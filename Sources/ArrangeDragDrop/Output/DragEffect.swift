/// One output of the engine for one input.
public enum DragEffect<Item: Hashable & Sendable>: Hashable, Sendable {
  /// Something happened.
  case event(DragEvent<Item>)
  /// Apply this operation to the model now (at the drop, or live as the proposal changes, or for
  /// an undo, a redo, a cancel of a live drag, or a rollback).
  case apply(DragOperation<Item>)
  /// Tell the user (accessibility).
  case announce(Announcement<Item>)
  /// Scroll a container to an offset (auto-scroll, or bringing a keyboard target into view).
  case scroll(ContainerID, offset: Double)
  /// What a drag looks like may have changed: read ``DragEngine/presentation`` when you next
  /// draw.
  ///
  /// The presentation is a pure value computed on demand, so a host that draws once per frame
  /// pays for it once per frame, however many inputs arrived in between.
  case presentationChanged
}
