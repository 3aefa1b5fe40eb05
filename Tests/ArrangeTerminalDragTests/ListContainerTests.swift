import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTerminal
import ArrangeTerminalDrag
import ArrangeTestSupport
import PropertyBased
import Synchronization
import Testing

/// The animated managed-item list (the managed-item API: add, insert, remove, hand
/// over, move and reorder; ShinpuruLayout's neighbours that resize smoothly) and the clipped copy
/// of one cell buffer into another that draws it.
@Suite struct ListContainerTests {
  typealias List = ListContainer<String>

  /// How long an animation lasts with full motion.
  static let duration = MotionPreference.full.animationDuration
  /// A quarter of the way in: eased progress 1 − 0.75³ = 0.578125.
  static let quarter = duration / 4

  static func rect(_ column: Int, _ row: Int, _ width: Int, _ height: Int) -> CellRect {
    CellRect(column: column, row: row, width: width, height: height)
  }

  /// The frames of the items that are not leaving, by item.
  static func frames(_ list: List, at time: Double) -> [String: CellRect] {
    var result: [String: CellRect] = [:]
    for shown in list.displayedFrames(at: time) where !shown.isLeaving {
      result[shown.item] = shown.frame
    }
    return result
  }

  /// The frames of the items that are leaving, by item.
  static func leaving(_ list: List, at time: Double) -> [String: CellRect] {
    var result: [String: CellRect] = [:]
    for shown in list.displayedFrames(at: time) where shown.isLeaving {
      result[shown.item] = shown.frame
    }
    return result
  }

  /// The final frames of the items, in order.
  static func targets(_ list: List) -> [List.DisplayedItem] {
    list.items.compactMap { item in
      list.targetFrame(of: item).map { List.DisplayedItem(item: item, frame: $0, isLeaving: false) }
    }
  }

  /// Whether `value` is strictly between `a` and `b` (in either order).
  static func isBetween(_ value: Int, _ a: Int, _ b: Int) -> Bool {
    value > Swift.min(a, b) && value < Swift.max(a, b)
  }

  // MARK: - Creating

  @Test("Creating a list drops repeated items, gives missing heights one row and animates nothing")
  func creating() {
    let list = List(
      items: ["a", "b", "a", "c"], heights: [2, 3, 9], frame: Self.rect(4, 1, 10, 20), spacing: 1)
    #expect(list.items == ["a", "b", "c"])
    #expect(list.heights == [2, 3, 1])
    #expect(list.contentHeight == 2 + 1 + 3 + 1 + 1)
    #expect(list.height(of: "c") == 1)
    #expect(list.height(of: "z") == nil)
    #expect(!list.isAnimating(at: 0))
    #expect(list.displayedFrames(at: 0) == Self.targets(list))
    #expect(list.targetFrame(of: "b") == Self.rect(4, 4, 10, 3))
    #expect(list.targetFrame(of: "c") == Self.rect(4, 8, 10, 1))
  }

  @Test("The geometry is the final layout in the frame, scrolled, never the animated one")
  func geometryIsTheFinalLayout() {
    var list = List(
      items: ["a", "b", "c", "d"], heights: [2, 2, 2, 2], frame: Self.rect(3, 1, 10, 4),
      spacing: 1)
    list.scroll(to: 3)
    list.insert("x", height: 3, at: 1, time: 0)
    let geometry = list.geometry
    #expect(geometry.items == ["a", "x", "b", "c", "d"])
    #expect(geometry.frame == Rect(x: 3, y: 1, width: 10, height: 4))
    #expect(geometry.scrollOffset == 3)
    #expect(geometry.spacing == 1)
    #expect(list.isAnimating(at: Self.quarter))
    for index in geometry.items.indices {
      let expected = list.targetFrame(of: geometry.items[index])?.rect
      #expect(geometry.frameOfItem(at: index) == expected)
    }
    #expect(geometry.frameOfItem(at: 2) == Rect(x: 3, y: 1 - 3 + 7, width: 10, height: 2))
  }

  // MARK: - Insert and add

  @Test("An inserted item grows from no rows while the item below slides down")
  func insertAnimates() {
    var list = List(items: ["a", "b"], heights: [2, 2], frame: Self.rect(3, 1, 10, 20))
    #expect(list.insert("x", height: 8, at: 1, time: 10) == true)
    #expect(list.items == ["a", "x", "b"])
    #expect(list.height(of: "x") == 8)
    let start = Self.frames(list, at: 10)
    #expect(start["x"] == Self.rect(3, 3, 10, 0))
    #expect(start["b"] == Self.rect(3, 3, 10, 2))
    let middle = Self.frames(list, at: 10 + Self.duration / 2)
    let grown = middle["x"]?.height ?? -1
    #expect(grown > 0 && grown < 8)
    #expect(Self.isBetween(middle["b"]?.row ?? -1, 3, 11))
    #expect(middle["a"] == Self.rect(3, 1, 10, 2))
    #expect(list.isAnimating(at: 10 + Self.duration / 2))
    let end = 10 + Self.duration
    #expect(!list.isAnimating(at: end))
    #expect(list.displayedFrames(at: end) == Self.targets(list))
    #expect(Self.frames(list, at: end)["b"] == Self.rect(3, 11, 10, 2))
  }

  @Test("An insert with spacing opens the gap smoothly and ends with exact gaps")
  func insertWithSpacing() {
    var list = List(items: ["a", "b"], frame: Self.rect(0, 0, 5, 20), spacing: 2)
    let before = list.displayedFrames(at: 0)
    list.insert("x", height: 3, at: 0, time: 0)
    #expect(Self.frames(list, at: 0)["a"] == Self.rect(0, 0, 5, 1))
    #expect(Self.frames(list, at: 0)["b"] == before[1].frame)
    let middle = Self.frames(list, at: Self.quarter)
    #expect(Self.isBetween(middle["a"]?.row ?? -1, 0, 5))
    let end = Self.frames(list, at: Self.duration)
    #expect(end["x"] == Self.rect(0, 0, 5, 3))
    #expect(end["a"] == Self.rect(0, 5, 5, 1))
    #expect(end["b"] == Self.rect(0, 8, 5, 1))
  }

  @Test("Add appends; inserting an item the list holds does nothing and says so")
  func addAndDuplicates() {
    var list = List(items: ["a"], frame: Self.rect(0, 0, 5, 5))
    #expect(list.add("b", height: 2, at: 0) == true)
    #expect(list.items == ["a", "b"])
    #expect(list.heights == [1, 2])
    let before = list.displayedFrames(at: 1)
    #expect(list.add("a", at: 1) == false)
    #expect(list.insert("b", height: 4, at: 0, time: 1) == false)
    #expect(list.items == ["a", "b"])
    #expect(list.heights == [1, 2])
    #expect(!list.isAnimating(at: 1))
    #expect(list.displayedFrames(at: 1) == before)
  }

