import ArrangeBoard
import Foundation

/// The thread that owns the board: it applies changes one at a time, looks at the file four
/// times a second, and publishes each new version as a ``BoardSnapshot``.
///
/// It is apart from the thread that serves the network, so a large change never holds up the
/// page's files, the board's reads or the WebSocket pushes of other pages.
final class BoardWorker: @unchecked Sendable {
  /// A change to apply, and the connection to answer.
  struct Job {
    var connection: Int
    var body: [UInt8]
  }

  /// An answer for a connection: its status and JSON, as the pieces of the body in order
  /// (the board's bytes are the snapshot's, shared).
  struct Answer {
    var connection: Int
    var status: Int
    var json: [[UInt8]]
  }

  /// What the worker did when it was told to stop.
  struct Farewell: Sendable {
    /// Whether every change was written to the file.
    var isSaved: Bool
    /// What to tell the person.
    var message: String?
  }

  private var shared: SharedBoard<BoardFile>
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var jobs: [Job] = []
  private var stopping = false
  private var snapshot: BoardSnapshot
  private var answers: [Answer] = []
  private var farewell: Farewell?
  /// What the last poll said, so that a message repeated at every poll is sent once.
  private var lastPollMessage: String?
  /// Called (from the worker's thread) when there are answers or a new snapshot.
  private let wake: @Sendable () -> Void
  /// Called (from the worker's thread) with news about the file for whoever runs the server.
  private let notice: @Sendable (String) -> Void

  init(
    shared: SharedBoard<BoardFile>, wake: @escaping @Sendable () -> Void,
    notice: @escaping @Sendable (String) -> Void
  ) {
    self.shared = shared
    self.wake = wake
    self.notice = notice
    snapshot = BoardSnapshot(shared, message: nil, serial: 1)
  }

  /// Seconds on a monotonic clock, for the session's settle times.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The newest snapshot.
  var current: BoardSnapshot {
    condition.lock()
    defer { condition.unlock() }
    return snapshot
  }

