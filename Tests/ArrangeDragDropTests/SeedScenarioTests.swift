import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport

// Shared vocabulary for the seed scenario suites (SSExchangeScenarioTests,
// BetweenKitScenarioTests, KDScenarioTests, ShinobiScenarioTests). The harness lays columns side
// by side, 100 wide and 1,000 tall, with items 10 tall from y = 0, so the item at (column c,
// index i) is centred at (c * 100 + 50, i * 10 + 5).

/// An input for the harness's engine.
typealias SeedInput = DragInput<ListGeometry<String>>

/// A slot written like the seeds' index paths: `seedSlot(0, 3)` is "0,3".
func seedSlot(_ container: Int, _ index: Int) -> Slot {
  Slot(ContainerID(container), index)
}

/// The session of pointer `id`.
func seedSession(_ id: Int = 0) -> SessionID {
  .pointer(PointerID(id))
}

/// A pointer event for pointer `id` of `kind`.
func seedPointer(
  _ phase: PointerPhase, _ x: Double, _ y: Double, _ time: Double, id: Int = 0,
  kind: PointerKind = .mouse
) -> SeedInput {
  .pointer(PointerEvent(phase, at: Point(x: x, y: y), time: time, id: PointerID(id), kind: kind))
}

/// A touch event (long-press activation) for pointer `id`.
func seedTouch(_ phase: PointerPhase, _ x: Double, _ y: Double, _ time: Double, id: Int = 0)
  -> SeedInput
{
  seedPointer(phase, x, y, time, id: id, kind: .touch)
}

/// The events among `effects`.
func seedEvents(_ effects: [DragEffect<String>]) -> [DragEvent<String>] {
  effects.compactMap { effect in
    if case .event(let event) = effect { return event }
    return nil
  }
}

/// The operations among `effects`.
func seedOperations(_ effects: [DragEffect<String>]) -> [DragOperation<String>] {
  effects.compactMap { effect in
    if case .apply(let operation) = effect { return operation }
    return nil
  }
}

/// The English text of the announcements among `effects`.
func seedAnnouncements(_ effects: [DragEffect<String>]) -> [String] {
  effects.compactMap { effect in
    if case .announce(let announcement) = effect { return announcement.text { $0 } }
    return nil
  }
}

/// Each exchange event's individual exchanges, written as in the SS timeline ("0,3 with 1,3").
func seedExchangeEvents(_ events: [DragEvent<String>]) -> [[String]] {
  events.compactMap { event in
    if case .exchangeEvent(_, let exchanges) = event { return exchanges.map(\.description) }
    return nil
  }
}

/// The `exchange` operations among `operations`, written as "at with otherAt".
func seedExchangeOperations(_ operations: [DragOperation<String>]) -> [String] {
  operations.compactMap { operation in
    if case .exchange(_, let at, _, let otherAt) = operation { return "\(at) with \(otherAt)" }
    return nil
  }
}

/// Whether `event` is a drag beginning.
func seedIsBegan(_ event: DragEvent<String>) -> Bool {
  if case .began = event { return true }
  return false
}

/// The entered and exited events among `events`, as "entered 0" and "exited 0".
func seedCrossings(_ events: [DragEvent<String>]) -> [String] {
  events.compactMap { event in
    switch event {
    case .entered(_, let id): return "entered \(id.rawValue)"
    case .exited(_, let id): return "exited \(id.rawValue)"
    default: return nil
    }
  }
}

/// The didMove, didNotMove, dropped and cancelled events among `events`.
func seedOutcomes(_ events: [DragEvent<String>]) -> [DragEvent<String>] {
  events.filter { event in
    switch event {
    case .didMove, .didNotMove, .dropped, .cancelled: return true
    default: return false
    }
  }
}

/// Every item of the harness's model, sorted, to compare multisets.
func seedAllItems(_ harness: DragHarness) -> [String] {
  harness.model.allItems.sorted()
}
