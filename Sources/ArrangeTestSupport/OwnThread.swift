import Foundation
public import Testing

/// A trait that runs each test case on a thread of its own: `@Suite(.ownThread)`.
///
/// Swift Testing runs tests on Swift's cooperative thread pool, which has one thread per core
/// (two on CI's machine). A test that blocks — waiting for a process, a socket, a tmux pane's
/// screen, a file lock — holds one of them for as long as it waits, and every other test waits
/// with it: the whole run takes the sum of the waits, halved. A test case with this trait runs
/// on a thread that only it uses (its task prefers an executor of that one thread), so its
/// waits cost no other test anything.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to every test of a suite that has it.
  public var isRecursive: Bool { true }

  /// Runs `function` on a new thread's executor when it is a test case; a suite's own scope is
  /// left as it is.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil else { return try await function() }
    let executor = OneThreadExecutor()
    defer { executor.stop() }
    try await withTaskExecutorPreference(executor) { try await function() }
  }
}

extension Trait where Self == OwnThreadTrait {
  /// Each test case runs on a thread of its own, so that its blocking waits hold up no other
  /// test (``OwnThreadTrait``).
  public static var ownThread: Self { Self() }
}

/// An executor that runs its jobs, in order, on one thread it starts and ends.
final class OneThreadExecutor: TaskExecutor, @unchecked Sendable {
  // Unchecked: every stored property is read and written under `condition`.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var isStopped = false

  init() {
    let thread = Thread { [self] in run() }
    thread.name = "arrange-test"
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Ends the thread once the jobs already enqueued have run.
  func stop() {
    condition.lock()
    isStopped = true
    condition.signal()
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while jobs.isEmpty && !isStopped { condition.wait() }
      guard !jobs.isEmpty else {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