  @Test("Insert clamps its index", arguments: [(-5, ["x", "a", "b"]), (9, ["a", "b", "x"])])
  func insertClamps(_ index: Int, _ expected: [String]) {
    var list = List(items: ["a", "b"], frame: Self.rect(0, 0, 5, 5))
    #expect(list.insert("x", at: index, time: 0) == true)
    #expect(list.items == expected)
    #expect(list.displayedFrames(at: 1) == Self.targets(list))
  }

  // MARK: - Remove

  @Test("A removed item shrinks away, still drawn, while the one below closes the gap")
  func removeAnimates() {
    var list = List(items: ["a", "b", "c"], heights: [2, 4, 2], frame: Self.rect(0, 0, 8, 20))
    #expect(list.remove(at: 1, time: 0) == "b")
    #expect(list.items == ["a", "c"])
    #expect(list.targetFrame(of: "c") == Self.rect(0, 2, 8, 2))
    #expect(Self.leaving(list, at: 0)["b"] == Self.rect(0, 2, 8, 4))
    #expect(Self.frames(list, at: 0)["c"] == Self.rect(0, 6, 8, 2))
    let shrinking = Self.leaving(list, at: Self.quarter)["b"]
    #expect(shrinking?.row == 2)
    #expect(Self.isBetween(shrinking?.height ?? -1, 0, 4))
    #expect(Self.isBetween(Self.frames(list, at: Self.quarter)["c"]?.row ?? -1, 2, 6))
    #expect(Self.leaving(list, at: Self.duration).isEmpty)
    #expect(list.displayedFrames(at: Self.duration) == Self.targets(list))
    #expect(!list.isAnimating(at: Self.duration))
  }

  @Test("Removing by item shrinks it away; removing the top item also removes its gap")
  func removeItemWithSpacing() {
    var list = List(items: ["a", "b", "c"], frame: Self.rect(0, 0, 8, 20), spacing: 1)
    #expect(list.remove("a", time: 0) == true)
    #expect(list.items == ["b", "c"])
    #expect(Self.isBetween(Self.frames(list, at: Self.quarter)["b"]?.row ?? -1, 0, 2))
    let end = Self.frames(list, at: Self.duration)
    #expect(end == ["b": Self.rect(0, 0, 8, 1), "c": Self.rect(0, 2, 8, 1)])
  }

  @Test("Removing out of range or an item the list does not hold changes nothing")
  func removeOutOfRange() {
    var list = List(items: ["a", "b"], frame: Self.rect(0, 0, 8, 20))
    let before = list.displayedFrames(at: 5)
    #expect(list.remove(at: 2, time: 5) == nil)
    #expect(list.remove(at: -1, time: 5) == nil)
    #expect(list.remove("z", time: 5) == false)
    #expect(list.items == ["a", "b"])
    #expect(!list.isAnimating(at: 5))
    #expect(list.displayedFrames(at: 5) == before)
    list.remove("a", time: 5)
    #expect(list.remove("a", time: 5.01) == false)
    #expect(list.items == ["b"])
  }

  @Test("An item removed while it grows in shrinks from its current height")
  func removeInterruptsInsert() {
    var list = List(items: ["a", "b"], heights: [1, 1], frame: Self.rect(0, 0, 8, 20))
    list.insert("x", height: 8, at: 1, time: 0)
    let time = Self.duration / 2
    let before = Self.frames(list, at: time)
    list.remove("x", time: time)
    #expect(Self.leaving(list, at: time)["x"] == before["x"])
    #expect(Self.frames(list, at: time)["b"] == before["b"])
    let later = Self.leaving(list, at: time + Self.quarter)["x"]?.height ?? 99
    #expect(later < (before["x"]?.height ?? 0))
    #expect(later > 0)
    #expect(list.displayedFrames(at: time + Self.duration) == Self.targets(list))
  }

  @Test("An item re-added while it shrinks away grows in beside the leaving one")
  func readdWhileLeaving() {
    var list = List(items: ["a", "b"], heights: [2, 2], frame: Self.rect(0, 0, 8, 20))
    list.remove("a", time: 0)
    #expect(list.insert("a", height: 2, at: 1, time: Self.quarter) == true)
    #expect(list.items == ["b", "a"])
    let shown = list.displayedFrames(at: Self.quarter).filter { $0.item == "a" }
    #expect(shown.map(\.isLeaving) == [true, false])
    #expect(list.displayedFrames(at: 1) == Self.targets(list))
  }

  // MARK: - Move and reorder

  @Test("A moved item slides to its new index and the items between slide the other way")
  func moveAnimates() {
    var list = List(
      items: ["a", "b", "c", "d"], heights: [3, 3, 3, 3], frame: Self.rect(0, 0, 8, 20))
    let before = list.displayedFrames(at: 0)
    #expect(list.move(from: 0, to: 3, time: 0) == true)
    #expect(list.items == ["b", "c", "d", "a"])
    #expect(list.displayedFrames(at: 0).sorted { $0.item < $1.item } == before)
    let middle = Self.frames(list, at: Self.quarter)
    #expect(Self.isBetween(middle["a"]?.row ?? -1, 0, 9))
    #expect(Self.isBetween(middle["b"]?.row ?? -1, 0, 3))
    #expect(Self.isBetween(middle["d"]?.row ?? -1, 6, 9))
    #expect(list.displayedFrames(at: Self.duration) == Self.targets(list))
    #expect(!list.isAnimating(at: Self.duration))
  }

  @Test(
    "Move uses final-index semantics and clamps the destination",
    arguments: [
      (0, 2, ["b", "c", "a"]), (2, 0, ["c", "a", "b"]), (1, 99, ["a", "c", "b"]),
      (1, -4, ["b", "a", "c"]), (1, 1, ["a", "b", "c"]),
    ])
  func moveIndices(_ from: Int, _ to: Int, _ expected: [String]) {
    var list = List(items: ["a", "b", "c"], heights: [1, 2, 3], frame: Self.rect(0, 0, 8, 20))
    #expect(list.move(from: from, to: to, time: 0) == true)
    #expect(list.items == expected)
    #expect(list.heights == expected.map { ["a": 1, "b": 2, "c": 3][$0] ?? 0 })
    #expect(list.displayedFrames(at: 1) == Self.targets(list))
  }

