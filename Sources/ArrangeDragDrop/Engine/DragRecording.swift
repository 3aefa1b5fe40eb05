/// A recorded stream of engine inputs, which replays to exactly the same effects.
///
/// ```swift
/// var recording = DragRecording<ListGeometry<String>>()
/// recording.append(.pointer(PointerEvent(.down, at: Point(x: 5, y: 5), time: 0)))
/// let outputs = recording.replay(on: DragEngine(containers: containers))
/// ```
public struct DragRecording<Geometry: ContainerGeometry>: Sendable {
  /// The inputs, in order.
  public var inputs: [DragInput<Geometry>]

  /// An empty recording, or one with `inputs`.
  @inlinable
  public init(_ inputs: [DragInput<Geometry>] = []) { self.inputs = inputs }

  /// Adds an input at the end.
  @inlinable
  public mutating func append(_ input: DragInput<Geometry>) { inputs.append(input) }

  /// Feeds every input to a copy of `engine` and returns each input's effects.
  ///
  /// - Complexity: The cost of handling every input.
  @inlinable
  public func replay(on engine: DragEngine<Geometry>) -> [[DragEffect<Geometry.Item>]] {
    var engine = engine
    return inputs.map { engine.handle($0) }
  }
}

extension DragEngine {
  /// Handles `input` and appends it to `recording`.
  @discardableResult
  @inlinable
  public mutating func handle(
    _ input: DragInput<Geometry>, recordingInto recording: inout DragRecording<Geometry>
  ) -> [DragEffect<Item>] {
    recording.append(input)
    return handle(input)
  }
}
