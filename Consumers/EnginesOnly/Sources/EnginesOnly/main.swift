// Lays out two columns with ArrangeLayout, then drags a card between them with ArrangeDragDrop,
// using the frames the layout gave. `.ci/run` compares what this prints with expected-output.txt.
import ArrangeDragDrop
import ArrangeGeometry
import ArrangeLayout

// Two columns side by side in a 210 × 300 board, 10 apart, sharing the width equally.
var board = LayoutTree(.horizontal(spacing: 10, [.leaf("To Do"), .leaf("Done")]))
board.layout(in: Size(width: 210, height: 300))
let columns = board.preorder.compactMap { node in
  board.name(of: node).map { (name: $0, frame: board.frame(of: node)) }
}
for column in columns { print(column.name, column.frame) }

// The columns become drop containers with cards 20 tall; the host applies each drop.
let cards = ["To Do": ["Write report", "Email Ann"], "Done": ["Fix bug"]]
var host = DragHost(
  lists: columns.map { (name: $0.name, items: cards[$0.name] ?? [], frame: $0.frame) },
  itemLength: 20)

// Press "Write report" in the first column, move below "Fix bug" in the second, release.
let done = columns[1].frame
let path = [
  (PointerPhase.down, Point(x: 50, y: 10)),
  (.move, Point(x: done.midX, y: 30)),
  (.up, Point(x: done.midX, y: 30)),
]
for (phase, point) in path {
  for case .announce(let said) in host.handle(.pointer(PointerEvent(phase, at: point, time: 0))) {
    print(said.text { $0 })
  }
}
for (index, column) in columns.enumerated() {
  print("\(column.name): \(host.model.items(in: ContainerID(index)))")
}
