import ArrangeDragDrop
import ArrangeTerminal
import ArrangeTerminalDrag
import Testing

@Suite struct StatusLineDragTests {
  @Test(
    "The status line shows the last announcement or failure of a drag input, else keeps its message"
  )
  func showsEffects() {
    var status = StatusLine(message: "Ready")
    status.show([DragEffect<String>.presentationChanged]) { $0 }
    #expect(status.message == "Ready")
    status.show(
      [
        .announce(.pickedUp("b", position: 2, of: 3, in: "Left")),
        .announce(.pickedUp("c", position: 3, of: 3, in: "Left")),
      ]) { $0.uppercased() }
    #expect(status.message == "Picked up C, position 3 of 3 in Left")
    status.show([DragEffect<String>.event(.applicationFailed(message: "Disk full"))]) { $0 }
    #expect(status.message == "Disk full")
  }
}