  @Test("Moving from an index out of range changes nothing")
  func moveOutOfRange() {
    var list = List(items: ["a", "b"], frame: Self.rect(0, 0, 8, 20))
    #expect(list.move(from: 2, to: 0, time: 0) == false)
    #expect(list.move(from: -1, to: 0, time: 0) == false)
    #expect(list.items == ["a", "b"])
    #expect(!list.isAnimating(at: 0))
  }

  @Test("Reordering slides every item from where it is drawn to its new place")
  func reorderAnimates() throws {
    var list = List(items: ["a", "b", "c"], heights: [2, 2, 2], frame: Self.rect(0, 0, 8, 20))
    try list.reorder(to: ["c", "a", "b"], at: 0)
    #expect(list.items == ["c", "a", "b"])
    let start = Self.frames(list, at: 0)
    #expect(start["a"]?.row == 0 && start["b"]?.row == 2 && start["c"]?.row == 4)
    let middle = Self.frames(list, at: Self.quarter)
    #expect(Self.isBetween(middle["c"]?.row ?? -1, 0, 4))
    #expect(Self.isBetween(middle["a"]?.row ?? -1, 0, 2))
    #expect(Self.isBetween(middle["b"]?.row ?? -1, 2, 4))
    #expect(list.displayedFrames(at: Self.duration) == Self.targets(list))
  }

  @Test("A move that interrupts a slide starts from where the items are drawn")
  func moveInterruptsMove() {
    var list = List(
      items: ["a", "b", "c", "d"], heights: [3, 3, 3, 3], frame: Self.rect(0, 0, 8, 20))
    list.move(from: 0, to: 3, time: 0)
    let before = list.displayedFrames(at: Self.quarter).sorted { $0.item < $1.item }
    list.move(from: 3, to: 1, time: Self.quarter)
    #expect(list.items == ["b", "a", "c", "d"])
    #expect(list.displayedFrames(at: Self.quarter).sorted { $0.item < $1.item } == before)
    #expect(list.isAnimating(at: Self.duration))
    #expect(list.displayedFrames(at: Self.quarter + Self.duration) == Self.targets(list))
  }

