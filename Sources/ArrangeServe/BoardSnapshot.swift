import ArrangeBoard
import Foundation

/// One version of the board as the pages get it, built once and shared by every page: its
/// JSON, and each card's JSON so that the next version can be sent as what changed.
///
/// The board's JSON is
/// `{"version":3,"file":"board.md","message":null,"conflict":false,"undo":true,"redo":false,
/// "saved":true,"pending":null,"tagColors":{},"serial":4,"columns":[{"title":"To Do","limit":null,"complete":false,
/// "cards":[{"id":1,"title":"…","done":null,"due":null,"description":[],"subtasks":[]}]}],
/// "archive":["…"]}`. `saved` is false while a change is held but not yet written, and
/// `pending` then says why. `tagColors` holds an Obsidian board's own tag colours
/// (``ObsidianTagColors``). A column with a card limit has `full`, the sentence a card dropped
/// into it when it is full is refused with (``BoardDocument/fullColumnMessage(_:)``, the
/// terminal's words), which the page says as a drag reaches it.
final class BoardSnapshot: @unchecked Sendable {
  /// The number of this snapshot: it grows by one with every snapshot the server makes (a
  /// new version, news for the status line, a save that went through).
  let serial: Int
  /// The board's version.
  let version: Int
  /// Whether everything the board holds is written to the file.
  let isSaved: Bool
  /// Why it is not, while it is not.
  let pending: String?
  /// The board as JSON, as UTF-8: the one copy every answer and message that carries the
  /// board sends from (a 50,000-card board is 7 MB; a hundred pages share it).
  let bytes: [UInt8]
  /// The JSON of the fields before `columns`, without braces.
  let head: String
  /// Each column's JSON before its cards (`{"title":…,"complete":false,"cards":[`).
  let columnHeads: [String]
  /// Each column's cards' JSON.
  let cards: [[String]]
  /// The archive's JSON (`[…]`).
  let archive: String
  /// Each card's JSON by its identifier, with the card it was made from and whether the board
  /// was an Obsidian one: the next snapshot takes the JSON of every card that did not change
  /// from here instead of making it again (a change on a 50,000-card board rebuilt all of it).
  /// (A card's JSON is kept without what its due date means now, which is added for each
  /// snapshot: ``CardOpening``.)
  private let cardJSON: [CardID: CardOpening]
  private let isObsidianKanban: Bool
  /// The first instant (seconds since 1970) at which what a card's due date means changes
  /// (``DueDate/urgencyChange(ofInstant:clock:)``), or `nil`: the server makes a snapshot
  /// again then, so that every page shows "due today" from midnight on without a rule of its
  /// own.
  let urgencyChange: Int?

  /// A card's JSON but what its due date means now, the card it was made from, and when its
  /// date is due.
  struct CardOpening {
    /// The card.
    var card: BoardCard
    /// Its JSON up to its closing brace (``BoardMessages/cardOpening(_:details:clock:)``).
    var json: String
    /// When it is due (seconds since 1970), if its due date is read as a date.
    var dueAt: Int?
    /// Its whole JSON when it has no such date (nothing is added per snapshot): one string
    /// shared by every snapshot, not one made for each.
    var closed: String?

    init(card: BoardCard, json: String, dueAt: Int?) {
      self.card = card
      self.json = json
      self.dueAt = dueAt
      closed = dueAt == nil ? json + "}" : nil
    }
  }
  /// Every card's identifier, every column's in order (as `cards`).
  private let ids: [CardID]
  /// Where each card is (``cardPlaces()``), made once; under `lock`.
  private var places: [CardID: Int]?
  /// Patches from earlier snapshots, by their serial; under `lock`.
  private var patches: [Int: [UInt8]] = [:]
  /// Guards `places` and `patches`: a patch is made on the network thread for a page's
  /// WebSocket, and on the board's thread for the answer to a change.
  private let lock = NSLock()

