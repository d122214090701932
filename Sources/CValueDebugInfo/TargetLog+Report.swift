public import CValueKit

extension TargetLog {
  /// The log written in `format`: each entry's text (an assertion's verdict with the comparison's report, a
  /// logged value as a C initializer) and a closing count, or one schema 1 JSON object.
  ///
  /// ```text
  /// test.c:31: passed: struct reading values are equal
  /// test.c:33: failed: struct reading values differ at .volts: 3.3 ≠ 3.301 (difference 0.001)
  ///   .volts: 3.3 ≠ 3.301 (difference 0.001)
  ///   actual:   {.channel = 1, .raw = -5, .volts = 3.3, .mode = MODE_RUN}
  ///   expected: {.channel = 1, .raw = -5, .volts = 3.301, .mode = MODE_RUN}
  /// test.c:35: struct reading = {.channel = 1, .raw = -5, .volts = 3.3, .mode = MODE_RUN}
  /// 2 assertions, 1 failed; 1 value logged
  /// ```
  ///
  /// The JSON object: `schema` 1, `assertionCount`, `failedCount`, `valueCount`, and `entries`, each with
  /// `kind` (`assertion` or `value`), `file`, `line`, `type`, `offset` (the record's byte offset in the log),
  /// `count` for the array forms, `message` when the site has one, and `comparison` (the comparison's schema
  /// 1 object, as `cvalue compare --json` prints it) or `description`. Keys are sorted.
  ///
  /// - Parameter format: `ReportFormat.text` or `ReportFormat.json`.
  /// - Returns: The text, without a final newline.
  public func report(as format: ReportFormat) -> String {
    switch format {
    case .text: return (entries.map(Self.text) + [summary]).joined(separator: "\n")
    case .json:
      let objects = entries.map(Self.json).joined(separator: ",")
      return "{\"assertionCount\":\(assertionCount),\"entries\":[\(objects)],\"failedCount\":\(failedCount),"
        + "\"schema\":1,\"valueCount\":\(entries.count - assertionCount)}"
    }
  }

  /// The closing line: `3 assertions, 1 failed; 2 values logged`.
  public var summary: String {
    let values = entries.count - assertionCount
    let assertions = assertionCount == 1 ? "1 assertion" : "\(assertionCount) assertions"
    return "\(assertions), \(failedCount) failed; " + (values == 1 ? "1 value logged" : "\(values) values logged")
  }

  private static func text(_ entry: Entry) -> String {
    let site = entry.site
    let message = site.message.isEmpty ? "" : " \(site.message):"
    switch entry.result {
    case .assertion(let comparison) where comparison.isEqual:
      return "\(site.location): passed:\(message) \(comparison.summary)"
    case .assertion(let comparison):
      return comparison.report(as: .text, headline: "\(site.location): failed:\(message) \(comparison.summary)")
    case .value(let description):
      let type = site.kind == .valueArray ? "\(site.type)[\(entry.count)]" : site.type
      return "\(site.location):\(message) \(type) = \(description)"
    }
  }

  private static func json(_ entry: Entry) -> String {
    let site = entry.site
    var fields: [(String, String)] = [
      ("file", quoted(site.file)), ("line", "\(site.line)"), ("offset", "\(entry.offset)"), ("type", quoted(site.type)),
    ]
    if site.kind == .assertionArray || site.kind == .valueArray { fields.append(("count", "\(entry.count)")) }
    if !site.message.isEmpty { fields.append(("message", quoted(site.message))) }
    switch entry.result {
    case .assertion(let comparison):
      fields += [("comparison", comparison.report(as: .json)), ("kind", quoted("assertion"))]
    case .value(let description): fields += [("description", quoted(description)), ("kind", quoted("value"))]
    }
    return "{" + fields.sorted { $0.0 < $1.0 }.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }

  /// A JSON string: quotes, backslashes and control characters escaped.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case let control where control.value < 0x20:
        let digits = String(control.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