  @Test(
    "Reordering to a list that is not a permutation throws and changes nothing",
    arguments: [
      (["a", "b"], ListContainerError.Kind.countMismatch),
      (["a", "a", "b"], .duplicateItem),
      (["a", "b", "z"], .unknownItem),
    ] as [([String], ListContainerError.Kind)])
  func reorderRefuses(_ order: [String], _ kind: ListContainerError.Kind) {
    var list = List(items: ["a", "b", "c"], heights: [2, 1, 3], frame: Self.rect(0, 0, 8, 20))
    list.move(from: 0, to: 2, time: 0)
    let before = list.displayedFrames(at: Self.quarter)
    #expect {
      try list.reorder(to: order, at: Self.quarter)
    } throws: { error in
      (error as? ListContainerError)?.kind == kind
        && !((error as? ListContainerError)?.message.isEmpty ?? true)
    }
    #expect(list.items == ["b", "c", "a"])
    #expect(list.heights == [1, 3, 2])
    #expect(list.displayedFrames(at: Self.quarter) == before)
    #expect(list.displayedFrames(at: Self.duration) == Self.targets(list))
  }

  // MARK: - Resize

  @Test("A resized item grows smoothly and the items below follow")
  func setHeightAnimates() {
    var list = List(items: ["a", "b"], heights: [2, 1], frame: Self.rect(0, 0, 8, 20))
    #expect(list.setHeight(6, for: "a", at: 0) == true)
    #expect(list.setHeight(3, for: "z", at: 0) == false)
    #expect(list.height(of: "a") == 6)
    #expect(list.targetFrame(of: "b") == Self.rect(0, 6, 8, 1))
    let middle = Self.frames(list, at: Self.quarter)
    #expect(Self.isBetween(middle["a"]?.height ?? -1, 2, 6))
    #expect(Self.isBetween(middle["b"]?.row ?? -1, 2, 6))
    #expect(list.displayedFrames(at: Self.duration) == Self.targets(list))
  }

  // MARK: - Reduced motion

  @Test("With reduced motion every operation lands at once")
  func reducedMotionIsInstant() throws {
    var list = List(
      items: ["a", "b", "c"], heights: [2, 2, 2], frame: Self.rect(0, 0, 8, 20), motion: .reduced)
    var other = List(items: ["x"], frame: Self.rect(10, 0, 8, 20), motion: .reduced)
    func check(_ time: Double) {
      #expect(!list.isAnimating(at: time))
      #expect(!other.isAnimating(at: time))
      #expect(list.displayedFrames(at: time) == Self.targets(list))
      #expect(other.displayedFrames(at: time) == Self.targets(other))
    }
    list.insert("n", height: 3, at: 1, time: 1)
    check(1)
    list.remove(at: 0, time: 2)
    check(2)
    list.move(from: 0, to: 2, time: 3)
    check(3)
    try list.reorder(to: list.items.reversed(), at: 4)
    check(4)
    list.setHeight(5, for: "c", at: 5)
    check(5)
    #expect(list.handOver("n", to: &other, at: 0, time: 6))
    check(6)
    #expect(list.items == ["c", "b"])
    #expect(other.items == ["n", "x"])
  }

  @Test("Changing the motion preference applies to the next operation")
  func changingMotion() {
    var list = List(items: ["a"], frame: Self.rect(0, 0, 8, 20))
    list.motion = .reduced
    list.add("b", height: 2, at: 0)
    #expect(!list.isAnimating(at: 0))
    list.motion = .full
    list.add("c", height: 2, at: 0)
    #expect(list.isAnimating(at: 0))
  }

  // MARK: - Hand over

  @Test("A handed-over item keeps its height and slides from the other column into its slot")
  func handOverSlides() {
    var left = List(items: ["a", "b", "c"], heights: [2, 2, 2], frame: Self.rect(0, 0, 10, 20))
    var right = List(items: ["x", "y"], frame: Self.rect(20, 5, 14, 20))
    let drawn = Self.frames(left, at: 0)["b"]
    #expect(left.handOver("b", to: &right, at: 1, time: 0))
    #expect(left.items == ["a", "c"])
    #expect(right.items == ["x", "b", "y"])
    #expect(right.height(of: "b") == 2)
    // It leaves without shrinking: not drawn in the old list at all, not even as a leaving item.
    #expect(!left.displayedFrames(at: 0).contains { $0.item == "b" })
    #expect(Self.frames(right, at: 0)["b"] == drawn)
    #expect(Self.frames(right, at: 0)["y"] == Self.rect(20, 6, 14, 1))
    let middle = Self.frames(right, at: Self.quarter)["b"]
    #expect(Self.isBetween(middle?.column ?? -1, 0, 20))
    #expect(Self.isBetween(middle?.row ?? -1, 2, 6))
    #expect(middle?.height == 2)
    #expect((10...14).contains(middle?.width ?? -1))
    #expect(Self.isBetween(Self.frames(right, at: Self.quarter)["y"]?.row ?? -1, 6, 8))
    #expect(Self.isBetween(Self.frames(left, at: Self.quarter)["c"]?.row ?? -1, 2, 4))
    for time in stride(from: 0, through: Self.duration, by: Self.duration / 10) {
      #expect(Self.frames(right, at: time)["b"]?.height == 2)
    }
    let end = Self.duration
    #expect(!left.isAnimating(at: end) && !right.isAnimating(at: end))
    #expect(Self.frames(right, at: end)["b"] == Self.rect(20, 6, 14, 2))
    #expect(right.displayedFrames(at: end) == Self.targets(right))
    #expect(left.displayedFrames(at: end) == Self.targets(left))
  }

  @Test("An item handed over stays at its full height when a reorder interrupts its slide")
  func handOverInterrupted() throws {
    var left = List(items: ["a", "b"], heights: [3, 3], frame: Self.rect(0, 0, 10, 20))
    var right = List(items: ["x", "y", "z"], heights: [1, 1, 1], frame: Self.rect(12, 0, 10, 20))
    left.handOver("b", to: &right, at: 1, time: 0)
    try right.reorder(to: ["z", "x", "b", "y"], at: Self.quarter)
    for step in 0...40 {
      let time = Double(step) * Self.duration / 20
      #expect(Self.frames(right, at: time)["b"]?.height == 3, "at \(time)")
    }
    #expect(right.displayedFrames(at: Self.quarter + Self.duration) == Self.targets(right))
  }

  @Test("An item handed over while it grows in carries on from where and how tall it is drawn")
  func handOverCarriesTheAnimation() {
    var left = List(items: ["a"], frame: Self.rect(0, 0, 10, 20))
    var right = List(items: ["x"], frame: Self.rect(12, 0, 10, 20))
    left.insert("n", height: 4, at: 0, time: 0)
    let drawn = Self.frames(left, at: Self.quarter)["n"]
    let neighbour = Self.frames(left, at: Self.quarter)["a"]
    #expect(Self.isBetween(drawn?.height ?? -1, 0, 4))
    #expect(left.handOver("n", to: &right, at: 1, time: Self.quarter))
    #expect(Self.frames(right, at: Self.quarter)["n"] == drawn)
    // Its old slot closes from where it was: the neighbour does not jump.
    #expect(Self.frames(left, at: Self.quarter)["a"] == neighbour)
    #expect(Self.isBetween(Self.frames(left, at: Self.quarter * 2)["a"]?.row ?? -1, 0, 2))
    let end = Self.quarter + Self.duration
    #expect(Self.frames(right, at: end)["n"] == Self.rect(12, 1, 10, 4))
    #expect(left.displayedFrames(at: end) == Self.targets(left))
  }

  @Test("Handing over an item the list lacks, or one the other list holds, changes nothing")
  func handOverRefuses() {
    var left = List(items: ["a", "b"], frame: Self.rect(0, 0, 10, 20))
    var right = List(items: ["b", "c"], frame: Self.rect(12, 0, 10, 20))
    #expect(!left.handOver("z", to: &right, at: 0, time: 0))
    #expect(!left.handOver("b", to: &right, at: 0, time: 0))
    #expect(left.items == ["a", "b"] && right.items == ["b", "c"])
    #expect(!left.isAnimating(at: 0) && !right.isAnimating(at: 0))
  }

  // MARK: - Scrolling

  @Test("Scrolling clamps to the content, and scrollToShow scrolls as little as possible")
  func scrolling() {
    var list = List(items: (0..<10).map { "i\($0)" }, frame: Self.rect(0, 2, 8, 4))
    #expect(list.contentHeight == 10)
    #expect(list.maximumScrollOffset == 6)
    list.scroll(by: 100)
    #expect(list.scrollOffset == 6)
    list.scroll(to: -3)
    #expect(list.scrollOffset == 0)
    list.scroll(by: .max)
    #expect(list.scrollOffset == 6)
    list.scroll(by: .min)
    #expect(list.scrollOffset == 0)
    #expect(list.scrollToShow("i7") == true)
    #expect(list.scrollOffset == 4)
    #expect(list.targetFrame(of: "i7") == Self.rect(0, 2 + 3, 8, 1))
    #expect(list.scrollToShow("i5") == true)
    #expect(list.scrollOffset == 4)
    #expect(list.scrollToShow("i1") == true)
    #expect(list.scrollOffset == 1)
    #expect(list.scrollToShow("zz") == false)
    #expect(list.geometry.scrollOffset == 1)
    #expect(list.geometry.frameOfItem(at: 0).minY == 1)
    #expect(list.displayedFrames(at: 0) == Self.targets(list))
  }

  @Test("scrollToShow shows the top of an item taller than the frame")
  func scrollToShowTallItem() {
    var list = List(items: ["a", "tall", "b"], heights: [3, 10, 3], frame: Self.rect(0, 0, 8, 4))
    list.scrollToShow("tall")
    #expect(list.scrollOffset == 3)
    list.scrollToShow("b")
    #expect(list.scrollOffset == 12)
    list.scrollToShow("tall")
    #expect(list.scrollOffset == 3)
  }

  @Test("When the content shrinks the scroll offset is clamped at once and items slide")
  func removeClampsScroll() {
    var list = List(items: (0..<6).map { "i\($0)" }, frame: Self.rect(0, 0, 8, 4))
    list.scroll(to: 2)
    let before = list.displayedFrames(at: 0)
    list.remove("i5", time: 0)
    #expect(list.scrollOffset == 1)
    #expect(
      list.displayedFrames(at: 0)
        == before.map { shown in
          var shown = shown
          shown.isLeaving = shown.item == "i5"
          return shown
        })
    #expect(list.displayedFrames(at: Self.duration) == Self.targets(list))
    list.setFrame(Self.rect(0, 0, 8, 10))
    #expect(list.scrollOffset == 0)
    #expect(list.frame == Self.rect(0, 0, 8, 10))
    #expect(list.targetFrame(of: "i0") == Self.rect(0, 0, 8, 1))
  }

  // MARK: - Drawing

  static func background(_ columns: Int, _ rows: Int) -> CellBuffer {
    var buffer = CellBuffer(columns: columns, rows: rows)
    for row in 0..<rows {
      buffer.write(String(repeating: ".", count: columns), column: 0, row: row)
    }
    return buffer
  }

  /// Item `item` drawn `columns + extra` wide: its name in lower case on the first row, upper case
  /// below.
  static func card(_ item: String, _ columns: Int, _ rows: Int, extra: Int = 0) -> CellBuffer {
    var card = CellBuffer(columns: columns + extra, rows: rows)
    for row in 0..<rows {
      let letter = row == 0 ? item : item.uppercased()
      card.write(String(repeating: letter, count: columns + extra), column: 0, row: row)
    }
    return card
  }

  @Test("Drawing copies each item into place, clipped to the frame and to a shrinking item")
  func drawClips() {
    var list = List(items: ["a", "b"], heights: [2, 2], frame: Self.rect(1, 1, 6, 5))
    var screen = Self.background(10, 7)
    list.draw(into: &screen, at: 0) { item, columns, rows in
      #expect(columns == 6 && rows == 2)
      return Self.card(item, columns, rows, extra: 3)
    }
    #expect(
      screen.lines == [
        "..........", ".aaaaaa...", ".AAAAAA...", ".bbbbbb...", ".BBBBBB...", "..........",
        "..........",
      ])
    // Removing "b": a quarter in, it is one row tall and shows only its first row.
    list.remove("b", time: 0)
    screen = Self.background(10, 7)
    list.draw(into: &screen, at: Self.quarter) { Self.card($0, $1, $2) }
    #expect(
      screen.lines == [
        "..........", ".aaaaaa...", ".AAAAAA...", ".bbbbbb...", "..........", "..........",
        "..........",
      ])
    screen = Self.background(10, 7)
    list.draw(into: &screen, at: Self.duration) { Self.card($0, $1, $2) }
    #expect(screen.lines[3] == "..........")
  }

  @Test("Drawing a scrolled list clips items at the top and bottom of the frame")
  func drawScrolled() {
    var list = List(items: ["a", "b", "c"], heights: [2, 2, 2], frame: Self.rect(0, 1, 4, 3))
    list.scroll(to: 1)
    var screen = Self.background(4, 5)
    var asked: [String] = []
    list.draw(into: &screen, at: 0) { item, columns, rows in
      asked.append(item)
      return Self.card(item, columns, rows)
    }
    #expect(screen.lines == ["....", "AAAA", "bbbb", "BBBB", "...."])
    #expect(asked == ["a", "b"])
    // An item left out by `content` is not drawn.
    screen = Self.background(4, 5)
    list.draw(into: &screen, at: 0) { $0 == "b" ? nil : Self.card($0, $1, $2) }
    #expect(screen.lines == ["....", "AAAA", "....", "....", "...."])
  }

  @Test("An item sliding to a new place is drawn over its neighbours")
  func drawSlidingOnTop() {
    var left = List(items: ["p", "n"], heights: [2, 2], frame: Self.rect(0, 0, 4, 4))
    var right = List(items: ["x"], heights: [2], frame: Self.rect(4, 0, 4, 4))
    left.handOver("n", to: &right, at: 0, time: 0)
    // A quarter in, "n" (columns 2–5, rows 1–2) covers the left half of "x" (rows 1–2).
    #expect(Self.frames(right, at: Self.quarter)["n"] == Self.rect(2, 1, 4, 2))
    #expect(Self.frames(right, at: Self.quarter)["x"] == Self.rect(4, 1, 4, 2))
    var screen = Self.background(8, 4)
    right.draw(into: &screen, at: Self.quarter) { Self.card($0, $1, $2) }
    #expect(screen.lines == ["........", "....nnxx", "....NNXX", "........"])
  }

  // MARK: - Blit

  /// Whether every wide character has both halves and every continuation follows its lead.
  static func isWellFormed(_ buffer: CellBuffer) -> Bool {
    for row in 0..<buffer.rows {
      for column in 0..<buffer.columns {
        let cell = buffer[column, row]
        if cell.width == 2 && (column + 1 >= buffer.columns || buffer[column + 1, row].width != 0) {
          return false
        }
        if cell.width == 0 && (column == 0 || buffer[column - 1, row].width != 2) { return false }
      }
    }
    return true
  }

  @Test("A blit copies only the cells inside the clip and the destination")
  func blitClips() {
    var screen = Self.background(6, 3)
    var source = CellBuffer(columns: 4, rows: 2)
    source.write("abcd", column: 0, row: 0)
    source.write("efgh", column: 0, row: 1)
    screen.draw(source, column: 1, row: 1, clippedTo: Self.rect(2, 0, 2, 2))
    #expect(screen.lines == ["......", "..bc..", "......"])
    screen.draw(source, column: 4, row: -1, clippedTo: Self.rect(0, 0, 99, 99))
    #expect(screen.lines == ["....ef", "..bc..", "......"])
    screen.draw(source, column: 0, row: 0, clippedTo: Self.rect(0, 0, 0, 5))
    #expect(screen.lines == ["....ef", "..bc..", "......"])
  }

  @Test(
    "A blit never leaves half a wide character",
    arguments: [
      (0, Self.rect(0, 0, 3, 1), "日 .."),
      (0, Self.rect(1, 0, 9, 1), ". 本."),
      (-1, Self.rect(0, 0, 9, 1), " 本.."),
      (1, Self.rect(0, 0, 4, 1), ".日 ."),
      (2, Self.rect(0, 0, 9, 1), "..日 "),
    ])
  func blitWideCharacters(_ column: Int, _ clip: CellRect, _ expected: String) {
    var screen = Self.background(5, 1)
    var source = CellBuffer(columns: 4, rows: 1)
    source.write("日本", column: 0, row: 0)
    screen.draw(source, column: column, row: 0, clippedTo: clip)
    #expect(screen.lines == [expected])
    #expect(Self.isWellFormed(screen))
  }

  @Test("A blit over half of a wide character on screen blanks its other half")
  func blitRepairsTheDestination() {
    var screen = Self.background(5, 1)
    screen.write("日本", column: 0, row: 0)
    var source = CellBuffer(columns: 1, rows: 1)
    source.write("x", column: 0, row: 0)
    screen.draw(source, column: 1, row: 0, clippedTo: Self.rect(0, 0, 5, 1))
    #expect(screen.lines == [" x本."])
    #expect(Self.isWellFormed(screen))
  }

  @Test("Random blits keep wide characters whole and touch only the clip (2,000 blits)")
  func blitProperty() {
    var random = SeededRandom(seed: 0xB117_C0DE)
    let pieces = ["a", "日", "😀", "b", " ", "本"]
    for _ in 0..<2_000 {
      var screen = CellBuffer(columns: random.integer(in: 0...8), rows: random.integer(in: 0...3))
      for row in 0..<screen.rows {
        var text = ""
        for _ in 0..<8 { text += random.pick(pieces) }
        screen.write(text, column: random.integer(in: -1...1), row: row)
      }
      var source = CellBuffer(columns: random.integer(in: 0...8), rows: random.integer(in: 0...3))
      for row in 0..<source.rows {
        var text = ""
        for _ in 0..<8 { text += random.pick(pieces) }
        source.write(text.uppercased(), column: random.integer(in: -1...1), row: row)
      }
      let column = random.integer(in: -4...8)
      let row = random.integer(in: -2...3)
      let clip = Self.rect(
        random.integer(in: -2...8), random.integer(in: -2...3), random.integer(in: 0...9),
        random.integer(in: 0...4))
      let before = screen
      screen.draw(source, column: column, row: row, clippedTo: clip)
      #expect(Self.isWellFormed(screen))
      for y in 0..<screen.rows {
        for x in 0..<screen.columns {
          let inside =
            clip.contains(column: x, row: y)
            && source.contains(column: x - column, row: y - row)
          if !inside {
            // Outside the copy only the other half of a wide character it broke may change.
            let broken = [x - 1, x + 1].contains { clip.contains(column: $0, row: y) }
            #expect(screen[x, y] == before[x, y] || (broken && screen[x, y].text == " "))
          } else {
            let copied = source[x - column, y - row]
            #expect(screen[x, y] == copied || screen[x, y].text == " ")
          }
        }
      }
    }
  }

  // MARK: - Property

  /// Two side-by-side lists and the plain arrays they should hold.
  struct Scenario {
    var lists: [List]
    var models: [[String]]
    var heights: [[Int]]
    var time: Double
    var next = 0
    var violations = Violations()
    var log: [String] = []
    /// How often interesting things happened, to show that the property is not vacuous.
    var counts: [String: Int] = [:]
    let motion: MotionPreference

    init(random: inout SeededRandom) {
      motion = random.chance(0.15) ? .reduced : .full
      let spacing = random.integer(in: 0...2)
      lists = []
      models = [[], []]
      heights = [[], []]
      time = random.pick([0, 3.5, 1_000])
      for side in 0..<2 {
        for _ in 0..<random.integer(in: 0...5) {
          models[side].append("n\(next)")
          heights[side].append(random.integer(in: 0...4))
          next += 1
        }
        let frame = ListContainerTests.rect(
          side == 0 ? 0 : 12, random.integer(in: 0...3), side == 0 ? 10 : 14,
          random.integer(in: 0...12))
        lists.append(
          List(
            items: models[side], heights: heights[side], frame: frame, spacing: spacing,
            motion: motion))
      }
    }

    var known: [String] { (0..<next).map { "n\($0)" } }

    mutating func fresh() -> String {
      next += 1
      return "n\(next - 1)"
    }

    /// Every drawn item of both lists with its frame, as a multiset.
    func shown(at time: Double) -> [String: Int] {
      var result: [String: Int] = [:]
      for list in lists {
        for shown in list.displayedFrames(at: time) {
          result["\(shown.item) \(shown.frame)", default: 0] += 1
        }
      }
      return result
    }

    /// Applies one random operation to a random list and to the model.
    mutating func step(_ random: inout SeededRandom) {
      time += random.pick([0, 0, 0.005, 0.02, 0.05, 0.1, 0.3])
      let side = random.integer(in: 0...1)
      let other = 1 - side
      let count = models[side].count
      let before = shown(at: time)
      if lists.contains(where: { $0.isAnimating(at: time) }) {
        counts["interruptions", default: 0] += 1
      }
      var isContinuous = motion == .full
      var grown: String?
      switch random.integer(in: 0...12) {
      case 0, 1, 2:
        let item = random.chance(0.2) && next > 0 ? random.pick(known) : fresh()
        let height = random.integer(in: -1...4)
        let index = random.integer(in: -1...(count + 1))
        let isAdd = random.chance(0.3)
        log.append("\(side): \(isAdd ? "add" : "insert \(index)") \(item) \(height) @\(time)")
        let done =
          isAdd
          ? lists[side].add(item, height: height, at: time)
          : lists[side].insert(item, height: height, at: index, time: time)
        let expected = !models[side].contains(item)
        violations.check(done == expected, "insert \(item) returned \(done)")
        if expected {
          let at = isAdd ? count : Swift.min(Swift.max(0, index), count)
          models[side].insert(item, at: at)
          heights[side].insert(Swift.max(0, height), at: at)
          grown = item
        }
      case 3, 4:
        let index = random.integer(in: -1...count)
        log.append("\(side): remove at \(index) @\(time)")
        let removed = lists[side].remove(at: index, time: time)
        let expected = models[side].indices.contains(index) ? models[side][index] : nil
        violations.check(removed == expected, "remove(at: \(index)) gave \(removed ?? "nil")")
        if expected != nil {
          models[side].remove(at: index)
          heights[side].remove(at: index)
        }
      case 5:
        let item = random.chance(0.7) && count > 0 ? random.pick(models[side]) : "nobody"
        log.append("\(side): remove \(item) @\(time)")
        let removed = lists[side].remove(item, time: time)
        let index = models[side].firstIndex(of: item)
        violations.check(removed == (index != nil), "remove(\(item)) gave \(removed)")
        if let index {
          models[side].remove(at: index)
          heights[side].remove(at: index)
        }
      case 6:
        let from = random.integer(in: -1...count)
        let to = random.integer(in: -2...(count + 1))
        log.append("\(side): move \(from) to \(to) @\(time)")
        let moved = lists[side].move(from: from, to: to, time: time)
        violations.check(moved == models[side].indices.contains(from), "move gave \(moved)")
        if models[side].indices.contains(from) {
          let item = models[side].remove(at: from)
          let height = heights[side].remove(at: from)
          let target = Swift.min(Swift.max(0, to), models[side].count)
          models[side].insert(item, at: target)
          heights[side].insert(height, at: target)
        }
      case 7:
        var order = models[side]
        let isValid = random.chance(0.6)
        if isValid {
          order.shuffle(using: &random)
        } else {
          switch random.integer(in: 0...2) {
          case 0 where !order.isEmpty: order.removeLast()
          case 1 where order.count >= 2: order[order.count - 1] = order[0]
          default: order.append("stranger")
          }
        }
        log.append("\(side): reorder \(order) @\(time)")
        do {
          try lists[side].reorder(to: order, at: time)
          violations.check(isValid, "reorder to \(order) did not throw")
          let height = Dictionary(uniqueKeysWithValues: zip(models[side], heights[side]))
          models[side] = order
          heights[side] = order.map { height[$0] ?? -1 }
        } catch {
          violations.check(!isValid, "reorder to \(order) threw \(error)")
        }
      case 8, 9:
        let roll = random.integer(in: 0...9)
        let item =
          roll < 7 && count > 0
          ? random.pick(models[side])
          : (roll < 9 && !models[other].isEmpty ? random.pick(models[other]) : "nobody")
        let index = random.integer(in: -1...(models[other].count + 1))
        log.append("\(side): hand \(item) over at \(index) @\(time)")
        var target = lists[other]
        let handed = lists[side].handOver(item, to: &target, at: index, time: time)
        lists[other] = target
        let expected = models[side].contains(item) && !models[other].contains(item)
        violations.check(handed == expected, "handOver \(item) gave \(handed)")
        if handed { counts["handovers", default: 0] += 1 }
        if expected, let from = models[side].firstIndex(of: item) {
          models[side].remove(at: from)
          let height = heights[side].remove(at: from)
          let at = Swift.min(Swift.max(0, index), models[other].count)
          models[other].insert(item, at: at)
          heights[other].insert(height, at: at)
        }
      case 10:
        let item = random.chance(0.8) && count > 0 ? random.pick(models[side]) : "nobody"
        let height = random.integer(in: -1...6)
        log.append("\(side): height of \(item) to \(height) @\(time)")
        let done = lists[side].setHeight(height, for: item, at: time)
        violations.check(done == models[side].contains(item), "setHeight gave \(done)")
        if let index = models[side].firstIndex(of: item) {
          heights[side][index] = Swift.max(0, height)
        }
      default:
        isContinuous = false
        scrollOrResize(side, &random)
      }
      check(at: time)
      check(at: time + random.pick([0.001, 0.03, 0.07, 0.12]))
      if isContinuous {
        checkContinuity(before: before, grown: grown, in: side)
        counts["continuity checks", default: 0] += 1
      }
      if motion == .reduced {
        // Reduced motion lands at once: at rest at the very time of the operation.
        checkAtRest()
      } else if random.chance(0.1) {
        time += 1
        checkAtRest()
      }
    }

    mutating func scrollOrResize(_ side: Int, _ random: inout SeededRandom) {
      switch random.integer(in: 0...3) {
      case 0:
        let rows = random.integer(in: -8...8)
        log.append("\(side): scroll by \(rows)")
        lists[side].scroll(by: rows)
      case 1:
        let offset = random.integer(in: -2...30)
        log.append("\(side): scroll to \(offset)")
        lists[side].scroll(to: offset)
      case 2:
        guard !models[side].isEmpty else { return }
        let item = random.pick(models[side])
        log.append("\(side): scroll to show \(item)")
        lists[side].scrollToShow(item)
        let list = lists[side]
        if let target = list.targetFrame(of: item), target.height <= list.frame.height {
          violations.check(
            target.row >= list.frame.row
              && target.row + target.height <= list.frame.row + list.frame.height,
            "\(item) at \(target) is not shown in \(list.frame)")
        }
      default:
        var frame = lists[side].frame
        frame.row = random.integer(in: 0...3)
        frame.height = random.integer(in: 0...12)
        log.append("\(side): frame \(frame)")
        lists[side].setFrame(frame)
        violations.check(lists[side].frame == frame, "setFrame did not take")
      }
    }

    /// The items match the model; the geometry and target frames are the final layout; what is
    /// drawn is sane.
    mutating func check(at time: Double) {
      for side in 0..<2 {
        let list = lists[side]
        violations.check(list.items == models[side], "items \(list.items) ≠ \(models[side])")
        violations.check(
          list.heights == heights[side], "heights \(list.heights) ≠ \(heights[side])")
        let content =
          heights[side].reduce(0, +) + list.spacing * Swift.max(0, heights[side].count - 1)
        violations.check(list.contentHeight == content, "content height \(list.contentHeight)")
        violations.check(
          (0...Swift.max(0, content - list.frame.height)).contains(list.scrollOffset),
          "scroll offset \(list.scrollOffset) for content \(content) in \(list.frame)")
        let geometry = list.geometry
        violations.check(geometry.items == models[side], "geometry items \(geometry.items)")
        violations.check(
          geometry.scrollOffset == Double(list.scrollOffset), "geometry scrolled elsewhere")
        var row = list.frame.row - list.scrollOffset
        for (index, item) in models[side].enumerated() where index < geometry.count {
          let expected = ListContainerTests.rect(
            list.frame.column, row, list.frame.width, heights[side][index])
          violations.check(
            geometry.frameOfItem(at: index) == expected.rect,
            "geometry frame of \(item) is \(geometry.frameOfItem(at: index)), not \(expected)")
          violations.check(list.targetFrame(of: item) == expected, "target frame of \(item)")
          row += heights[side][index] + list.spacing
        }
        let shown = list.displayedFrames(at: time)
        for item in models[side] {
          let count = shown.count { $0.item == item && !$0.isLeaving }
          violations.check(count == 1, "\(item) is shown \(count) times at \(time)")
        }
        for entry in shown {
          let frame = entry.frame
          violations.check(
            frame.height >= 0 && frame.height <= 12 && frame.width >= 0 && frame.width <= 24
              && (-60...60).contains(frame.row) && (-20...40).contains(frame.column),
            "\(entry.item) is drawn at \(frame) at \(time)")
          violations.check(
            !entry.isLeaving || !models[side].contains(entry.item)
              || shown.contains { $0.item == entry.item && !$0.isLeaving },
            "\(entry.item) is leaving but still held")
        }
      }
    }

    /// Nothing jumps: what is drawn right after an operation is what was drawn right before it,
    /// plus a new item with no rows.
    mutating func checkContinuity(before: [String: Int], grown: String?, in side: Int) {
      var after = shown(at: time)
      if let grown {
        let new = lists[side].displayedFrames(at: time).filter {
          $0.item == grown && !$0.isLeaving
        }
        violations.check(new.count == 1 && new[0].frame.height == 0, "\(grown) appears as \(new)")
        for shown in new {
          let key = "\(shown.item) \(shown.frame)"
          after[key, default: 0] -= 1
          if after[key] == 0 { after[key] = nil }
        }
      }
      violations.check(after == before, "jump at \(time): before \(before), after \(after)")
    }

    /// Once every animation is over, each list shows exactly its final layout.
    mutating func checkAtRest() {
      counts["rest checks", default: 0] += 1
      for list in lists {
        violations.check(!list.isAnimating(at: time), "still animating at \(time)")
        let shown = list.displayedFrames(at: time)
        violations.check(!shown.contains { $0.isLeaving }, "a leaving item remains at \(time)")
        violations.check(
          shown == ListContainerTests.targets(list),
          "at rest \(shown.map { "\($0.item) \($0.frame)" }) ≠ the final layout")
      }
    }
  }

  @Test(
    "Random operations with interruptions and handovers match a plain array model (1,000 runs)")
  func randomOperations() async {
    let tally = Mutex([String: Int]())
    await seededPropertyCheck(
      count: 1_000, seed: "TGlzdENvbnRhaW5lciBzbGlkZXMsIGdyb3dzLCBnbyE=", input: Gen.uint64()
    ) { seed in
      var random = SeededRandom(seed: seed)
      var scenario = Scenario(random: &random)
      for _ in 0..<random.integer(in: 1...40) { scenario.step(&random) }
      scenario.time += 1
      scenario.checkAtRest()
      tally.withLock { $0.merge(scenario.counts, uniquingKeysWith: +) }
      #expect(
        scenario.violations.isEmpty,
        "\(scenario.violations)\n\(scenario.log.suffix(12).joined(separator: "\n"))")
    }
    let counts = tally.withLock { $0 }
    // Fewer when a failing case stopped the property early.
    #expect(counts["handovers", default: 0] > 1_500, "\(counts)")
    #expect(counts["interruptions", default: 0] > 5_000, "\(counts)")
    #expect(counts["continuity checks", default: 0] > 10_000, "\(counts)")
    #expect(counts["rest checks", default: 0] > 2_000, "\(counts)")
  }
}

