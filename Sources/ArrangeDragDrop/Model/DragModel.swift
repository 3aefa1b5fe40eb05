/// A ready model: ordered containers of items that applies ``DragOperation``s and checks its
/// invariants.
///
/// It backs the board app and the tests; apps that keep their own model apply the operations
/// themselves. Every `apply` either succeeds completely or throws and leaves the model unchanged.
///
/// ```swift
/// var model = DragModel<String>([(ContainerID(0), ["a", "b"]), (ContainerID(1), [])])
/// try model.apply(.move("a", from: Slot(ContainerID(0), 0), to: Slot(ContainerID(1), 0), before: nil))
/// model.items(in: ContainerID(1))  // ["a"]
/// ```
public struct DragModel<Item: Hashable & Sendable>: Hashable, Sendable {
  /// The containers, in order.
  public private(set) var containers: [ContainerID]
  private var lists: [[Item]]
  /// Items that were dropped into other items, by the item that holds them, in arrival order.
  ///
  /// An item's contents travel with it: moving or exchanging the item moves them too, removing
  /// it removes them with it (see ``removedContents``).
  public private(set) var contents: [Item: [Item]] = [:]
  /// What removed items held, by item, nested holders included: a removal takes an item's
  /// contents out of the model with it, and inserting the item again (the removal's inverse)
  /// brings them back, so that undo restores everything.
  public private(set) var removedContents: [Item: [Item]] = [:]

  /// Creates a model from containers and their items.
  ///
  /// - Precondition: Container IDs are unique.
  public init(_ containers: [(ContainerID, [Item])]) {
    self.containers = containers.map(\.0)
    self.lists = containers.map(\.1)
    for (index, id) in self.containers.enumerated() {
      precondition(
        !self.containers[..<index].contains(id), "DragModel: container \(id) appears twice")
    }
  }

  /// The items of `container`, in order; empty for an unknown container.
  public func items(in container: ContainerID) -> [Item] {
    guard let index = containers.firstIndex(of: container) else { return [] }
    return lists[index]
  }

  /// Every item in every container and inside other items (a multiset, in a stable order).
  public var allItems: [Item] {
    var result = lists.flatMap { $0 }
    // Walk holders in list order (not dictionary order) so the result does not depend on hashing;
    // items appended here are visited too, so nested contents are included.
    var next = 0
    while next < result.count {
      if let inside = contents[result[next]] { result.append(contentsOf: inside) }
      next += 1
    }
    return result
  }

  /// Where `item` is, or `nil` when no container holds it directly.
  ///
  /// - Complexity: O(total items).
  public func slot(of item: Item) -> Slot? {
    for (position, list) in lists.enumerated() {
      if let index = list.firstIndex(of: item) { return Slot(containers[position], index) }
    }
    return nil
  }

  /// Adds a container at the end (or replaces the items of an existing one).
  ///
  /// Items set here are live again: what they held when removed is forgotten.
  public mutating func setItems(_ items: [Item], in container: ContainerID) {
    for item in items where removedContents[item] != nil { removedContents[item] = nil }
    if let index = containers.firstIndex(of: container) {
      lists[index] = items
    } else {
      containers.append(container)
      lists.append(items)
    }
  }

  /// Whether `item` can be copied: not when it holds other items.
  ///
  /// A copy is a new item without contents, which would leave them behind, so `apply(_:)`
  /// refuses such a copy with ``DragModelError/Kind/copyOfHolder``. A ``DragHost`` asks this
  /// before it proposes a copy, so that the refusal is spoken before any drop.
  public func canCopy(_ item: Item) -> RuleVerdict {
    guard let inside = contents[item], !inside.isEmpty else { return .allow }
    let count = inside.count
    return .refuse(
      "\(item) holds \(count) other item\(count == 1 ? "" : "s"), which a copy would leave behind")
  }

  /// Every item inside `item`, at any depth, in the order ``allItems`` lists them.
  public func allContents(of item: Item) -> [Item] {
    var result = contents[item] ?? []
    var next = 0
    while next < result.count {
      if let inside = contents[result[next]] { result.append(contentsOf: inside) }
      next += 1
    }
    return result
  }

  /// The problems with the model: items that appear more than once, and items inside a holder
  /// that is not in the model (contents no container can reach: lost).
  ///
  /// - Complexity: O(total items).
  public func invariantViolations() -> [String] {
    var seen: Set<Item> = []
    var problems: [String] = []
    let reachable = allItems
    for item in reachable where !seen.insert(item).inserted {
      problems.append("\(item) appears more than once")
    }
    // Sorted by description, so that the report does not depend on hashing.
    let orphaned = contents.filter { !seen.contains($0.key) }
      .map { "\($0.value.count) item(s) are inside \($0.key), which is not in the model" }
    problems.append(contentsOf: orphaned.sorted())
    return problems
  }

  /// Applies the operations in order, all or nothing.
  ///
  /// - Throws: The first operation's error; the model is then unchanged.
  /// - Complexity: O(total items) per operation.
  public mutating func apply(_ operations: [DragOperation<Item>]) throws(DragModelError) {
    var copy = self
    for operation in operations { try copy.apply(operation) }
    self = copy
  }

