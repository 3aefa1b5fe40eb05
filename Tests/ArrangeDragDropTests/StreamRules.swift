import ArrangeDragDrop
import ArrangeGeometry
import ArrangeTestSupport
import Synchronization

// Rules for the random drag streams: each answer a fixed function of its arguments and a seed.

// MARK: - Rules

/// Rule answers that are random but reproducible: an FNV-1a hash of the question and a salt
/// (Swift's `Hasher` is seeded per process, so it would not replay across runs).
enum RuleDice {
  /// A number in `0 ..< 1` that depends only on `parts`.
  static func roll(_ parts: [String]) -> Double {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for part in parts {
      for byte in part.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
      }
      hash ^= 0xff
      hash &*= 0x0000_0100_0000_01b3
    }
    return Double(hash % 10_000) / 10_000
  }

  /// `.refuse` for a share `refused` of the questions.
  static func verdict(_ refused: Double, _ parts: String...) -> RuleVerdict {
    roll(parts) < refused ? .refuse("\(parts[0]) says no") : .allow
  }
}

/// Hands out copy numbers, so that every copy gets a new ID; a fresh counter replays the same IDs.
final class CopyCounter: Sendable {
  private let next = Mutex(0)

  func take() -> Int {
    next.withLock {
      $0 += 1
      return $0
    }
  }
}

/// A family of rules: which rules the app has, and the salt that decides their answers.
struct RuleSet: Sendable, CustomStringConvertible {
  /// Decides the answers; a new salt is the app changing its mind.
  var salt: UInt64 = 0
  /// The share of questions refused; zero means no refusing rules at all.
  var refusal = 0.0
  /// Whether items can be dropped into some other items.
  var dropsInto = false
  /// The share of items that refuse to have a given item dropped into them, when `dropsInto`.
  var intoRefusal = 0.7
  /// Whether items have a catch rectangle (their top 70%).
  var handles = false
  /// Whether copy mode has its `copyID` rule.
  var copies = true
  /// Whether the mode depends on the pair of containers (``DragRules/mode``).
  var pairModes = false

  var description: String {
    "rules(salt \(salt), refusal \(refusal), into \(dropsInto) (refused \(intoRefusal)), "
      + "handles \(handles), copies \(copies), pair modes \(pairModes))"
  }

  /// The rules, with copies numbered by `counter`.
  func rules(counter: CopyCounter) -> DragRules<String> {
    var rules = DragRules<String>()
    if copies { rules.copyID = { "\($0)+\(counter.take())" } }
    if handles {
      rules.gripRect = { _, frame in
        Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height * 0.7)
      }
    }
    let salt = String(salt)
    if pairModes {
      rules.mode = { _, source, target in
        let roll = RuleDice.roll(["mode", salt, "\(source.rawValue)", "\(target.rawValue)"])
        return roll < 0.35 ? .exchange : roll < 0.7 ? .move : roll < 0.85 ? .copy : nil
      }
    }
    if dropsInto {
      let refused = intoRefusal
      rules.canDropInto = { item, target in
        RuleDice.verdict(refused, "into", salt, item, target)
      }
    }
    guard refusal > 0 else { return rules }
    let share = refusal
    rules.canDrag = { item, container in
      RuleDice.verdict(share / 2, "drag", salt, item, "\(container.rawValue)")
    }
    rules.canMove = { item, container, from, to in
      RuleDice.verdict(share, "move", salt, item, "\(container.rawValue)", "\(from)", "\(to)")
    }
    rules.canDrop = { item, source, destination, index in
      RuleDice.verdict(
        share, "drop", salt, item, "\(source.rawValue)", "\(destination.rawValue)", "\(index)")
    }
    rules.canDisplace = { target, dragged in
      RuleDice.verdict(share, "displace", salt, target, dragged)
    }
    rules.accepts = { item, container in
      RuleDice.verdict(share / 2, "accepts", salt, item, "\(container.rawValue)")
    }
    rules.capacity = { container in
      let roll = RuleDice.roll(["capacity", salt, "\(container.rawValue)"])
      return roll < 0.4 ? 1 + Int(roll * 15) : nil
    }
    rules.canRemove = { item, point in
      RuleDice.verdict(share, "remove", salt, item, Self.bucket(point.x), Self.bucket(point.y))
    }
    return rules
  }

  /// A coarse, crash-free label for a coordinate, so that removal answers depend on the place.
  static func bucket(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e9 else { return value < 0 ? "-far" : "far" }
    return String(Int((value / 50).rounded(.down)))
  }
}
