/// The text format: what a person reads in a test failure, a terminal or a CI log.
///
/// A comparison is its headline (`CGRect values differ at 1 of 4 fields:`, or a door's own), a line a listed
/// mismatch, how many more there are, the fields not compared, and the values; a layout is a pahole-like
/// table (``LayoutText``); a description is its C initializer; a log is a line an entry and a closing count.
struct TextReport: ReportWriter {
  func write(
    _ comparison: Comparison, headline: String?, values: Comparison.ShownValues, to output: inout some TextOutputStream
  ) {
    let headline = headline ?? Self.headline(of: comparison)
    guard !comparison.isEqual else { return output.write(headline) }
    var lines = [headline]
    for mismatch in comparison.mismatches {
      if comparison.strategy == .padding {
        // A padding check's line: the run of non-zero bytes, the fields it lies between, the bytes.
        let range = mismatch.paddingRange ?? mismatch.offset..<mismatch.offset
        lines.append("  \(range) (\(mismatch.paddingNeighbours ?? "no field")): \(mismatch.actual)")
      } else {
        lines.append("  " + Self.line(of: mismatch))
      }
    }
    let more = comparison.mismatchCount - comparison.mismatches.count
    if more > 0 { lines.append("  … and \(more) more") }
    if !comparison.ignoredPaths.isEmpty { lines.append("  ignored: \(Self.list(comparison.ignoredPaths))") }
    switch values {
    case .whole:
      if let actual = comparison.actualDescription { lines.append("  actual:   \(actual)") }
      if let expected = comparison.expectedDescription { lines.append("  expected: \(expected)") }
    case .element(let index, let actual, let expected):
      lines.append("  actual[\(index)]:   \(actual)")
      lines.append("  expected[\(index)]: \(expected)")
    case .none:
      break
    }
    output.write(lines.joined(separator: "\n"))
  }

  func write(_ layout: CLayout, name: String?, alignmentSource: String, to output: inout some TextOutputStream) {
    LayoutText.writeTable(layout, name: name, alignmentIsKnown: alignmentSource != "unknown", to: &output)
  }

  func write(_ description: DescribedValue, to output: inout some TextOutputStream) {
    output.write(description.text)
  }

  func write(_ entries: [LogEntry], to output: inout some TextOutputStream) {
    for entry in entries {
      let message = entry.message.isEmpty ? "" : " \(entry.message):"
      switch entry.result {
      case .assertion(let comparison):
        let verdict = comparison.isEqual ? "passed" : "failed"
        write(
          comparison, headline: "\(entry.location): \(verdict):\(message) \(Self.summary(of: comparison))",
          values: .whole, to: &output)
      case .value(let description):
        let type = entry.count.map { "\(entry.type)[\($0)]" } ?? entry.type
        output.write("\(entry.location):\(message) \(type) = \(description)")
      }
      output.write("\n")
    }
    output.write(Self.summary(of: entries))
  }
}

extension TextReport {
  /// One line: `CGRect values differ at .size.height: 20 ≠ 20.5 (difference 0.5, tolerance 0.001)`.
  static func summary(of comparison: Comparison) -> String {
    let typeName = comparison.typeName
    let qualifier = Self.qualifier(comparison.strategy)
    if comparison.strategy == .padding { return paddingHeadline(of: comparison) }
    if comparison.isEqual {
      let ignoring = comparison.ignoredPaths.isEmpty ? "" : " (ignoring \(list(comparison.ignoredPaths)))"
      return "\(typeName) values are equal\(qualifier)\(ignoring)"
    }
    if comparison.mismatchCount == 1, let only = comparison.mismatches.first {
      let location = only.path.components.isEmpty ? "" : " at \(only.path)"
      return "\(typeName) values differ\(location)\(qualifier): \(detail(of: only))"
    }
    let listed = comparison.mismatches.prefix(3).map(location(of:)).joined(separator: ", ")
    let more = comparison.mismatchCount > 3 ? ", …" : ""
    return "\(typeName) values differ at \(comparison.mismatchCount) of \(comparison.comparedFieldCount) fields"
      + "\(qualifier) (\(listed)\(more))"
  }