@Suite struct DirectDrawingTests {
  static let titles = ["apples", "日本語のテキスト", "café 🚀 launch", "x", "한국어 카드 제목", "Zürich"]

  static func card(_ item: String, columns: Int, rows: Int) -> [String] {
    TextWrapping.lines(item, width: Swift.max(1, columns - 1)).prefix(rows).map { $0 }
  }

  @Test("Drawing straight into the screen with a clip gives the same screen as item buffers")
  func sameAsBuffers() {
    var random = SeededRandom(seed: 0xC11B)
    var cases = 0
    for _ in 0..<400 {
      let width = random.integer(in: 3...14)
      let frame = CellRect(
        column: random.integer(in: -3...6), row: random.integer(in: -2...4), width: width,
        height: random.integer(in: 1...9))
      var list = ListContainer<String>(
        items: Self.titles, heights: Self.titles.map { _ in random.integer(in: 1...3) },
        frame: frame)
      list.scroll(by: random.integer(in: 0...4))
      let time = Double(random.integer(in: 0...20)) / 100
      if random.chance(0.5) { _ = list.move(from: random.integer(in: 0...5), to: 0, time: 0) }
      if random.chance(0.5) { _ = list.remove(at: random.integer(in: 0...4), time: 0) }
      if random.chance(0.5) { _ = list.insert("新しい項目", height: 2, at: 1, time: 0) }
      var background = CellBuffer(columns: 20, rows: 12)
      for row in 0..<12 { background.write("·日·x·本·y·語·z·", column: row % 2, row: row) }
      var viaBuffers = background
      var direct = background
      list.draw(into: &viaBuffers, at: time) { item, columns, rows in
        var cell = CellBuffer(columns: columns, rows: rows)
        for (index, line) in Self.card(item, columns: columns, rows: rows).enumerated() {
          cell.write(line, column: 1, row: index, style: CellStyle(isBold: index == 0))
        }
        return cell
      }
      list.draw(into: &direct, at: time) { item, rect, buffer in
        buffer.fill(
          column: rect.column, row: rect.row, width: rect.width, height: rect.height,
          style: .plain)
        for (index, line) in Self.card(item, columns: rect.width, rows: rect.height).enumerated() {
          buffer.write(
            line, column: rect.column + 1, row: rect.row + index,
            style: CellStyle(isBold: index == 0), limit: rect.width - 1)
        }
      }
      #expect(direct.lines == viaBuffers.lines)
      if direct.lines == viaBuffers.lines {
        let styles = { (buffer: CellBuffer) in
          (0..<12).flatMap { row in (0..<20).map { buffer[$0, row].style } }
        }
        let a = styles(direct)
        let b = styles(viaBuffers)
        let first = a.indices.first { a[$0] != b[$0] }
        #expect(first == nil, "styles differ at cell \(first ?? -1) of frame \(frame)")
      }
      #expect(direct.clip == CellRect(column: 0, row: 0, width: 20, height: 12))
      // No half glyph: every wide character is followed by its continuation, and back.
      for row in 0..<12 {
        for column in 0..<20 {
          if direct[column, row].width == 2 { #expect(direct[column + 1, row].width == 0) }
          if direct[column, row].width == 0 { #expect(direct[column - 1, row].width == 2) }
        }
      }
      cases += 1
    }
    #expect(cases == 400)
  }

  @Test("Outside the clip nothing changes; a wide character cut by either edge becomes a blank")
  func clipEdges() {
    var buffer = CellBuffer(columns: 10, rows: 2)
    buffer.withClip(CellRect(column: 2, row: 0, width: 4, height: 1)) { clipped in
      clipped.write("日本語テキ", column: 1, row: 0)
      clipped.write("outside", column: 0, row: 1)
      clipped.restyle(column: 0, row: 0, width: 10, height: 2) { $0.isBold = true }
    }
    // The clip is columns 2–5: 日 at 1–2 is cut by its left edge, 語 at 5–6 by its right edge.
    #expect(buffer.lines == ["   本     ", "          "])
    #expect(buffer[2, 0] == Cell(text: " ", style: CellStyle(isBold: true), width: 1))
    #expect(buffer[5, 0] == Cell(text: " ", style: CellStyle(isBold: true), width: 1))
    #expect(!buffer[1, 0].style.isBold && buffer[2, 0].style.isBold && !buffer[6, 0].style.isBold)
    #expect(buffer.clip == CellRect(column: 0, row: 0, width: 10, height: 2))
  }
}
