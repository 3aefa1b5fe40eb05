import ArrangeDragDrop
import ArrangeTestSupport
import Testing

/// The ready model and the operations' exact inverses.
@Suite struct DragModelTests {
  static let todo = ContainerID(0)
  static let done = ContainerID(1)

  static func model() -> DragModel<String> {
    DragModel([(todo, ["a", "b", "c"]), (done, ["d"])])
  }

  static let operations: [DragOperation<String>] = [
    .move("a", from: Slot(todo, 0), to: Slot(todo, 2), before: nil),
    .move("b", from: Slot(todo, 1), to: Slot(todo, 0), before: "a"),
    .move("c", from: Slot(todo, 2), to: Slot(done, 1), before: nil),
    .move("a", from: Slot(todo, 0), to: Slot(done, 0), before: "d"),
    .exchange("a", at: Slot(todo, 0), with: "d", otherAt: Slot(done, 0)),
    .exchange("a", at: Slot(todo, 0), with: "c", otherAt: Slot(todo, 2)),
    .copy("b", as: "b2", to: Slot(done, 1)),
    .remove("c", from: Slot(todo, 2)),
    .insert("x", at: Slot(todo, 3)),
    .dropInto("a", from: Slot(todo, 0), into: "d"),
  ]

  @Test(
    "Each operation does what it says",
    arguments: zip(
      operations,
      [
        [["b", "c", "a"], ["d"]], [["b", "a", "c"], ["d"]], [["a", "b"], ["d", "c"]],
        [["b", "c"], ["a", "d"]], [["d", "b", "c"], ["a"]], [["c", "b", "a"], ["d"]],
        [["a", "b", "c"], ["d", "b2"]], [["a", "b"], ["d"]], [["a", "b", "c", "x"], ["d"]],
        [["b", "c"], ["d"]],
      ]))
  func applies(_ operation: DragOperation<String>, _ expected: [[String]]) throws {
    var model = Self.model()
    try model.apply(operation)
    #expect(model.items(in: Self.todo) == expected[0])
    #expect(model.items(in: Self.done) == expected[1])
    #expect(model.invariantViolations().isEmpty)
  }

  @Test("An operation followed by its inverse is the identity", arguments: operations)
  func inverse(_ operation: DragOperation<String>) throws {
    var model = Self.model()
    try model.apply(operation)
    #expect(model != Self.model())
    try model.apply(operation.inverse)
    #expect(model == Self.model())
  }

  @Test("A transaction's inverse undoes it")
  func transactionInverse() throws {
    let transaction = DragTransaction<String>([
      .move("a", from: Slot(Self.todo, 0), to: Slot(Self.todo, 2), before: nil),
      .move("b", from: Slot(Self.todo, 0), to: Slot(Self.todo, 1), before: "a"),
      .move("c", from: Slot(Self.todo, 0), to: Slot(Self.done, 1), before: nil),
    ])
    var model = Self.model()
    try model.apply(transaction.operations)
    #expect(model.items(in: Self.todo) == ["b", "a"])
    #expect(model.items(in: Self.done) == ["d", "c"])
    try model.apply(transaction.inverse.operations)
    #expect(model == Self.model())
  }

  @Test(
    "Operations that do not describe the model are refused and change nothing",
    arguments: [
      (
        DragOperation<String>.move("b", from: Slot(todo, 0), to: Slot(todo, 1), before: nil),
        DragModelError.Kind.itemMismatch
      ),
      (.move("a", from: Slot(todo, 0), to: Slot(todo, 9), before: nil), .indexOutOfRange),
      (.move("a", from: Slot(todo, 0), to: Slot(todo, 1), before: "a"), .anchorMismatch),
      (
        .move("a", from: Slot(todo, 0), to: Slot(ContainerID(9), 0), before: nil), .unknownContainer
      ),
      (.insert("a", at: Slot(done, 0)), .duplicateItem),
      (.copy("a", as: "d", to: Slot(done, 0)), .duplicateItem),
      (.remove("a", from: Slot(todo, -1)), .indexOutOfRange),
      (.exchange("a", at: Slot(todo, 0), with: "x", otherAt: Slot(done, 0)), .itemMismatch),
      (.takeOut("a", from: "d", to: Slot(todo, 0)), .itemMismatch),
      (.dropInto("a", from: Slot(todo, 0), into: "a"), .itemMismatch),
    ])
  func refuses(_ operation: DragOperation<String>, _ kind: DragModelError.Kind) {
    var model = Self.model()
    #expect(throws: DragModelError.self) { try model.apply(operation) }
    do {
      try model.apply(operation)
    } catch {
      #expect(error.kind == kind)
    }
    #expect(model == Self.model())
  }

