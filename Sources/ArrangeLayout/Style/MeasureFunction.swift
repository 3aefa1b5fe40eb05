public import ArrangeGeometry

/// A function that measures a leaf: given a proposal, the size the leaf wants.
///
/// Wrapping text is the typical case: its height depends on the width it is offered. Measured
/// sizes are rounded up to the tree's grid so that a label never loses a column.
public typealias MeasureFunction = @Sendable (SizeProposal) -> Size
