import Synchronization

// Where a handle finds the plan for options it was given before: kept with the options themselves (one atomic
// load), or in the handle's cache, by the options' compared part (``ComparedOptions``), which is the plan's key.

/// A plan kept with the options it was compiled for (``ComparisonOptions/Storage``), for one handle, known
/// by its serial number (``ValueType/serial``: never reused, as an address would be), and one array length.
final class OptionsPlan: Sendable {
  let handle: UInt64
  let count: Int?
  let plan: ComparisonPlan

  init(handle: UInt64, count: Int?, plan: ComparisonPlan) {
    self.handle = handle
    self.count = count
    self.plan = plan
  }
}

extension ComparisonOptions.Storage {
  /// The plan kept here for the handle numbered `handle` and `count`, unretained: these options (and so this
  /// storage, which owns it) outlive its use.
  @inline(__always)
  func plan(keptFor handle: UInt64, count: Int?) -> Unmanaged<ComparisonPlan>? {
    guard let kept = keptByHandle.load(ordering: .acquiring) else { return nil }
    return kept._withUnsafeGuaranteedRef { object in
      let kept = unsafeDowncast(object, to: OptionsPlan.self)
      return kept.handle == handle && kept.count == count ? Unmanaged.passUnretained(kept.plan) : nil
    }
  }

  /// Keeps `plan` for the handle numbered `handle` and `count`, unless a plan is kept already (by another
  /// handle, or by another thread a moment before).
  func keep(_ plan: ComparisonPlan, for handle: UInt64, count: Int?) {
    guard keptByHandle.load(ordering: .relaxed) == nil else { return }
    let kept = Unmanaged<AnyObject>.passRetained(OptionsPlan(handle: handle, count: count, plan: plan))
    if !keptByHandle.compareExchange(expected: nil, desired: kept, ordering: .acquiringAndReleasing).exchanged {
      kept.release()
    }
  }
}

/// What a plan is found by: the array length and the options' compared part. Options are one reference that
/// never changes while another copy holds it (``ComparisonOptions/storage``), so options passed again are found
/// by that reference alone, and other options by comparing their compared parts.
struct ComparisonPlanKey: Sendable {
  var count: Int?
  /// The options the plan was compiled for, or last found for.
  var options: ComparisonOptions

  /// How a key matches options.
  enum Match {
    /// The same options: the same reference.
    case same
    /// Other options, equal in what is compared.
    case equivalent
  }

  /// Whether this is the key of `options` and `count`, read in place.
  @inline(__always)
  func matches(_ options: ComparisonOptions, count: Int?) -> Match? {
    guard self.count == count else { return nil }
    guard self.options.storage !== options.storage else { return .same }
    return self.options.compared == options.compared ? .equivalent : nil
  }
}

/// The plans a handle compiled for options and array lengths, most recently used first; the least recent is
/// forgotten beyond ``capacity``, so a program that builds ever new options does not grow the handle.
struct ComparisonPlans: Sendable {
  /// How many plans a handle keeps.
  static var capacity: Int { 8 }

  private var keys: [ComparisonPlanKey] = []
  private var plans: [ComparisonPlan] = []

  /// How many plans are kept (for tests).
  var count: Int { keys.count }

  /// The options of the plans kept, most recent first (for tests).
  var options: [ComparisonOptions] { keys.map(\.options) }

  /// The plans kept, most recent first (for tests).
  var kept: [ComparisonPlan] { plans }

  /// The plan for `options` and `count`, which moves to the front, and how the key matched. Found for other
  /// options that compare alike, the key keeps these options instead, so that passing them again finds it by
  /// reference.
  mutating func find(_ options: ComparisonOptions, count: Int?) -> (
    plan: ComparisonPlan, match: ComparisonPlanKey.Match
  )? {
    for index in keys.indices {
      guard let match = keys[index].matches(options, count: count) else { continue }
      if match == .equivalent { keys[index].options = options }
      if index > 0 {
        keys.swapAt(index, 0)
        plans.swapAt(index, 0)
      }
      return (plans[0], match)
    }
    return nil
  }

  /// Keeps `plan` as the most recent, and returns it; or, when another thread kept a plan for the same key while
  /// this one compiled, returns that one, so that every comparison with these options shares one plan.
  mutating func remember(_ key: ComparisonPlanKey, _ plan: ComparisonPlan) -> ComparisonPlan {
    if let kept = find(key.options, count: key.count) { return kept.plan }
    if keys.count == Self.capacity {
      keys.removeLast()
      plans.removeLast()
    }
    keys.insert(key, at: 0)
    plans.insert(plan, at: 0)
    return plan
  }
}
