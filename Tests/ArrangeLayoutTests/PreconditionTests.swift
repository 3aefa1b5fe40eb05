import ArrangeGeometry
import ArrangeLayout
import Testing

/// Programmer errors are documented preconditions; these exit tests check that each one stops
/// the process instead of corrupting the arena.
@Suite struct PreconditionTests {
  @Test("A node cannot be attached under a leaf")
  func attachUnderLeaf() async {
    await #expect(processExitsWith: .failure) {
      var tree = LayoutTree()
      let root = tree.addGroup(.horizontal())
      let leaf = tree.addLeaf(to: root)
      tree.addLeaf(to: leaf)
    }
  }

  @Test("Attaching a node under its own descendant is refused")
  func cycle() async {
    await #expect(processExitsWith: .failure) {
      var tree = LayoutTree()
      let root = tree.addGroup(.horizontal())
      let detached = tree.addGroup(.vertical())
      let inner = tree.addGroup(.vertical(), to: detached)
      _ = root
      tree.attach(detached, to: inner)
    }
  }

  @Test("An identifier from another tree is refused")
  func foreignNode() async {
    await #expect(processExitsWith: .failure) {
      let tree = LayoutTree()
      _ = tree.frame(of: NodeID(3))
    }
  }

  @Test("A child index past the end is refused")
  func childIndexPastEnd() async {
    await #expect(processExitsWith: .failure) {
      var tree = LayoutTree()
      let root = tree.addGroup(.horizontal())
      let leaf = tree.addLeaf()
      tree.attach(leaf, to: root, at: 2)
    }
  }

  @Test("Flow edits check their indices")
  func flowIndices() async {
    await #expect(processExitsWith: .failure) {
      var flow = FlowLayout(containerSize: Size(width: 10, height: 10))
      flow.insert(Size(width: 1, height: 1), at: 1)
    }
    await #expect(processExitsWith: .failure) {
      var flow = FlowLayout(containerSize: Size(width: 10, height: 10))
      flow.remove(at: 0)
    }
  }
}
