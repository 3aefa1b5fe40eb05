public import ArrangeDragDrop

/// Which drag-engine container stands for which column of a board.
///
/// Front ends give the engine one container per column; operations name containers, and the
/// document needs columns. The map is explicit (containers are numbered from 1, so that a
/// container's number is never mistaken for a column's index).
public struct BoardContainers: Hashable, Sendable {
  /// The container of each column, in column order.
  public private(set) var ids: [ContainerID]

  /// The containers of a board with `columnCount` columns.
  public init(columnCount: Int) {
    ids = (0..<Swift.max(0, columnCount)).map { ContainerID($0 + 1) }
  }

  /// The container of column `index`, or `nil` when there is no such column.
  public func container(ofColumn index: Int) -> ContainerID? {
    ids.indices.contains(index) ? ids[index] : nil
  }

  /// The column that `container` stands for, or `nil` when it stands for none.
  public func column(of container: ContainerID) -> Int? {
    ids.firstIndex(of: container)
  }
}
