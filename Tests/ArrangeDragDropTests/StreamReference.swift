import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Synchronization

// The reference model the random drag streams are checked against: plain arrays, moved and
// swapped by hand, never by the engine's index math.

// MARK: - Reference

/// The index math of the seeds, on plain arrays.
enum ReferenceList {
  /// `list` with the element at `from` removed and inserted again so that it ends at `to`.
  static func moved<T>(_ list: [T], from: Int, to: Int) -> [T] {
    var result = list
    let element = result.remove(at: from)
    result.insert(element, at: to)
    return result
  }

  /// `list` with the elements at `first` and `second` swapped.
  static func swapped<T>(_ list: [T], _ first: Int, _ second: Int) -> [T] {
    var result = list
    result.swapAt(first, second)
    return result
  }

  /// How many times each element occurs.
  static func counts(_ items: [String]) -> [String: Int] {
    items.reduce(into: [:]) { $0[$1, default: 0] += 1 }
  }
}

/// An independent model of an arena: ordered containers of plain arrays, and dropped-into items.
///
/// It applies operations after checking every item, position and anchor they name, so it can
/// judge both the engine's operations and ``DragModel``.
struct ReferenceArena: Hashable, Sendable, CustomStringConvertible {
  private(set) var order: [ContainerID]
  private(set) var lists: [ContainerID: [String]]
  private(set) var inside: [String: [String]] = [:]
  /// What removed items held (they leave with the item and come back with it).
  private(set) var removed: [String: [String]] = [:]

  init(_ columns: [[String]]) {
    order = columns.indices.map { ContainerID($0) }
    lists = Dictionary(uniqueKeysWithValues: zip(order, columns))
  }

  init(_ model: DragModel<String>) {
    order = model.containers
    lists = Dictionary(uniqueKeysWithValues: model.containers.map { ($0, model.items(in: $0)) })
    inside = model.contents
    removed = model.removedContents
  }

  func items(in id: ContainerID) -> [String] { lists[id] ?? [] }

  var allItems: [String] { order.flatMap { items(in: $0) } + inside.values.flatMap { $0 } }

  var description: String {
    order.map { "\($0.rawValue): \(items(in: $0))" }.joined(separator: "; ")
      + (inside.isEmpty ? "" : "; inside: \(inside)")
  }

  /// Whether `model` holds exactly these lists and contents.
  func matches(_ model: DragModel<String>) -> Bool {
    model.containers == order && order.allSatisfy { model.items(in: $0) == items(in: $0) }
      && model.contents == inside && model.removedContents == removed
  }

  /// Replaces the items of a container (the app changing its own model).
  mutating func setItems(_ items: [String], in id: ContainerID) {
    if lists[id] == nil { order.append(id) }
    lists[id] = items
  }

  private func contains(_ item: String) -> Bool {
    lists.values.contains { $0.contains(item) } || inside.values.contains { $0.contains(item) }
  }

  private func check(_ item: String, at slot: Slot) -> String? {
    guard let list = lists[slot.container] else { return "no container \(slot.container)" }
    guard slot.index >= 0 && slot.index < list.count else { return "\(slot) is out of range" }
    return list[slot.index] == item ? nil : "\(slot) holds \(list[slot.index]), not \(item)"
  }

  private func checkInsertion(_ item: String, at slot: Slot) -> String? {
    guard let list = lists[slot.container] else { return "no container \(slot.container)" }
    guard slot.index >= 0 && slot.index <= list.count else { return "\(slot) is out of range" }
    return contains(item) ? "\(item) is already there" : nil
  }

  /// Applies `operation`, or returns why it does not describe this arena (and changes nothing).
  ///
  /// A `nil` anchor is not checked: the inverse of a move does not know its anchor.
  mutating func apply(_ operation: DragOperation<String>) -> String? {
    switch operation {
    case .move(let item, let from, let to, let before):
      if let problem = check(item, at: from) { return problem }
      var after = lists
      after[from.container]?.remove(at: from.index)
      guard let destination = after[to.container] else { return "no container \(to.container)" }
      guard to.index >= 0 && to.index <= destination.count else { return "\(to) is out of range" }
      after[to.container]?.insert(item, at: to.index)
      if let before {
        let landed = after[to.container] ?? []
        guard to.index + 1 < landed.count, landed[to.index + 1] == before else {
          return "\(item) does not land before \(before)"
        }
      }
      lists = after
    case .exchange(let first, let firstSlot, let second, let secondSlot):
      if let problem = check(first, at: firstSlot) ?? check(second, at: secondSlot) {
        return problem
      }
      guard first != second else { return "an item exchanged with itself" }
      lists[firstSlot.container]?[firstSlot.index] = second
      lists[secondSlot.container]?[secondSlot.index] = first
    case .copy(let original, let copy, let to):
      guard contains(original) else { return "the original \(original) is not there" }
      if inside[original] != nil { return "\(original) holds items a copy would leave behind" }
      if let problem = checkInsertion(copy, at: to) { return problem }
      lists[to.container]?.insert(copy, at: to.index)
    case .remove(let item, let from):
      if let problem = check(item, at: from) { return problem }
      lists[from.container]?.remove(at: from.index)
      var holders = [item]
      while let holder = holders.popLast() {
        guard let held = inside.removeValue(forKey: holder) else { continue }
        removed[holder] = held
        holders += held
      }
    case .insert(let item, let at):
      if let problem = checkInsertion(item, at: at) { return problem }
      var holders = [item]
      var back: [String: [String]] = [:]
      while let holder = holders.popLast() {
        guard let held = removed[holder] else { continue }
        if let again = held.first(where: contains) { return "\(again) is already there" }
        back[holder] = held
        holders += held
      }
      lists[at.container]?.insert(item, at: at.index)
      for (holder, held) in back {
        inside[holder] = held
        removed[holder] = nil
      }
    case .dropInto(let item, let from, let target):
      if let problem = check(item, at: from) { return problem }
      guard target != item, contains(target) else { return "no target \(target)" }
      var nested = inside[item] ?? []
      while let next = nested.popLast() {
        if next == target { return "\(target) is inside \(item)" }
        nested += inside[next] ?? []
      }
      lists[from.container]?.remove(at: from.index)
      inside[target, default: []].append(item)
    case .takeOut(let item, let holder, let to):
      guard let held = inside[holder], held.last == item else {
        return "\(item) is not the last item inside \(holder)"
      }
      guard let list = lists[to.container], to.index >= 0, to.index <= list.count else {
        return "\(to) is out of range"
      }
      lists[to.container]?.insert(item, at: to.index)
      inside[holder] = held.count == 1 ? nil : Array(held.dropLast())
    }
    return nil
  }
}
