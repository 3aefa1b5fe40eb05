import ArrangeBoard
import ArrangeTerminal

/// A line being typed at the bottom of the screen: a card's title, a search, a column's name, a
/// subtask, a description line or a due date.
struct PromptPanel {
  /// What the typed line is for.
  enum Purpose {
    case add(column: Int, index: Int? = nil)
    case edit(CardID)
    case search
    case addColumn(at: Int)
    case renameColumn(Int)
    case addSubtask(CardID)
    case editSubtask(CardID, Int)
    case description(CardID, line: Int?)
    case due(CardID)
  }

  /// What the typed line is for.
  var purpose: Purpose
  /// The line, its cursor and its limits.
  var editor: LineEditor

  /// The words before the line, naming what it is for.
  func label(in document: BoardDocument) -> String {
    switch purpose {
    case .add(let column, _):
      let name = column < document.columns.count ? document.columns[column].title : ""
      return "New card in \(name): "
    case .edit: return "Title: "
    case .search: return "Search: "
    case .addColumn: return "New column: "
    case .renameColumn: return "Column name: "
    case .addSubtask: return "New subtask: "
    case .editSubtask: return "Subtask: "
    case .description: return "Description line: "
    case .due: return "Due date (empty removes): "
    }
  }

  /// Draws the label and the line, reversed, on row `row` of a screen `width` cells wide.
  func draw(row: Int, width: Int, document: BoardDocument, into buffer: inout CellBuffer) {
    var field = editor
    field.prompt = label(in: document)
    field.style = CellStyle(isReversed: true)
    field.draw(in: CellRect(column: 0, row: row, width: width, height: 1), into: &buffer)
  }
}
