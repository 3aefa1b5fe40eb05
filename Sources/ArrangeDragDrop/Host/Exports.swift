// Points, sizes and rectangles are part of the engine's interface: one `import ArrangeDragDrop`
// brings them.
@_exported public import ArrangeGeometry
