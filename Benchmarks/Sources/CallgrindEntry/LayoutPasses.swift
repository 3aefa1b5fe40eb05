// The functions callgrind toggles on. They live in their own module, named so that it shares no
// word with the function names: Swift's mangling replaces a word already seen in the symbol
// (such as "arrange" from a module named `arrange_benchmarks`) by a back-reference, and the glob
// `*arrangeBenchmarkLayoutPass*` would then match nothing. Here the symbols are
// `$s14CallgrindEntry26arrangeBenchmarkLayoutPass_2in...` and
// `$s14CallgrindEntry28arrangeBenchmarkRelayoutPass_2in...`.

public import ArrangeGeometry
public import ArrangeLayout

/// Performs exactly one layout of `tree` in `size`: the function that callgrind measures.
///
/// Its name is stable, so that
/// `valgrind --tool=callgrind --toggle-collect='*arrangeBenchmarkLayoutPass*'` counts only the
/// layout pass (callees included). `arrange-benchmarks callgrind` builds the huge tree and calls
/// it once on the fresh tree.
@inline(never)
public func arrangeBenchmarkLayoutPass(_ tree: inout LayoutTree, in size: Size) {
  tree.layout(in: size)
}

/// Performs exactly one re-layout of an already laid out `tree` in `size`.
///
/// Named so that it does not match `*arrangeBenchmarkLayoutPass*`; use
/// `--toggle-collect='*arrangeBenchmarkRelayoutPass*'` with `arrange-benchmarks callgrind
/// relayout`.
@inline(never)
public func arrangeBenchmarkRelayoutPass(_ tree: inout LayoutTree, in size: Size) {
  tree.layout(in: size)
}

/// Runs `work` once: the function callgrind measures for the other counted figures (building
/// and laying out the huge tree, the deep chains, a one-leaf change).
///
/// Use `--toggle-collect='*arrangeBenchmarkMeasuredWork*'` with `arrange-benchmarks callgrind
/// <figure>`.
@inline(never)
public func arrangeBenchmarkMeasuredWork(_ work: () -> Void) {
  work()
}
