#if !hasFeature(Embedded)
  // Codable lives apart so that the geometry types stay usable under Embedded Swift.
  // Keys are the property names: {"x": 1, "y": 2}, {"width": 3, "height": 4}.

  extension Point: Codable {
    private enum CodingKeys: String, CodingKey {
      case x
      case y
    }

    /// Decodes `{"x": …, "y": …}`.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        x: try container.decode(Double.self, forKey: .x),
        y: try container.decode(Double.self, forKey: .y))
    }

    /// Encodes `{"x": …, "y": …}`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(x, forKey: .x)
      try container.encode(y, forKey: .y)
    }
  }

  extension Size: Codable {
    private enum CodingKeys: String, CodingKey {
      case width
      case height
    }

    /// Decodes `{"width": …, "height": …}`.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        width: try container.decode(Double.self, forKey: .width),
        height: try container.decode(Double.self, forKey: .height))
    }

    /// Encodes `{"width": …, "height": …}`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(width, forKey: .width)
      try container.encode(height, forKey: .height)
    }
  }

  extension Rect: Codable {
    private enum CodingKeys: String, CodingKey {
      case x
      case y
      case width
      case height
    }

    /// Decodes `{"x": …, "y": …, "width": …, "height": …}`.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        x: try container.decode(Double.self, forKey: .x),
        y: try container.decode(Double.self, forKey: .y),
        width: try container.decode(Double.self, forKey: .width),
        height: try container.decode(Double.self, forKey: .height))
    }

    /// Encodes `{"x": …, "y": …, "width": …, "height": …}`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(minX, forKey: .x)
      try container.encode(minY, forKey: .y)
      try container.encode(width, forKey: .width)
      try container.encode(height, forKey: .height)
    }
  }

  extension EdgeInsets: Codable {
    private enum CodingKeys: String, CodingKey {
      case top
      case leading
      case bottom
      case trailing
    }

    /// Decodes `{"top": …, "leading": …, "bottom": …, "trailing": …}`; missing edges are 0.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        top: try container.decodeIfPresent(Double.self, forKey: .top) ?? 0,
        leading: try container.decodeIfPresent(Double.self, forKey: .leading) ?? 0,
        bottom: try container.decodeIfPresent(Double.self, forKey: .bottom) ?? 0,
        trailing: try container.decodeIfPresent(Double.self, forKey: .trailing) ?? 0)
    }

    /// Encodes all four edges.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(top, forKey: .top)
      try container.encode(leading, forKey: .leading)
      try container.encode(bottom, forKey: .bottom)
      try container.encode(trailing, forKey: .trailing)
    }
  }

  extension Axis: Codable {}
  extension LayoutDirection: Codable {}
#endif
