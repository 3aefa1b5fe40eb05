import ArrangeDragDrop

// Two lists 100 points wide with cards 20 points tall; the host applies each drop to its model.
let column = { (x: Double) in Rect(x: x, y: 0, width: 100, height: 300) }
var host = DragHost(
  lists: [
    (name: "To Do", items: ["Write report", "Email Ann"], frame: column(0)),
    (name: "Done", items: ["Fix bug"], frame: column(110)),
  ], itemLength: 20)
// Press "Write report", drag it below "Fix bug", release.
for (phase, x, y) in [(PointerPhase.down, 50.0, 10.0), (.move, 160, 30), (.up, 160, 30)] {
  let event = PointerEvent(phase, at: Point(x: x, y: y), time: 0)
  for case .announce(let said) in host.handle(.pointer(event)) { print(said.text { $0 }) }
}
print("To Do: \(host.model.items(in: 0)), Done: \(host.model.items(in: 1))")
