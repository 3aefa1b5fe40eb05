import ArrangeGeometry

/// Flags of a child in the scratch space while its group is sized.
let flagHidden: UInt8 = 0
let flagFixed: UInt8 = 1
let flagPercent: UInt8 = 2
let flagFill: UInt8 = 3
let flagFrozen: UInt8 = 4
let flagMeasured: UInt8 = 5

/// One child of a group or flow being sized, in the scratch space.
struct ScratchSlot: Sendable {
  var node: Int32 = -1
  var flag: UInt8 = 0
  /// The main size.
  var size = 0.0
  /// The cross size (NaN while it must be measured).
  var cross = 0.0
  /// A percentage or fill weight.
  var weight = 0.0
  /// The clamps of the main size.
  var low = 0.0
  var high = 0.0
  /// What measuring returned, when it can be reused.
  var measured = Size.zero
}

/// The scratch space, opened for a hot loop (see ``GroupSolver/withScratch(_:)``).
typealias ScratchBuffers = UnsafeMutableBufferPointer<ScratchSlot>

extension GroupSolver {
  /// Calls `body` with pointers to the scratch arrays.
  ///
  /// Hot loops write them without a uniqueness and bounds check per element. `body` must not
  /// touch the tree.
  mutating func withScratch<R>(_ body: (ScratchBuffers) -> R) -> R {
    scratch.withUnsafeMutableBufferPointer { body($0) }
  }
}