  /// The board of `shared` with `message` for the status line; the JSON of the cards
  /// `previous` has as they are is taken from it.
  init<Storage>(
    _ shared: SharedBoard<Storage>, message: String?, serial: Int, previous: BoardSnapshot? = nil,
    clock: DueDateClock = .system
  ) {
    self.serial = serial
    version = shared.version
    let session = shared.session
    isSaved = !session.hasUnsavedChanges
    pending = isSaved ? nil : session.pendingReason
    let quoted = BoardMessages.quoted
    var head = "\"version\":\(shared.version),\"file\":\(quoted(session.fileName))"
    head += ",\"message\":\(message.map(quoted) ?? "null")"
    head += ",\"conflict\":\(session.isInConflict)"
    head += ",\"undo\":\(!session.undoStack.isEmpty),\"redo\":\(!session.redoStack.isEmpty)"
    head += ",\"saved\":\(isSaved),\"pending\":\(pending.map(quoted) ?? "null")"
    let document = shared.document
    head += ",\"tagColors\":" + ObsidianTagColors.json(document.obsidianSettings)
    // Which snapshot this is: a page that read the board names it when it opens its WebSocket
    // (and is then not sent the board again) and in its changes (answered with a patch of it).
    head += ",\"serial\":\(serial)"
    self.head = head
    var columnHeads: [String] = []
    var cards: [[String]] = []
    // A card's JSON depends on the card alone (its details are read from its lines), and on
    // whether the board is an Obsidian one (its due date may be in its title).
    isObsidianKanban = document.isObsidianKanban
    let earlier = previous?.isObsidianKanban == isObsidianKanban ? previous?.cardJSON : nil
    var cardJSON: [CardID: CardOpening] = [:]
    cardJSON.reserveCapacity(earlier?.count ?? 0)
    // Every card's due date is read once, with one clock reading.
    let clock = clock.stopped()
    var urgencyChange: Int?
    for (index, column) in document.columns.enumerated() {
      columnHeads.append(
        "{\"title\":\(quoted(column.title)),\"limit\":\(column.limit.map(String.init) ?? "null")"
          + ",\"complete\":\(column.marksComplete)"
          + (document.fullColumnMessage(index).map { ",\"full\":" + quoted($0) } ?? "")
          + ",\"cards\":[")
      // Every card's details at once (one pass over the column's lines) when some are new.
      var details: [CardDetails]?
      cards.append(
        column.cards.enumerated().map { place, card in
          var opening: CardOpening
          if let made = earlier?[card.id], made.card == card {
            opening = made
          } else {
            let all = details ?? document.detailsOfCards(inColumn: index)
            details = all
            let made = BoardMessages.cardOpening(
              card, details: all.indices.contains(place) ? all[place] : CardDetails(),
              clock: clock)
            opening = CardOpening(card: card, json: made.json, dueAt: made.dueAt)
          }
          cardJSON[card.id] = opening
          if let closed = opening.closed { return closed }
          guard let dueAt = opening.dueAt else { return opening.json + "}" }
          if let change = DueDate.urgencyChange(ofInstant: dueAt, clock: clock) {
            urgencyChange = min(urgencyChange ?? change, change)
          }
          let urgency = DueDate.urgency(ofInstant: dueAt, clock: clock)
          return opening.json + BoardMessages.dueJSON(urgency) + "}"
        })
    }
    self.urgencyChange = urgencyChange
    self.cardJSON = cardJSON
    self.columnHeads = columnHeads
    self.cards = cards
    ids = document.columns.flatMap { $0.cards.map(\.id) }
    archive = "[" + document.archive.map { quoted($0.title) }.joined(separator: ",") + "]"
    bytes = Self.written(
      head: head, columnHeads: columnHeads, cards: cards, archive: archive,
      size: previous?.bytes.count ?? 0)
  }