  /// The headline of a report with no headline of a door's: `CGRect values differ at 1 of 4 fields:`,
  /// `tm has 4 non-zero padding bytes:`, or the summary alone for equal values.
  static func headline(of comparison: Comparison) -> String {
    guard !comparison.isEqual else { return summary(of: comparison) }
    if comparison.strategy == .padding { return paddingHeadline(of: comparison) + ":" }
    let fields = comparison.comparedFieldCount == 1 ? "field" : "fields"
    return "\(comparison.typeName) values differ at \(comparison.mismatchCount) of \(comparison.comparedFieldCount) "
      + "\(fields)\(qualifier(comparison.strategy)):"
  }

  /// A mismatch's line: where it is, then both values and what was applied:
  /// `.size.height: 20 ≠ 20.5 (difference 0.5, tolerance 0.001)`.
  static func line(of mismatch: Mismatch) -> String { "\(location(of: mismatch)): \(detail(of: mismatch))" }

  /// The path, `value` for the value itself, or where padding bytes are:
  /// `padding 36..<40 (after .tm_isdst, before .tm_gmtoff)`.
  private static func location(of mismatch: Mismatch) -> String {
    if let range = mismatch.paddingRange { return "padding \(range) (\(mismatch.paddingNeighbours ?? "no field"))" }
    return mismatch.path.components.isEmpty ? "value" : mismatch.path.description
  }

  /// `20 ≠ 20.5 (difference 0.5, tolerance 0.001)`, `"6.1.0" ≠ "6.18.0" (first difference at [3])`,
  /// `…"\000\001\000"… ≠ …"\000\002\000"… (first difference at [150], chars 146..<154 shown)`.
  private static func detail(of mismatch: Mismatch) -> String {
    var text = "\(mismatch.actual) ≠ \(mismatch.expected)"
    if let difference = mismatch.difference {
      var notes = ["difference \(FloatText.shortest(difference))"]
      if let tolerance = mismatch.tolerance, !tolerance.isExact || tolerance.isBitwise || tolerance.nanEqualsNaN {
        notes.append("tolerance \(tolerance)")
      }
      text += " (\(notes.joined(separator: ", ")))"
    }
    if let first = mismatch.firstDifference {
      text += " (first difference at [\(first)]\(mismatch.excerpt.map { ", chars \($0) shown" } ?? ""))"
    }
    return text
  }

  /// `tm has its padding zeroed`, `tm has 4 non-zero padding bytes`.
  private static func paddingHeadline(of check: Comparison) -> String {
    if check.isEqual { return "\(check.typeName) has its padding zeroed" }
    let count = check.nonZeroPaddingByteCount
    return "\(check.typeName) has \(count) non-zero padding \(count == 1 ? "byte" : "bytes")"
  }

  /// What a report adds after the type for the strategies a reader must know about.
  private static func qualifier(_ strategy: Comparison.Strategy) -> String {
    switch strategy {
    case .registered, .builtIn, .structural, .padding: return ""
    case .cFunction(let name, _): return " (C function \(name))"
    case .bytes(let reason): return " (compared byte by byte: \(reason))"
    case .pointerIdentity(let reason): return " (compared by address: \(reason))"
    }
  }

  /// `.st_atim, .rows[*].stamp`.
  private static func list(_ paths: [FieldPath]) -> String { paths.map(\.description).joined(separator: ", ") }

  /// The closing line of a log: `3 assertions, 1 failed; 2 values logged`.
  static func summary(of entries: [LogEntry]) -> String {
    let assertions = entries.count(where: \.isAssertion)
    let values = entries.count - assertions
    return (assertions == 1 ? "1 assertion" : "\(assertions) assertions")
      + ", \(entries.count(where: \.failed)) failed; " + (values == 1 ? "1 value logged" : "\(values) values logged")
  }
}
