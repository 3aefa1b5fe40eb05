import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Testing

/// Every from/to for up to six items, within one column and across two, in move, exchange and
/// copy modes, applied on drop and live: real pointer drags through ``DragHarness``, checked
/// against plain-array remove/insert and swap.
@Suite struct ExhaustiveMoveTests {
  static let sizes = 1...6
  static let source = ContainerID(0)

  /// `count` item names starting with `prefix`: `a0`, `a1` and so on.
  static func column(_ prefix: String, _ count: Int) -> [String] {
    (0..<count).map { "\(prefix)\($0)" }
  }

  /// Columns 100 wide, 20 apart, 200 tall, with items 10 long: a drag never scrolls.
  static func harness(
    _ columns: [[String]], mode: DragMode, application: OperationTiming,
    rules: DragRules<String> = DragRules()
  ) -> DragHarness {
    var configuration = DragConfiguration()
    configuration.mode = mode
    configuration.operationTiming = application
    return DragHarness(
      columns: columns.enumerated().map { ("Column \($0.offset)", $0.element) },
      configuration: configuration, rules: rules, columnWidth: 100, columnHeight: 200, gap: 20,
      itemLength: ArenaPoints.itemLength)
  }

  /// Presses `item` at its center, moves 6 points sideways to start the drag, then to the point
  /// `via` gives, then to the point `target` gives (each computed from the state at that moment,
  /// so that live application sees its own layout), and releases there.
  ///
  /// - Returns: The effects of the release.
  static func drag(
    _ harness: inout DragHarness, _ item: String, via: (DragHarness) -> Point,
    to target: (DragHarness) -> Point
  ) -> [DragEffect<String>] {
    let start = harness.center(of: item)
    harness.send(DragHarness.pointer(.down, start.x, start.y, 0))
    harness.send(DragHarness.pointer(.move, start.x + 6, start.y, 0.01))
    let middle = via(harness)
    harness.send(DragHarness.pointer(.move, middle.x, middle.y, 0.02))
    let end = target(harness)
    harness.send(DragHarness.pointer(.move, end.x, end.y, 0.03))
    return harness.send(DragHarness.pointer(.up, end.x, end.y, 0.04))
  }

  /// A point where dropping `item` ends at final index `index` of container `id` (`foreign`
  /// when the drag did not start there).
  static func finalIndex(
    _ index: Int, of item: String, in id: ContainerID, foreign: Bool = false
  ) -> (DragHarness) -> Point {
    {
      ArenaPoints.finalIndexPoint(
        index, dragging: item, in: $0.geometry(for: id), foreign: foreign)
    }
  }

  /// The center of slot `index` of container `id`.
  static func slot(_ index: Int, in id: ContainerID) -> (DragHarness) -> Point {
    { ArenaPoints.slotCenter(index, in: $0.geometry(for: id)) }
  }

  // MARK: - Checking one drag