  @Test("A batch is all or nothing")
  func batchAtomic() {
    var model = Self.model()
    #expect(throws: DragModelError.self) {
      try model.apply([
        .move("a", from: Slot(Self.todo, 0), to: Slot(Self.done, 0), before: "d"),
        .remove("zzz", from: Slot(Self.todo, 0)),
      ])
    }
    #expect(model == Self.model())
  }

  @Test("Items dropped into others count in allItems and come back out by takeOut")
  func contents() throws {
    var model = Self.model()
    try model.apply(.dropInto("a", from: Slot(Self.todo, 0), into: "d"))
    try model.apply(.dropInto("b", from: Slot(Self.todo, 0), into: "a"))
    #expect(model.allItems.sorted() == ["a", "b", "c", "d"])
    #expect(model.contents["d"] == ["a"])
    try model.apply(.takeOut("b", from: "a", to: Slot(Self.todo, 0)))
    try model.apply(.takeOut("a", from: "d", to: Slot(Self.todo, 0)))
    #expect(model == Self.model())
  }

  @Test("Duplicate container IDs are a programmer error")
  func duplicateContainers() async {
    await #expect(processExitsWith: .failure) {
      _ = DragModel<String>([(ContainerID(1), []), (ContainerID(1), [])])
    }
  }

  @Test("Duplicate container IDs in an engine are a programmer error")
  func duplicateEngineContainers() async {
    await #expect(processExitsWith: .failure) {
      let harness = DragHarness(columns: [("A", ["a"])])
      let container = harness.engine.containers[0]
      _ = DragEngine(containers: [container, container])
    }
  }

  // MARK: Items that hold others

  /// `doc` dropped into `folder`, `folder` in To Do.
  static func folderModel() throws -> DragModel<String> {
    var model = DragModel([(todo, ["folder", "doc"]), (done, ["x"])])
    try model.apply(.dropInto("doc", from: Slot(todo, 1), into: "folder"))
    return model
  }

  @Test("Removing an item that holds others removes its contents with it, and undo brings all back")
  func removingAHolder() throws {
    let before = try Self.folderModel()
    var model = before
    let removal = DragOperation<String>.remove("folder", from: Slot(Self.todo, 0))
    try model.apply(removal)
    #expect(model.allItems == ["x"])
    #expect(model.contents.isEmpty)
    #expect(model.removedContents == ["folder": ["doc"]])
    #expect(model.invariantViolations().isEmpty)
    try model.apply(removal.inverse)
    #expect(model == before)
    #expect(model.allItems == ["folder", "x", "doc"])
  }

  @Test("Removing a holder of holders takes every level, and undo restores every level")
  func removingNestedHolders() throws {
    var model = DragModel([(Self.todo, ["a", "b", "c"])])
    try model.apply(.dropInto("c", from: Slot(Self.todo, 2), into: "b"))
    try model.apply(.dropInto("b", from: Slot(Self.todo, 1), into: "a"))
    let before = model
    #expect(model.allContents(of: "a") == ["b", "c"])
    try model.apply(.remove("a", from: Slot(Self.todo, 0)))
    #expect(model.allItems.isEmpty)
    #expect(model.contents.isEmpty)
    try model.apply(.insert("a", at: Slot(Self.todo, 0)))
    #expect(model == before)
  }

  @Test("Moving and exchanging a holder keeps its contents inside it")
  func movingAHolder() throws {
    var model = try Self.folderModel()
    try model.apply(.move("folder", from: Slot(Self.todo, 0), to: Slot(Self.done, 1), before: nil))
    try model.apply(
      .exchange("folder", at: Slot(Self.done, 1), with: "x", otherAt: Slot(Self.done, 0)))
    #expect(model.items(in: Self.done) == ["folder", "x"])
    #expect(model.contents == ["folder": ["doc"]])
    #expect(model.invariantViolations().isEmpty)
  }

  @Test("Inserting a removed holder again is refused when what it held is back in the model")
  func reinsertingAHolderTwice() throws {
    var model = try Self.folderModel()
    try model.apply(.remove("folder", from: Slot(Self.todo, 0)))
    try model.apply(.insert("doc", at: Slot(Self.todo, 0)))
    let before = model
    #expect(throws: DragModelError.self) {
      try model.apply(.insert("folder", at: Slot(Self.todo, 0)))
    }
    #expect(model == before)
  }

  @Test("A holder cannot be dropped into an item it holds")
  func holderIntoItsOwnContents() throws {
    var model = DragModel([(Self.todo, ["a", "b", "c"])])
    try model.apply(.dropInto("c", from: Slot(Self.todo, 2), into: "b"))
    try model.apply(.dropInto("b", from: Slot(Self.todo, 1), into: "a"))
    // `c` is inside `b` inside `a`: dropping `a` into `c` would leave all three unreachable.
    model.setItems(["a", "z"], in: Self.todo)
    let before = model
    #expect(throws: DragModelError.self) {
      try model.apply(.dropInto("a", from: Slot(Self.todo, 0), into: "c"))
    }
    #expect(model == before)
  }

  @Test("Copying an item that holds others is refused with a reason, not made empty")
  func copyingAHolder() throws {
    var model = try Self.folderModel()
    let before = model
    #expect(throws: DragModelError.self) {
      try model.apply(.copy("folder", as: "folder 2", to: Slot(Self.done, 0)))
    }
    #expect(model == before)
    do {
      try model.apply(.copy("folder", as: "folder 2", to: Slot(Self.done, 0)))
    } catch {
      #expect(error.kind == .copyOfHolder)
      #expect(error.message.contains("holds other items"))
    }
  }

  @Test("The invariant check accounts for nested items: contents nothing reaches are reported")
  func orphanedContentsAreReported() throws {
    var model = try Self.folderModel()
    #expect(model.invariantViolations().isEmpty)
    // The app replaces To Do without the folder: the document inside it is reachable no more.
    model.setItems([], in: Self.todo)
    #expect(
      model.invariantViolations() == ["1 item(s) are inside folder, which is not in the model"])
  }

  @Test("An item inside another and in a container too is reported twice over")
  func nestedDuplicateIsReported() throws {
    var model = try Self.folderModel()
    model.setItems(["doc"], in: Self.done)
    #expect(model.invariantViolations() == ["doc appears more than once"])
  }
}