  /// Applies one operation.
  ///
  /// The operation must describe the model exactly: the item it names must be at the position it
  /// gives, and a new item must not exist yet.
  ///
  /// - Throws: ``DragModelError``, leaving the model unchanged.
  /// - Complexity: O(items in the containers involved), plus a scan of all items for inserts.
  public mutating func apply(_ operation: DragOperation<Item>) throws(DragModelError) {
    switch operation {
    case .move(let item, let from, let to, let before):
      let source = try position(of: from.container)
      try expect(item, at: from, in: source)
      let destination = try position(of: to.container)
      let limit = lists[destination].count - (source == destination ? 1 : 0)
      guard to.index >= 0 && to.index <= limit else {
        throw DragModelError(.indexOutOfRange, "move: \(to) is outside the container")
      }
      if let before {
        let anchorIndex = to.index + 1
        var after = lists
        after[source].remove(at: from.index)
        after[destination].insert(item, at: to.index)
        guard anchorIndex < after[destination].count, after[destination][anchorIndex] == before
        else {
          throw DragModelError(.anchorMismatch, "move: the item does not land before its anchor")
        }
        lists = after
      } else {
        lists[source].remove(at: from.index)
        lists[destination].insert(item, at: to.index)
      }
    case .exchange(let first, let firstSlot, let second, let secondSlot):
      let a = try position(of: firstSlot.container)
      let b = try position(of: secondSlot.container)
      try expect(first, at: firstSlot, in: a)
      try expect(second, at: secondSlot, in: b)
      lists[a][firstSlot.index] = second
      lists[b][secondSlot.index] = first
    case .copy(let original, let copy, let to):
      guard slot(of: original) != nil || isInside(original) else {
        throw DragModelError(.itemMismatch, "copy: the original is not in the model")
      }
      guard contents[original] == nil else {
        throw DragModelError(
          .copyOfHolder, "copy: \(original) holds other items, which a copy would leave behind")
      }
      try insert(copy, at: to)
    case .remove(let item, let from):
      let source = try position(of: from.container)
      try expect(item, at: from, in: source)
      lists[source].remove(at: from.index)
      // The item's contents leave with it, kept for the inverse.
      for holder in [item] + allContents(of: item) {
        if let inside = contents.removeValue(forKey: holder) { removedContents[holder] = inside }
      }
    case .insert(let item, let at):
      try insert(item, at: at)
    case .dropInto(let item, let from, let target):
      let source = try position(of: from.container)
      try expect(item, at: from, in: source)
      guard target != item, slot(of: target) != nil || isInside(target) else {
        throw DragModelError(.itemMismatch, "drop into: the target is not in the model")
      }
      // Dropping a holder into something it holds would leave both where nothing reaches them.
      guard !allContents(of: item).contains(target) else {
        throw DragModelError(.itemMismatch, "drop into: the target is inside the item")
      }
      lists[source].remove(at: from.index)
      contents[target, default: []].append(item)
    case .takeOut(let item, let holder, let to):
      guard let inside = contents[holder], inside.last == item else {
        throw DragModelError(.itemMismatch, "take out: the item is not the last one put inside")
      }
      let destination = try position(of: to.container)
      guard to.index >= 0 && to.index <= lists[destination].count else {
        throw DragModelError(.indexOutOfRange, "take out: \(to) is outside the container")
      }
      lists[destination].insert(item, at: to.index)
      if inside.count == 1 {
        contents[holder] = nil
      } else {
        contents[holder]?.removeLast()
      }
    }
  }

  private func position(of container: ContainerID) throws(DragModelError) -> Int {
    guard let index = containers.firstIndex(of: container) else {
      throw DragModelError(.unknownContainer, "no container \(container)")
    }
    return index
  }

  private func expect(_ item: Item, at slot: Slot, in position: Int) throws(DragModelError) {
    guard slot.index >= 0 && slot.index < lists[position].count else {
      throw DragModelError(.indexOutOfRange, "\(slot) is outside the container")
    }
    guard lists[position][slot.index] == item else {
      throw DragModelError(.itemMismatch, "the item at \(slot) is not the one the operation names")
    }
  }

  private func isInside(_ item: Item) -> Bool {
    contents.values.contains { $0.contains(item) }
  }

  private mutating func insert(_ item: Item, at slot: Slot) throws(DragModelError) {
    let destination = try position(of: slot.container)
    guard slot.index >= 0 && slot.index <= lists[destination].count else {
      throw DragModelError(.indexOutOfRange, "insert: \(slot) is outside the container")
    }
    guard self.slot(of: item) == nil, !isInside(item) else {
      throw DragModelError(.duplicateItem, "the item is already in the model")
    }
    // An item inserted again gets back what it held when it was removed.
    var restored: [Item: [Item]] = [:]
    var pending = [item]
    while let holder = pending.popLast() {
      guard let inside = removedContents[holder] else { continue }
      for nested in inside where self.slot(of: nested) != nil || isInside(nested) {
        throw DragModelError(
          .duplicateItem, "insert: \(nested), which \(holder) held, is in the model again")
      }
      restored[holder] = inside
      pending.append(contentsOf: inside)
    }
    lists[destination].insert(item, at: slot.index)
    for (holder, inside) in restored {
      contents[holder] = inside
      removedContents[holder] = nil
    }
  }
}