  /// The board's JSON from its pieces, as bytes written once into room for them all (`size`,
  /// about): a board of 50,000 cards is 7 MB, which a string grown piece by piece and then
  /// copied wrote several times over.
  private static func written(
    head: String, columnHeads: [String], cards: [[String]], archive: String, size: Int
  ) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(size + 4096)
    out.append(contentsOf: "{\(head),\"columns\":[".utf8)
    for (index, columnHead) in columnHeads.enumerated() {
      if index > 0 { out.append(0x2C) }
      out.append(contentsOf: columnHead.utf8)
      for (place, card) in cards[index].enumerated() {
        if place > 0 { out.append(0x2C) }
        out.append(contentsOf: card.utf8)
      }
      out.append(contentsOf: "]}".utf8)
    }
    out.append(contentsOf: "],\"archive\":\(archive)}".utf8)
    return out
  }

  /// The board as JSON.
  var json: String { String(decoding: bytes, as: UTF8.self) }

  /// The WebSocket message that carries this snapshot whole, `{"serial":S,"board":{…}}`, as
  /// the pieces to send one after the other: the board's own bytes are not copied.
  var whole: [[UInt8]] { [Array("{\"serial\":\(serial),\"board\":".utf8), bytes, [0x7D]] }

  /// The WebSocket message that turns `base` into this snapshot: `{"serial":S,"base":B,
  /// "head":{…},"columns":[{…,"cards":[[0,4],{…},6]}],"archive":[…]}`, where a number is the
  /// card at that place in `base` (every column's cards counted in order), a pair `[p,n]` the
  /// `n` cards from place `p` on (a move on a board of 100,000 cards is a few pairs, not
  /// 100,000 numbers), and an object a card that `base` does not have as it is.
  ///
  /// Made once for each pair and kept; either thread may ask (the network thread for a
  /// page's WebSocket, the board's for the answer to a change).
  func patch(from base: BoardSnapshot) -> [UInt8] {
    if let made = lock.withLock({ patches[base.serial] }) { return made }
    let bytes = Array(patchJSON(from: base).utf8)
    lock.withLock {
      // Pages are rarely more than a version or two behind: keep a few.
      if patches.count >= 4 { patches.removeAll() }
      patches[base.serial] = bytes
    }
    return bytes
  }

  /// The patch's JSON (``patch(from:)``).
  private func patchJSON(from base: BoardSnapshot) -> String {
    let places = base.cardPlaces()
    let baseCards = base.flatCards
    var json = "{\"serial\":\(serial),\"base\":\(base.serial),\"head\":{\(head)},\"columns\":["
    var flat = 0
    for (index, columnHead) in columnHeads.enumerated() {
      if index > 0 { json += "," }
      json += columnHead
      // The run of base places being written: its first place and length.
      var run: (start: Int, count: Int)?
      var first = true
      func item(_ text: String) {
        if !first { json += "," }
        first = false
        json += text
      }
      func endRun() {
        guard let (start, count) = run else { return }
        item(count == 1 ? String(start) : "[\(start),\(count)]")
        run = nil
      }
      for card in cards[index] {
        defer { flat += 1 }
        if let place = places[ids[flat]], baseCards[place] == card {
          if let (start, count) = run, start + count == place {
            run = (start, count + 1)
          } else {
            endRun()
            run = (place, 1)
          }
        } else {
          endRun()
          item(card)
        }
      }
      endRun()
      json += "]}"
    }
    return json + "],\"archive\":" + archive + "}"
  }

  /// Every card's JSON, every column's in order.
  private var flatCards: [String] { cards.flatMap { $0 } }

  /// Where each card is in this snapshot, every column's cards counted in order, by its
  /// identifier (made once, when a later snapshot is first sent as a patch of this one).
  func cardPlaces() -> [CardID: Int] {
    lock.withLock {
      if let places { return places }
      var made: [CardID: Int] = [:]
      made.reserveCapacity(ids.count)
      for (place, id) in ids.enumerated() where made[id] == nil { made[id] = place }
      places = made
      return made
    }
  }
}
