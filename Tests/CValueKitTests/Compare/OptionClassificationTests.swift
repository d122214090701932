import Testing

@testable import CValueKit

/// Every option is either one a comparison's plan depends on, and then part of the key a handle finds its
/// plan by (`ComparisonPlanKey`) and of the check that options apply nothing (`ValueType.appliesNothing`), or
/// one that only shapes the report. A property added to `ComparisonOptions` or `DescriptionOptions` fails
/// here until it is put in one list: an option left out of the plan's key would reuse a plan compiled without
/// it, and one left out of `appliesNothing` would be ignored, both without a word.
@Suite("Option classification")
struct OptionClassificationTests {
  /// Changes what is compared: in `ComparisonPlanKey`, its `matches`, and `appliesNothing`.
  static let comparing: Set<String> = [
    "tolerance", "fieldTolerances", "ignoredPaths", "fieldComparers", "comparesPadding",
    "descriptionOptions.unionMembers",
  ]
  /// Shapes the report only, read from the options of each call.
  static let reporting: Set<String> = [
    "maximumReportedMismatches", "maximumDescriptionLength", "descriptionOptions.showsCStringText",
    "descriptionOptions.maximumElements", "descriptionOptions.fieldPerLine",
  ]

  static func properties(of value: Any, prefix: String = "") -> Set<String> {
    var names: Set<String> = []
    for child in Mirror(reflecting: value).children {
      guard let label = child.label else { continue }
      if let nested = child.value as? DescriptionOptions {
        names.formUnion(properties(of: nested, prefix: prefix + label + "."))
      } else {
        names.insert(prefix + label)
      }
    }
    return names
  }

  @Test("each stored option is either one a plan depends on or one that shapes the report")
  func everyOptionIsClassified() {
    let stored = Self.properties(of: ComparisonOptions())
    #expect(stored == Self.comparing.union(Self.reporting))
    #expect(Self.comparing.isDisjoint(with: Self.reporting))
  }

  /// Each stored option, set to a value other than its default.
  static let changes: [String: @Sendable (inout ComparisonOptions) -> Void] = [
    "tolerance": { $0.tolerance = .absolute(1) },
    "fieldTolerances": { $0.fieldTolerances[".x"] = .absolute(1) },
    "ignoredPaths": { $0.ignoredPaths = [".x"] },
    "fieldComparers": { $0.fieldComparers[".x"] = FieldComparer(Int32.self) { $0 == $1 } },
    "comparesPadding": { $0.comparesPadding = true },
    "descriptionOptions.unionMembers": { $0.unionMembers[".u"] = "a" },
    "maximumReportedMismatches": { $0.maximumReportedMismatches = 1 },
    "maximumDescriptionLength": { $0.maximumDescriptionLength = 10 },
    "descriptionOptions.showsCStringText": { $0.descriptionOptions.showsCStringText = true },
    "descriptionOptions.maximumElements": { $0.descriptionOptions.maximumElements = 2 },
    "descriptionOptions.fieldPerLine": { $0.descriptionOptions.fieldPerLine = true },
  ]

  @Test("the plan's key tells apart every option a plan depends on, and only those")
  func thePlanKeyTellsTheComparingOptionsApart() {
    #expect(Set(Self.changes.keys) == Self.comparing.union(Self.reporting))
    let key = ComparisonPlanKey(ComparisonOptions(), given: true, count: nil)
    #expect(key.matches(key.options, given: true, count: nil) == .same)
    #expect(key.matches(ComparisonOptions(), given: true, count: nil) == .equivalent)
    #expect(key.matches(key.options, given: true, count: 2) == nil)
    #expect(key.matches(key.options, given: false, count: nil) == nil)
    for (name, change) in Self.changes {
      var options = ComparisonOptions()
      change(&options)
      let match = key.matches(options, given: true, count: nil)
      #expect(match == (Self.comparing.contains(name) ? nil : .equivalent), "\(name)")
    }
  }

  @Test("options that change what is compared are never taken as applying nothing")
  func eachComparingOptionApplies() {
    #expect(ValueType.appliesNothing(ComparisonOptions()))
    var changed: [ComparisonOptions] = []
    var options = ComparisonOptions()
    options.tolerance = .absolute(1)
    changed.append(options)
    options = ComparisonOptions()
    options.fieldTolerances[".x"] = .absolute(1)
    changed.append(options)
    options = ComparisonOptions()
    options.ignoredPaths = [".x"]
    changed.append(options)
    options = ComparisonOptions()
    options.fieldComparers[".x"] = FieldComparer(Int32.self) { $0 == $1 }
    changed.append(options)
    options = ComparisonOptions()
    options.comparesPadding = true
    changed.append(options)
    options = ComparisonOptions()
    options.unionMembers[".u"] = "a"
    changed.append(options)
    #expect(changed.count == Self.comparing.count)
    for options in changed { #expect(!ValueType.appliesNothing(options), "\(options)") }
  }
}
