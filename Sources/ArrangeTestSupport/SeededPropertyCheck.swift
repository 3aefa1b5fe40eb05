public import PropertyBased
import Synchronization
public import Testing

/// Runs `body` on `count` inputs drawn from `input` by a generator seeded with `seed`, so that
/// every run checks the same cases.
///
/// PropertyBased's `.fixedSeed(_:)` trait runs a single case and always records an issue (it is
/// meant for replaying one failure, not for committing), so the fixed seed is given here
/// instead, in the same base64 format. The first failing case stops the check; its issues say
/// which case it was and the seed that replays it alone (`count: 1, seed: <that seed>`).
public func seededPropertyCheck<Value: Sendable>(
  count: Int = 1000, seed: String, input: Generator<Value, some Sequence>,
  sourceLocation: SourceLocation = #_sourceLocation,
  perform body: @escaping @Sendable (Value) throws -> Void
) async {
  guard var rng = Xoshiro(seed: seed) else {
    Issue.record("\(seed) is not a PropertyBased seed", sourceLocation: sourceLocation)
    return
  }
  guard let test = Test.current else {
    Issue.record("seededPropertyCheck must run inside a test", sourceLocation: sourceLocation)
    return
  }
  let counter = IssueCounter()
  for index in 0..<count {
    let caseSeed = rng.currentSeed
    let value = input.run(using: &rng)
    let note = Comment(
      rawValue: "Case \(index + 1) of \(count); replay it alone with "
        + "`count: 1, seed: \"\(caseSeed)\"`. Input:\n\(value)")
    let handler = IssueHandlingTrait.compactMapIssues { issue in
      counter.increment()
      var issue = issue
      issue.comments.append(note)
      return issue
    }
    do {
      try await handler.provideScope(for: test, testCase: Test.Case.current) {
        do {
          try body(value)
        } catch is ExpectationFailedError {
          // Already recorded by #require.
        } catch {
          Issue.record(error)
        }
      }
    } catch {
      Issue.record(error, note, sourceLocation: sourceLocation)
      return
    }
    if counter.value > 0 { return }
  }
}

/// Counts the issues recorded while a case runs.
final class IssueCounter: Sendable {
  private let count = Mutex(0)

  func increment() { count.withLock { $0 += 1 } }

  var value: Int { count.withLock { $0 } }
}
