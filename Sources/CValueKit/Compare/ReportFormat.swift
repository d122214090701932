/// How a result is written out: the text a person reads, or the JSON a program reads.
///
/// The library owns both forms, so that a Swift caller, a C caller (`cv_compare_json`) and the `cvalue`
/// tool (`--json`) print the same thing for the same result:
///
/// ```swift
/// let result = try ValueRegistry.shared.resolve("rect").compare(actual, expected)
/// print(result.report(as: .json))
/// // {"actual":"{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}","comparedFieldCount":4,…}
/// ```
///
/// The JSON is schema 1, as the <doc:JSONOutput> article documents it: one object on one line, keys sorted,
/// a key whose value is absent left out.
///
/// Every report of a comparison, a layout and a description is rendered in this file, from the value alone:
/// the doors (the test assertions, snapshots, the C library, the tool) supply at most their own headline, so
/// a new format is a case here and its arms below (and one in the report of a target's log, which is
/// CValueDebugInfo's).
public enum ReportFormat: Hashable, Sendable {
  /// The text report: ``Comparison/report`` for a comparison, the C initializer for a description.
  case text
  /// One JSON object (schema 1) on one line, keys sorted.
  case json
}

extension Comparison {
  /// Which values a text report shows after its fields.
  public enum ShownValues: Hashable, Sendable {
    /// Both whole values, as the comparison described them: `actual:` and `expected:` lines.
    case whole
    /// One element of each side of a comparison of arrays, in place of both whole arrays (which may be
    /// long): `actual[1]:` and `expected[1]:` lines.
    case element(index: Int, actual: String, expected: String)
    /// No values, the fields alone.
    case none
  }

  /// The result written in `format`: the ``report`` as text, or the schema 1 JSON object.
  ///
  /// ```swift
  /// let result = try ValueRegistry.shared.resolve("double").compare(bytes: a, b)
  /// result.report(as: .text)  // double values differ at 1 of 1 field:\n  value: 20 ≠ 20.5 …
  /// result.report(as: .json)  // {"actual":"20","comparedFieldCount":1,…,"typeName":"double"}
  /// ```
  ///
  /// - Parameter format: ``ReportFormat/text`` or ``ReportFormat/json``.
  /// - Returns: The text, without a final newline.
  public func report(as format: ReportFormat) -> String {
    report(as: format, headline: defaultHeadline)
  }

  /// The result written in `format` under a headline of the caller's: what a test door shows, its own first
  /// line (the ``summary`` and the test's message, say) over the report's field lines and values.
  ///
  /// ```swift
  /// result.report(as: .text, headline: "snapshot “origin” differs: \(result.summary)")
  /// // snapshot “origin” differs: cv_point values differ at .y: 2 ≠ 2.5 (difference 0.5)
  /// //   .y: 2 ≠ 2.5 (difference 0.5)
  /// //   actual:   {.x = 1, .y = 2}
  /// //   expected: {.x = 1, .y = 2.5}
  /// ```
  ///
  /// - Parameters:
  ///   - format: ``ReportFormat/text`` or ``ReportFormat/json``; the JSON object has no headline and is the
  ///     same whatever the headline and values.
  ///   - headline: The first line of the text.
  ///   - values: Which values the text shows after the fields.
  /// - Returns: The text, without a final newline.
  public func report(as format: ReportFormat, headline: String, values: ShownValues = .whole) -> String {
    switch format {
    case .text: return text(headline: headline, values: values)
    case .json: return ReportJSON.text(ReportJSON.object(self))
    }
  }

  /// Several lines for a test failure: the summary, each listed mismatch, and both values.
  public var report: String { report(as: .text) }

  /// The ``report``.
  public var description: String { report }

  /// One line: `CGRect values differ at .size.height: 20 ≠ 20.5 (difference 0.5, tolerance 0.001)`.
  public var summary: String {
    if strategy == .padding { return paddingHeadline }
    if isEqual { return "\(typeName) values are equal\(strategy.qualifier)\(ignoring)" }
    if mismatchCount == 1, let only = mismatches.first {
      let location = only.path.components.isEmpty ? "" : " at \(only.path)"
      return "\(typeName) values differ\(location)\(strategy.qualifier): \(only.detail)"
    }
    let listed = mismatches.prefix(3).map { $0.location }.joined(separator: ", ")
    let more = mismatchCount > 3 ? ", …" : ""
    return "\(typeName) values differ at \(mismatchCount) of \(comparedFieldCount) fields\(strategy.qualifier) "
      + "(\(listed)\(more))"
  }

  /// The headline of ``report``: `CGRect values differ at 1 of 4 fields:`, `tm has 4 non-zero padding bytes:`,
  /// or the summary alone for equal values.
  private var defaultHeadline: String {
    guard !isEqual else { return summary }
    if strategy == .padding { return paddingHeadline + ":" }
    let fields = comparedFieldCount == 1 ? "field" : "fields"
    return "\(typeName) values differ at \(mismatchCount) of \(comparedFieldCount) \(fields)\(strategy.qualifier):"
  }