  /// Queues a change; `false` when the worker is stopping (the change would never be made).
  func submit(_ job: Job) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard !stopping else { return false }
    jobs.append(job)
    condition.signal()
    return true
  }

  /// The answers ready, taken.
  func takeAnswers() -> [Answer] {
    condition.lock()
    defer { condition.unlock() }
    let taken = answers
    answers = []
    return taken
  }

  /// Asks the worker to write what it holds and stop; returns once it has.
  func stop() -> Farewell {
    condition.lock()
    stopping = true
    condition.signal()
    while farewell == nil { condition.wait() }
    let result = farewell ?? Farewell(isSaved: true, message: nil)
    condition.unlock()
    return result
  }

  /// Starts the thread.
  func start() {
    let thread = Thread { [self] in run() }
    thread.name = "arrange-board"
    thread.start()
  }

  private func run() {
    var nextPoll = Self.now() + 0.25
    while true {
      condition.lock()
      while jobs.isEmpty && !stopping {
        let wait = nextPoll - Self.now()
        if wait <= 0 { break }
        _ = condition.wait(until: Date(timeIntervalSinceNow: wait))
      }
      let taken = jobs
      jobs = []
      let isStopping = stopping
      condition.unlock()
      for job in taken { perform(job) }
      if Self.now() >= nextPoll {
        nextPoll = Self.now() + 0.25
        let outcome = shared.poll(at: Self.now())
        // A save retried at every poll says the same thing each time: said once.
        let news = outcome.message == lastPollMessage ? nil : outcome.message
        lastPollMessage = outcome.message
        // (A reason the board is not saved is told by publish, once.)
        if let news, news != shared.session.pendingReason { notice(news) }
        // What a due date means changes with the time (at midnight, as a moment passes):
        // every page is sent the board again then.
        let dueChanged = current.urgencyChange.map { DueDateClock.system.now() >= $0 } ?? false
        publish(message: news, force: outcome.changed || dueChanged)
      }
      if isStopping {
        let result = finish()
        condition.lock()
        farewell = result
        condition.broadcast()
        condition.unlock()
        return
      }
    }
  }

  /// Applies one change and queues its answer.
  private func perform(_ job: Job) {
    let status: Int
    let json: [[UInt8]]
    do {
      let parsed = try BoardMessages.requests(from: job.body)
      // The snapshot the page holds, when it is the one before this change: the answer is
      // then a patch of it (a move on a board of 100,000 cards answers in a few hundred
      // bytes, not 14 MB).
      let held = current
      let base = parsed.serial == held.serial ? held : nil
      let outcome = shared.perform(parsed.requests, madeOn: parsed.version, at: Self.now())
      // A refusal is this page's news only: it goes in the answer, not to every page.
      let made =
        outcome.refused ? current : publish(message: outcome.message, force: outcome.changed)
      status = Self.status(
        refused: outcome.refused, failed: outcome.failed, saved: made.isSaved,
        unsaved: shared.session.unsavedReason)
      json = BoardMessages.answer(made, outcome: outcome, base: base)
    } catch {
      status = 400
      json = [Array("{\"error\":\(BoardMessages.quoted(error.message))}".utf8)]
    }
    condition.lock()
    answers.append(Answer(connection: job.connection, status: status, json: json))
    condition.unlock()
    wake()
  }

  /// The status of a change's answer, decided by the reason's case, never by its sentence.
  ///
  /// 200 only for a change that is on disk; 202 while it waits for the file to settle or for
  /// the person (a conflict); 503 when writing failed (it is kept, and tried again), or a
  /// reload or an overwrite could not read or write the file; 409 for a change refused.
  static func status(refused: Bool, failed: Bool, saved: Bool, unsaved: BoardUnsavedReason?)
    -> Int
  {
    if refused { return 409 }
    if failed { return 503 }
    if saved { return 200 }
    return unsaved?.isAwaited == true ? 202 : 503
  }

  /// Makes a new snapshot when the board, its saved state or the news changed; returns the
  /// current one.
  @discardableResult
  private func publish(message: String?, force: Bool) -> BoardSnapshot {
    let old = current
    let saved = !shared.session.hasUnsavedChanges
    guard
      force || message != nil || saved != old.isSaved
        || shared.session.pendingReason != old.pending && !saved
    else { return old }
    let made = BoardSnapshot(shared, message: message, serial: old.serial + 1, previous: old)
    // Whoever runs the server hears when the board cannot be written, once per reason.
    if let pending = made.pending, pending != old.pending { notice(pending) }
    condition.lock()
    snapshot = made
    condition.unlock()
    wake()
    return made
  }

  /// Writes what the board holds before the server stops: tries to save for up to two
  /// seconds (an outside edit settling), else keeps the board in a copy beside the file.
  private func finish() -> Farewell {
    let deadline = Self.now() + 2
    while shared.session.hasUnsavedChanges && !shared.session.isInConflict
      && Self.now() < deadline
    {
      _ = shared.poll(at: Self.now())
      if shared.session.hasUnsavedChanges { usleep(100_000) }
    }
    guard shared.session.hasUnsavedChanges else { return Farewell(isSaved: true, message: nil) }
    let reason = shared.session.pendingReason ?? "it could not be written"
    let contents = shared.document.serialized()
    let path = shared.session.storage.path
    if let copy = Self.keepCopy(contents, near: path) {
      return Farewell(
        isSaved: false,
        message: "\(path) does not have the last changes (\(reason)). They are kept in "
          + "\(copy): compare the two.")
    }
    return Farewell(
      isSaved: false,
      message: "\(path) does not have the last changes (\(reason)), and no copy could be "
        + "written (the disk may be full). The changes are lost.")
  }

  /// Writes `contents` to a new file beside `path` (or in the temporary folder), flushed;
  /// returns its path.
  static func keepCopy(_ contents: [UInt8], near path: String) -> String? {
    var stamp = time(nil)
    var parts = tm()
    localtime_r(&stamp, &parts)
    let when = String(
      format: "%04d%02d%02d-%02d%02d%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
      parts.tm_hour, parts.tm_min, parts.tm_sec)
    let name = (path as NSString).lastPathComponent
    let folder = (path as NSString).deletingLastPathComponent
    let folders = [folder.isEmpty ? "." : folder, NSTemporaryDirectory()]
    for place in folders {
      for attempt in 0..<10 {
        let candidate =
          (place as NSString).appendingPathComponent(name)
          + ".unsaved-\(when)" + (attempt > 0 ? "-\(attempt)" : "")
        let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 {
          if errno == EEXIST { continue }
          break
        }
        var written = 0
        let ok = contents.withUnsafeBytes { bytes -> Bool in
          while written < bytes.count {
            let count = write(
              descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
          }
          return fsync(descriptor) == 0
        }
        close(descriptor)
        if ok { return candidate }
        unlink(candidate)
        break
      }
    }
    return nil
  }
}
