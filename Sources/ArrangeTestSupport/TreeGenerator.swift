import ArrangeGeometry
public import ArrangeLayout

/// What random trees may contain; every property test picks the options its property needs.
public struct TreeOptions: Sendable {
  /// The deepest nesting below the root.
  public var maxDepth: Int = 3
  /// The most children of a group or flow.
  public var maxChildren: Int = 5
  /// Whether groups and the root may be flows.
  public var allowsFlows: Bool = true
  /// Whether children may carry min/max clamps.
  public var allowsClamps: Bool = true
  /// The chance that a clamped child has a minimum larger than its maximum.
  public var conflictingClampRate: Double = 0.1
  /// Whether groups may use margin mode (``GroupStyle/margin``).
  public var allowsMargins: Bool = false
  /// Whether groups and flows may set their own layout direction.
  public var allowsDirections: Bool = false
  /// The chance that a child is hidden.
  public var hiddenRate: Double = 0.1
  /// Whether children may be sized in percent.
  public var allowsPercent: Bool = true
  /// Whether the percentages of one group may add up to more than 100.
  public var allowsPercentOverflow: Bool = true
  /// The chance that a number is replaced by an invalid one (negative, NaN or infinite).
  public var garbageRate: Double = 0
  /// The largest length used for points, spacing and measured sizes.
  public var maxLength: Double = 40

  /// Options with every feature except invalid numbers, margins and explicit directions.
  public init() {}
}

extension NodeSpec {
  /// A random tree: a group (or sometimes a flow) at the root and up to `options.maxDepth`
  /// levels of groups, flows and leaves below it.
  public static func randomTree(
    using rng: inout some RandomNumberGenerator, options: TreeOptions = TreeOptions()
  ) -> NodeSpec {
    var generator = TreeGenerator(options: options)
    return generator.node(depth: 0, parentIsFlow: false, using: &rng, forceContainer: true)
  }

  /// A random leaf (or small subtree when `options.maxDepth > 0`) to add to an existing tree.
  public static func randomSubtree(
    using rng: inout some RandomNumberGenerator, options: TreeOptions = TreeOptions()
  ) -> NodeSpec {
    var generator = TreeGenerator(options: options)
    return generator.node(depth: 0, parentIsFlow: false, using: &rng, forceContainer: false)
  }

  /// A random style for a child of a group or flow.
  public static func randomItemStyle(
    using rng: inout some RandomNumberGenerator, options: TreeOptions = TreeOptions()
  ) -> ItemStyle {
    let generator = TreeGenerator(options: options)
    return generator.itemStyle(using: &rng)
  }

  /// A random group style.
  public static func randomGroupStyle(
    using rng: inout some RandomNumberGenerator, options: TreeOptions = TreeOptions()
  ) -> GroupStyle {
    let generator = TreeGenerator(options: options)
    return generator.groupStyle(using: &rng)
  }

  /// A random flow style.
  public static func randomFlowStyle(
    using rng: inout some RandomNumberGenerator, options: TreeOptions = TreeOptions()
  ) -> FlowStyle {
    let generator = TreeGenerator(options: options)
    return generator.flowStyle(using: &rng)
  }

  /// A random measure function (or none).
  public static func randomMeasure(
    using rng: inout some RandomNumberGenerator, options: TreeOptions = TreeOptions()
  ) -> MeasureSpec? {
    let generator = TreeGenerator(options: options)
    return generator.measure(using: &rng)
  }
}

/// Builds random trees from ``TreeOptions``.
struct TreeGenerator {
  let options: TreeOptions

  init(options: TreeOptions) {
    self.options = options
  }

  func number(_ value: Double, using rng: inout some RandomNumberGenerator) -> Double {
    options.garbageRate > 0 && rng.chance(options.garbageRate) ? rng.garbage() : value
  }

  func length(upTo limit: Double, using rng: inout some RandomNumberGenerator) -> Double {
    number(rng.length(upTo: limit), using: &rng)
  }

  func smallLength(using rng: inout some RandomNumberGenerator) -> Double {
    rng.chance(0.4) ? number(0, using: &rng) : length(upTo: 4, using: &rng)
  }

  mutating func node(
    depth: Int, parentIsFlow: Bool, using rng: inout some RandomNumberGenerator,
    forceContainer: Bool
  ) -> NodeSpec {
    var style = itemStyle(using: &rng)
    if parentIsFlow, case .fill = style.size, rng.chance(0.5) { style.size = .fit }
    let isContainer = forceContainer || (depth < options.maxDepth && rng.chance(0.35))
    guard isContainer else {
      return NodeSpec(style: style, content: .leaf(measure(using: &rng)))
    }
    let isFlow = options.allowsFlows && rng.chance(forceContainer ? 0.15 : 0.25)
    let count = rng.integer(in: 0...options.maxChildren)
    var children: [NodeSpec] = []
    for _ in 0..<count {
      if isFlow && rng.chance(0.8) {
        var leafStyle = itemStyle(using: &rng)
        if case .fill = leafStyle.size { leafStyle.size = rng.chance(0.5) ? .fit : leafStyle.size }
        children.append(NodeSpec(style: leafStyle, content: .leaf(measure(using: &rng))))
      } else {
        children.append(
          node(depth: depth + 1, parentIsFlow: isFlow, using: &rng, forceContainer: false))
      }
    }
    if !options.allowsPercentOverflow && !isFlow { limitPercentages(&children) }
    let content: NodeSpec.Content =
      isFlow ? .flow(flowStyle(using: &rng)) : .group(groupStyle(using: &rng))
    return NodeSpec(style: style, content: content, children: children)
  }