  /// The text: the headline, then for values that differ each listed mismatch (a padding check's a line per
  /// run of non-zero bytes with the fields it lies between), how many more there are, the fields not
  /// compared and the values.
  private func text(headline: String, values: ShownValues) -> String {
    guard !isEqual else { return headline }
    var lines = [headline]
    for mismatch in mismatches {
      if strategy == .padding {
        let range = mismatch.paddingRange ?? mismatch.offset..<mismatch.offset
        lines.append("  \(range) (\(mismatch.paddingNeighbours ?? "no field")): \(mismatch.actual)")
      } else {
        lines.append("  \(mismatch)")
      }
    }
    if mismatchCount > mismatches.count { lines.append("  … and \(mismatchCount - mismatches.count) more") }
    if !ignoredPaths.isEmpty { lines.append("  ignored: \(ignoredPaths.map(\.description).joined(separator: ", "))") }
    switch values {
    case .whole:
      if let actualDescription { lines.append("  actual:   \(actualDescription)") }
      if let expectedDescription { lines.append("  expected: \(expectedDescription)") }
    case .element(let index, let actual, let expected):
      lines.append("  actual[\(index)]:   \(actual)")
      lines.append("  expected[\(index)]: \(expected)")
    case .none:
      break
    }
    return lines.joined(separator: "\n")
  }

  /// `tm has its padding zeroed`, `tm has 4 non-zero padding bytes`.
  private var paddingHeadline: String {
    if isEqual { return "\(typeName) has its padding zeroed" }
    let count = nonZeroPaddingByteCount
    return "\(typeName) has \(count) non-zero padding \(count == 1 ? "byte" : "bytes")"
  }

  /// ` (ignoring .st_atim, .rows[*].stamp)` after an equal summary, when fields were ignored.
  private var ignoring: String {
    ignoredPaths.isEmpty ? "" : " (ignoring \(ignoredPaths.map(\.description).joined(separator: ", ")))"
  }
}

extension CLayout {
  /// Writes the layout in `format`, as `cvalue layout` prints it, piece by piece as it is made, so that a
  /// layout of millions of fields starts at once in bounded memory: a pahole-like table of fields and holes
  /// (arrays of scalars folded into one row), or the schema 1 JSON object with every field, its keys in the
  /// order the JSONOutput article documents.
  ///
  /// ```swift
  /// var text = ""
  /// try TypeCatalog.shared.layout(of: "{S=cdi}").report(as: .json, alignmentSource: "natural", to: &text)
  /// // {"encoding":"{S=cdi}","size":24,"alignment":8,"alignmentSource":"natural","stride":24,"fields":[…
  /// ```
  ///
  /// - Parameters:
  ///   - format: ``ReportFormat/text`` or ``ReportFormat/json``.
  ///   - name: For the text, the name the type was asked by, written before its encoding; `nil` for none.
  ///   - alignmentSource: How the record's alignment was known (`natural`, `attribute`, …), for the JSON;
  ///     `unknown` (debug info that does not say) makes the text say `alignment unknown (at most 4)` too.
  ///   - output: Where the text goes, ending with a newline.
  public func report(
    as format: ReportFormat, name: String? = nil, alignmentSource: String, to output: inout some TextOutputStream
  ) {
    switch format {
    case .text: LayoutTable.write(self, name: name, alignmentIsKnown: alignmentSource != "unknown", to: &output)
    case .json: LayoutJSON.write(self, alignmentSource: alignmentSource, to: &output)
    }
  }
}

extension ReportFormat {
  /// A description in this format: the C initializer `text` as it is, or `json()`, the schema 1 object with
  /// every leaf of the layout (which the handle writes).
  @usableFromInline
  func description(_ text: String, json: () -> String) -> String {
    switch self {
    case .text: text
    case .json: json()
    }
  }
}

extension Mismatch {
  /// The mismatch's line in a report: where it is, then both values and what was applied:
  /// `.size.height: 20 ≠ 20.5 (difference 0.5, tolerance 0.001)`, `value: 1 ≠ 2` for the value itself,
  /// `padding 36..<40 (after .tm_isdst, before .tm_gmtoff): <4 bytes: …> ≠ <4 bytes: …>` for padding bytes.
  public var description: String { "\(location): \(detail)" }

  /// The path, or `value` for the value itself.
  var location: String {
    if let paddingRange { return "padding \(paddingRange) (\(paddingNeighbours ?? "no field"))" }
    return path.components.isEmpty ? "value" : path.description
  }

  /// `20 ≠ 20.5 (difference 0.5, tolerance 0.001)`, `"6.1.0" ≠ "6.18.0" (first difference at [3])`,
  /// `…"\000\001\000"… ≠ …"\000\002\000"… (first difference at [150], chars 146..<154 shown)`.
  var detail: String {
    var text = "\(actual) ≠ \(expected)"
    if let difference {
      var notes = ["difference \(FloatText.shortest(difference))"]
      if let tolerance, !tolerance.isExact || tolerance.isBitwise || tolerance.nanEqualsNaN {
        notes.append("tolerance \(tolerance)")
      }
      text += " (\(notes.joined(separator: ", ")))"
    }
    if let firstDifference {
      text += " (first difference at [\(firstDifference)]\(excerpt.map { ", chars \($0) shown" } ?? ""))"
    }
    return text
  }
}
