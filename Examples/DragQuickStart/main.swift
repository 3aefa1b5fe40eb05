// The README's quick start for ArrangeDragDrop; CI builds it so it never rots.
import ArrangeDragDrop
import ArrangeGeometry

let names = ["To Do", "In Progress", "Done"]
var model = DragModel<String>([
  (ContainerID(0), ["Write report", "Email Ann"]), (ContainerID(1), ["Fix bug"]),
  (ContainerID(2), []),
])
// Columns 100 points wide and 10 apart, cards 20 points tall.
func column(_ index: Int, of model: DragModel<String>) -> ListGeometry<String> {
  ListGeometry(
    items: model.items(in: ContainerID(index)),
    frame: Rect(x: Double(index) * 110, y: 0, width: 100, height: 300), itemLength: 20)
}
var engine = DragEngine(
  containers: names.indices.map {
    ArenaContainer(id: ContainerID($0), name: names[$0], geometry: column($0, of: model))
  })
// Press "Write report", drag it below "Fix bug", release.
for (phase, x, y) in [(PointerPhase.down, 50.0, 10.0), (.move, 160, 30), (.up, 160, 30)] {
  for effect in engine.handle(.pointer(PointerEvent(phase, at: Point(x: x, y: y), time: 0))) {
    switch effect {
    case .apply(let operation): try model.apply(operation)
    case .announce(let announcement): print(announcement.text { $0 })
    default: break
    }
  }
}
// After a change, tell the engine where the cards are now.
for index in names.indices {
  engine.handle(.setGeometry(ContainerID(index), column(index, of: model)))
}
for (index, name) in names.enumerated() { print("\(name): \(model.items(in: ContainerID(index)))") }