  /// Checks the end of one drag of `item` in `harness`: the columns, the operation committed, the
  /// operations emitted (replayed on a reference arena that checks every position and anchor), and
  /// the events of the release.
  static func check(
    _ harness: DragHarness, release: [DragEffect<String>], item: String, initial: [[String]],
    expected: [[String]], operation: DragOperation<String>?, label: Comment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (index, column) in expected.enumerated() {
      #expect(harness.items(index) == column, label, sourceLocation: sourceLocation)
      let shown = harness.engine.container(ContainerID(index))?.geometry.items
      #expect(shown == column, "the engine's geometry: \(label)", sourceLocation: sourceLocation)
    }
    #expect(harness.errors.isEmpty, "\(harness.errors): \(label)", sourceLocation: sourceLocation)
    #expect(!harness.engine.isDragging, label, sourceLocation: sourceLocation)

    var reference = ReferenceArena(initial)
    for emitted in harness.operations {
      let problem = reference.apply(emitted)
      #expect(
        problem == nil, "\(emitted): \(problem ?? ""): \(label)", sourceLocation: sourceLocation)
    }
    #expect(
      reference == ReferenceArena(expected), "replaying the operations: \(label)",
      sourceLocation: sourceLocation)

    let session = SessionID.pointer(PointerID(0))
    let events = release.compactMap { effect -> DragEvent<String>? in
      if case .event(let event) = effect { return event }
      return nil
    }
    let released = release.compactMap { effect -> DragOperation<String>? in
      if case .apply(let operation) = effect { return operation }
      return nil
    }
    let transactions = events.compactMap { event -> DragTransaction<String>? in
      if case .dropped(session, let transaction) = event { return transaction }
      return nil
    }
    let committed = operation.map { [$0] } ?? []
    #expect(
      transactions == [DragTransaction(committed)], "the committed transaction: \(label)",
      sourceLocation: sourceLocation)
    let configuration = harness.engine.configuration
    if configuration.operationTiming == .onDrop {
      #expect(harness.operations == committed, label, sourceLocation: sourceLocation)
    } else {
      #expect(
        released.isEmpty, "a live drop applies nothing more: \(label)",
        sourceLocation: sourceLocation)
    }
    if operation == nil {
      #expect(released.isEmpty, label, sourceLocation: sourceLocation)
      #expect(events.contains(.didNotMove(session, item)), label, sourceLocation: sourceLocation)
      #expect(!events.contains(.didMove(session, item)), label, sourceLocation: sourceLocation)
    } else {
      #expect(events.contains(.didMove(session, item)), label, sourceLocation: sourceLocation)
      #expect(!events.contains(.didNotMove(session, item)), label, sourceLocation: sourceLocation)
    }
  }

  // MARK: - Move mode

  @Test(
    "Every move within one column of one to six items ends where Array remove/insert puts it",
    arguments: OperationTiming.allCases)
  func moveWithinOneColumn(application: OperationTiming) {
    for count in Self.sizes {
      for from in 0..<count {
        for to in 0..<count {
          let items = Self.column("a", count)
          var harness = Self.harness([items], mode: .move, application: application)
          let item = items[from]
          let release = Self.drag(
            &harness, item, via: Self.finalIndex(count - 1 - to, of: item, in: Self.source),
            to: Self.finalIndex(to, of: item, in: Self.source))
          let expected = ReferenceList.moved(items, from: from, to: to)
          let operation: DragOperation<String>? =
            from == to
            ? nil
            : .move(
              item, from: Slot(Self.source, from), to: Slot(Self.source, to),
              before: to + 1 < count ? expected[to + 1] : nil)
          Self.check(
            harness, release: release, item: item, initial: [items], expected: [expected],
            operation: operation, label: "\(count) items, \(from) to \(to), \(application)")
        }
      }
    }
  }

  @Test(
    "Every move from a column of one to six items into another of zero to six lands at its index",
    arguments: OperationTiming.allCases, [0, 1])
  func moveAcrossColumns(application: OperationTiming, sourceColumn: Int) {
    let source = ContainerID(sourceColumn)
    let destination = ContainerID(1 - sourceColumn)
    for count in Self.sizes {
      for otherCount in 0...6 {
        for from in 0..<count {
          for to in 0...otherCount {
            let items = Self.column("a", count)
            let others = Self.column("b", otherCount)
            let initial = sourceColumn == 0 ? [items, others] : [others, items]
            var harness = Self.harness(initial, mode: .move, application: application)
            let item = items[from]
            let release = Self.drag(
              &harness, item,
              via: Self.finalIndex(
                otherCount - to, of: item, in: destination, foreign: true),
              to: Self.finalIndex(to, of: item, in: destination, foreign: true))
            var remaining = items
            remaining.remove(at: from)
            var received = others
            received.insert(item, at: to)
            let expected = sourceColumn == 0 ? [remaining, received] : [received, remaining]
            let operation = DragOperation.move(
              item, from: Slot(source, from), to: Slot(destination, to),
              before: to < otherCount ? others[to] : nil)
            Self.check(
              harness, release: release, item: item, initial: initial, expected: expected,
              operation: operation,
              label: "\(count) → \(otherCount) items, \(from) to \(to), \(application)")
          }
        }
      }
    }
  }

  // MARK: - Exchange mode

  @Test(
    "Every exchange within one column of one to six items swaps the two items",
    arguments: OperationTiming.allCases)
  func exchangeWithinOneColumn(application: OperationTiming) {
    for count in Self.sizes {
      for from in 0..<count {
        for to in 0..<count {
          let items = Self.column("a", count)
          var harness = Self.harness([items], mode: .exchange, application: application)
          let item = items[from]
          let release = Self.drag(
            &harness, item, via: Self.slot(count - 1 - to, in: Self.source),
            to: Self.slot(to, in: Self.source))
          let operation: DragOperation<String>? =
            from == to
            ? nil
            : .exchange(
              item, at: Slot(Self.source, from), with: items[to], otherAt: Slot(Self.source, to))
          let label: Comment = "\(count) items, \(from) with \(to), \(application)"
          Self.check(
            harness, release: release, item: item, initial: [items],
            expected: [ReferenceList.swapped(items, from, to)], operation: operation, label: label)
          let finished = DragEvent<String>.exchangeTransactionFinished(
            .pointer(PointerID(0)), Slot(Self.source, from), Slot(Self.source, to))
          #expect(release.contains(.event(finished)), label)
        }
      }
    }
  }

  @Test(
    "Every exchange between two columns of one to six items swaps the two items",
    arguments: OperationTiming.allCases, [0, 1])
  func exchangeAcrossColumns(application: OperationTiming, sourceColumn: Int) {
    let source = ContainerID(sourceColumn)
    let destination = ContainerID(1 - sourceColumn)
    for count in Self.sizes {
      for otherCount in Self.sizes {
        for from in 0..<count {
          for to in 0..<otherCount {
            let items = Self.column("a", count)
            let others = Self.column("b", otherCount)
            let initial = sourceColumn == 0 ? [items, others] : [others, items]
            var harness = Self.harness(initial, mode: .exchange, application: application)
            let item = items[from]
            let release = Self.drag(
              &harness, item, via: Self.slot(otherCount - 1 - to, in: destination),
              to: Self.slot(to, in: destination))
            var kept = items
            kept[from] = others[to]
            var received = others
            received[to] = item
            let expected = sourceColumn == 0 ? [kept, received] : [received, kept]
            let operation = DragOperation.exchange(
              item, at: Slot(source, from), with: others[to], otherAt: Slot(destination, to))
            let label: Comment =
              "\(count) ↔ \(otherCount) items, \(from) with \(to), \(application)"
            Self.check(
              harness, release: release, item: item, initial: initial, expected: expected,
              operation: operation, label: label)
            let finished = DragEvent<String>.exchangeTransactionFinished(
              .pointer(PointerID(0)), Slot(source, from), Slot(destination, to))
            #expect(release.contains(.event(finished)), label)
          }
        }
      }
    }
  }

  @Test(
    "An exchange released over an empty column exchanges nothing and did not move",
    arguments: OperationTiming.allCases, [0, 1])
  func exchangeIntoEmptyColumn(application: OperationTiming, sourceColumn: Int) {
    let source = ContainerID(sourceColumn)
    let destination = ContainerID(1 - sourceColumn)
    for count in Self.sizes {
      for from in 0..<count {
        let items = Self.column("a", count)
        let initial = sourceColumn == 0 ? [items, []] : [[], items]
        var harness = Self.harness(initial, mode: .exchange, application: application)
        let item = items[from]
        let release = Self.drag(
          &harness, item, via: Self.slot(0, in: destination), to: Self.slot(2, in: destination))
        let label: Comment = "\(count) items, from \(from), \(application)"
        Self.check(
          harness, release: release, item: item, initial: initial, expected: initial,
          operation: nil, label: label)
        let finished = DragEvent<String>.exchangeTransactionFinished(
          .pointer(PointerID(0)), Slot(source, from), Slot(source, from))
        #expect(release.contains(.event(finished)), label)
      }
    }
  }

  // MARK: - Copy mode

  @Test(
    "Every copy from a column of one to six items into another of zero to six lands at its index",
    arguments: OperationTiming.allCases)
  func copyAcrossColumns(application: OperationTiming) {
    var rules = DragRules<String>()
    rules.copyID = { "\($0) copy" }
    let destination = ContainerID(1)
    for count in Self.sizes {
      for otherCount in 0...6 {
        for from in 0..<count {
          for to in 0...otherCount {
            let items = Self.column("a", count)
            let others = Self.column("b", otherCount)
            var harness = Self.harness(
              [items, others], mode: .copy, application: application, rules: rules)
            let item = items[from]
            let copy = "\(item) copy"
            let release = Self.drag(
              &harness, item,
              via: Self.finalIndex(
                otherCount - to, of: copy, in: destination, foreign: true),
              to: Self.finalIndex(to, of: copy, in: destination, foreign: true))
            var received = others
            received.insert(copy, at: to)
            Self.check(
              harness, release: release, item: item, initial: [items, others],
              expected: [items, received],
              operation: .copy(item, as: copy, to: Slot(destination, to)),
              label: "\(count) → \(otherCount) items, \(from) to \(to), \(application)")
          }
        }
      }
    }
  }
}
