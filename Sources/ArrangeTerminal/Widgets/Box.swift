/// Borders for boxes: the characters of the edges and corners.
public struct BorderStyle: Hashable, Sendable {
  /// Top-left, top-right, bottom-left, bottom-right corners; horizontal and vertical edges.
  public var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character

  /// Thin lines: ┌─┐ │ └─┘.
  public static let single = BorderStyle(
    topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
  /// Rounded corners: ╭─╮ │ ╰─╯.
  public static let rounded = BorderStyle(
    topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
  /// Heavy lines, for the drop target: ┏━┓ ┃ ┗━┛.
  public static let heavy = BorderStyle(
    topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃")
  /// Plain ASCII: +-+ | +-+.
  public static let ascii = BorderStyle(
    topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")

  /// Creates a border style.
  public init(
    topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character,
    horizontal: Character, vertical: Character
  ) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomLeft = bottomLeft
    self.bottomRight = bottomRight
    self.horizontal = horizontal
    self.vertical = vertical
  }
}

extension CellBuffer {
  /// Draws a box with a border and an optional title in its top edge, clipped to the buffer.
  ///
  /// A title too long for the edge is cut and ends with "…". Boxes smaller than 2 × 2 draw
  /// nothing.
  public mutating func drawBox(
    column: Int, row: Int, width: Int, height: Int, title: String? = nil,
    border: BorderStyle = .single, style: CellStyle = .plain, titleStyle: CellStyle? = nil
  ) {
    guard width >= 2 && height >= 2 else { return }
    let right = column + width - 1
    let bottom = row + height - 1
    let horizontal = String(repeating: String(border.horizontal), count: width - 2)
    write(
      String(border.topLeft) + horizontal + String(border.topRight), column: column, row: row,
      style: style)
    write(
      String(border.bottomLeft) + horizontal + String(border.bottomRight), column: column,
      row: bottom, style: style)
    for y in (row + 1)..<bottom {
      write(String(border.vertical), column: column, row: y, style: style)
      write(String(border.vertical), column: right, row: y, style: style)
    }
    if let title, !title.isEmpty, width >= 5 {
      let room = width - 4
      let shown = TextWrapping.truncated(title, toWidth: room)
      write(" " + shown + " ", column: column + 1, row: row, style: titleStyle ?? style)
    }
  }
}

/// A box with a border and a title on its top edge.
public struct Box: Hashable, Sendable, CellDrawable {
  /// The title, cut with an ellipsis when the box is too narrow.
  public var title: String
  /// The border's characters.
  public var border: BorderStyle
  /// How the title is drawn.
  public var titleStyle: CellStyle

  /// Creates a box.
  public init(title: String = "", border: BorderStyle = .rounded, titleStyle: CellStyle = .plain) {
    self.title = title
    self.border = border
    self.titleStyle = titleStyle
  }

  /// Draws the border around the edge of `rect` and the title on its top edge; the inside is
  /// left as it is.
  public func draw(in rect: CellRect, into buffer: inout CellBuffer) {
    buffer.drawBox(
      column: rect.column, row: rect.row, width: rect.width, height: rect.height, title: title,
      border: border, titleStyle: titleStyle)
  }
}
