// The README's quick start for ArrangeDragDrop; CI builds it so it never rots.
import ArrangeDragDrop
import ArrangeGeometry

let names = ["To Do", "In Progress", "Done"]
var model = DragModel<String>([
  (ContainerID(0), ["Write report", "Email Ann", "Book flights"]),
  (ContainerID(1), ["Fix login bug"]), (ContainerID(2), []),
])
// Columns 100 points wide and 10 apart; cards 20 points tall with 4 between them.
func geometry(_ column: Int, of model: DragModel<String>) -> ListGeometry<String> {
  ListGeometry(
    items: model.items(in: ContainerID(column)),
    frame: Rect(x: Double(column) * 110, y: 0, width: 100, height: 300), itemLength: 20, spacing: 4)
}
var engine = DragEngine(
  containers: names.indices.map {
    ArenaContainer(id: ContainerID($0), name: names[$0], geometry: geometry($0, of: model))
  })
// Press "Write report", drag it below "Fix login bug" in In Progress, release.
var announcements: [String] = []
for (phase, x, y) in [(PointerPhase.down, 50.0, 10.0), (.move, 160, 30), (.up, 160, 30)] {
  for effect in engine.handle(.pointer(PointerEvent(phase, at: Point(x: x, y: y), time: 0))) {
    switch effect {
    case .apply(let operation):
      try model.apply(operation)  // then tell the engine where the cards are now
      for column in names.indices {
        engine.handle(.setGeometry(ContainerID(column), geometry(column, of: model)))
      }
    case .announce(let announcement): announcements.append(announcement.text { $0 })
    default: break
    }
  }
}
for (column, name) in names.enumerated() {
  print("\(name): \(model.items(in: ContainerID(column)))")
}
for announcement in announcements { print("•", announcement) }