  /// Scales the percentages of visible children down so that they add up to at most 100.
  func limitPercentages(_ children: inout [NodeSpec]) {
    var total = 0.0
    for child in children where !child.style.isHidden {
      if case .percent(let value) = child.style.size, value > 0, value.isFinite { total += value }
    }
    guard total > 100 else { return }
    for index in children.indices {
      if case .percent(let value) = children[index].style.size {
        children[index].style.size = .percent((value * 100 / total).rounded(.down))
      }
    }
  }

  func itemStyle(using rng: inout some RandomNumberGenerator) -> ItemStyle {
    var style = ItemStyle()
    let roll = Double.random(in: 0..<1, using: &rng)
    if roll < 0.3 {
      style.size = .points(length(upTo: options.maxLength, using: &rng))
    } else if roll < 0.5 && options.allowsPercent {
      style.size = .percent(number(rng.length(upTo: 70), using: &rng))
    } else if roll < 0.75 {
      let weight = rng.chance(0.5) ? 1 : rng.pick([0, 0.5, 1, 2, 3, 1.5])
      style.size = .fill(weight: number(weight, using: &rng))
    } else {
      style.size = .fit
    }
    let crossRoll = Double.random(in: 0..<1, using: &rng)
    if crossRoll < 0.5 {
      style.crossSize = .automatic
    } else if crossRoll < 0.65 {
      style.crossSize = .points(length(upTo: options.maxLength, using: &rng))
    } else if crossRoll < 0.75 {
      style.crossSize = .percent(number(rng.length(upTo: 100), using: &rng))
    } else if crossRoll < 0.9 {
      style.crossSize = .fit
    } else {
      style.crossSize = .stretch
    }
    if options.allowsClamps && rng.chance(0.3) {
      let low = rng.chance(0.5) ? 0 : length(upTo: options.maxLength / 2, using: &rng)
      var high = rng.chance(0.3) ? Double.infinity : low + rng.length(upTo: options.maxLength)
      if rng.chance(options.conflictingClampRate) { high = rng.length(upTo: low) }
      style.minSize = low
      style.maxSize = number(high, using: &rng)
    }
    if rng.chance(0.2) { style.alignment = rng.pick(CrossAlignment.allCases) }
    style.isHidden = rng.chance(options.hiddenRate)
    return style
  }

  func insets(using rng: inout some RandomNumberGenerator) -> EdgeInsets {
    guard rng.chance(0.5) else { return .zero }
    return EdgeInsets(
      top: smallLength(using: &rng), leading: smallLength(using: &rng),
      bottom: smallLength(using: &rng), trailing: smallLength(using: &rng))
  }

  func direction(using rng: inout some RandomNumberGenerator) -> LayoutDirection? {
    options.allowsDirections && rng.chance(0.25) ? rng.pick(LayoutDirection.allCases) : nil
  }

  func groupStyle(using rng: inout some RandomNumberGenerator) -> GroupStyle {
    GroupStyle(
      axis: rng.pick(Axis.allCases), spacing: smallLength(using: &rng),
      padding: insets(using: &rng), distribution: rng.pick(Distribution.allCases),
      alignment: rng.pick(CrossAlignment.allCases), direction: direction(using: &rng),
      margin: options.allowsMargins && rng.chance(0.15) ? smallLength(using: &rng) : nil)
  }

  func flowStyle(using rng: inout some RandomNumberGenerator) -> FlowStyle {
    FlowStyle(
      axis: rng.pick(Axis.allCases), itemSpacing: smallLength(using: &rng),
      lineSpacing: smallLength(using: &rng), padding: insets(using: &rng),
      lineAlignment: rng.pick(FlowLineAlignment.allCases),
      itemAlignment: rng.pick(FlowItemAlignment.allCases), direction: direction(using: &rng))
  }

  func measure(using rng: inout some RandomNumberGenerator) -> MeasureSpec? {
    let roll = Double.random(in: 0..<1, using: &rng)
    if roll < 0.6 {
      return .text(length: rng.integer(in: 0...30), lineHeight: rng.pick([1, 1, 2, 1.5]))
    }
    if roll < 0.85 {
      return .fixed(
        Size(
          width: length(upTo: options.maxLength / 2, using: &rng),
          height: length(upTo: options.maxLength / 2, using: &rng)))
    }
    return nil
  }
}
