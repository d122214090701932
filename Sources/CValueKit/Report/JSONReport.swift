/// The JSON format: one schema 1 object, as the JSONOutput article documents it, for a program to read.
///
/// A comparison's, a description's and a log's object are ``JSONValue``s written on one line with sorted keys;
/// a layout's is written field by field as it is made, its keys in the documented order (`JSONEncoder` on
/// Linux orders keys by hash, or sorts them), so that it streams.
struct JSONReport: ReportWriter {
  func write(
    _ comparison: Comparison, headline: String?, values: Comparison.ShownValues, to output: inout some TextOutputStream
  ) {
    // One object whatever the headline and the values shown: a program reads every field and both values.
    output.write(Self.object(comparison).text)
  }

  func write(_ layout: CLayout, name: String?, alignmentSource: String, to output: inout some TextOutputStream) {
    let quoted = JSONValue.quoted
    output.write(
      "{\"encoding\":\(quoted(layout.type.description)),\"size\":\(layout.size),"
        + "\"alignment\":\(layout.alignment),\"alignmentSource\":\(quoted(alignmentSource)),"
        + "\"stride\":\(layout.stride),\"fields\":[")
    var separator = "\n"
    for field in layout.foldedFields {
      var entry =
        "{\"path\":\(quoted(field.path.description)),\"offset\":\(field.offset),\"size\":\(field.size),"
        + "\"encoding\":\(quoted(field.type.description))"
      if let bits = field.bits { entry += ",\"bitOffset\":\(bits.lowerBound),\"bitWidth\":\(bits.count)" }
      if let element = field.flexibleArrayElement {
        entry += ",\"flexibleArray\":{\"element\":\(quoted(element.description))}"
      }
      // An array folded to its first element: every index of the path, outermost first.
      let folds =
        field.recordFolds
        + field.foldedCounts.indices.map { dimension in
          CLayout.ArrayFold(
            count: field.foldedCounts[dimension],
            stride: field.size * field.foldedCounts[(dimension + 1)...].reduce(1, *))
        }
      if !folds.isEmpty { entry += ",\"folded\":" + Self.folds(folds) }
      output.write(separator + entry + "}")
      separator = ",\n"
    }
    output.write("],\"padding\":[")
    separator = ""
    for hole in layout.foldedPadding {
      let range = hole.range
      let folded = hole.folds.isEmpty ? "" : ",\"folded\":" + Self.folds(hole.folds)
      output.write(separator + "{\"offset\":\(range.lowerBound),\"size\":\(range.count)\(folded)}")
      separator = ","
    }
    output.write("]}\n")
  }

  func write(_ description: DescribedValue, to output: inout some TextOutputStream) {
    let leaves: [JSONValue] = description.leaves().map { leaf in
      let field = leaf.field
      return .object([
        "path": .string(leaf.path.description), "offset": JSONValue(leaf.offset), "size": JSONValue(field.size),
        "encoding": .string(field.type.description), "cType": .string(field.type.cTypeName),
        "bitOffset": field.bits.map { JSONValue($0.lowerBound) }, "bitWidth": field.bits.map { JSONValue($0.count) },
        "text": .string(leaf.text), "number": JSONValue.number(leaf.text),
      ])
    }
    let object: JSONValue = .object([
      "schema": JSONValue.schema, "type": .string(description.type.description),
      "size": description.size.map { JSONValue($0) }, "description": .string(description.text),
      "fields": .array(leaves),
    ])
    output.write(object.text)
  }

  func write(_ entries: [LogEntry], to output: inout some TextOutputStream) {
    let objects: [JSONValue] = entries.map { entry in
      var members: [String: JSONValue?] = [
        "file": .string(entry.file), "line": JSONValue(entry.line), "offset": entry.offset.map { JSONValue($0) },
        "type": .string(entry.type), "count": entry.count.map { JSONValue($0) },
        "message": entry.message.isEmpty ? nil : .string(entry.message),
      ]
      switch entry.result {
      case .assertion(let comparison):
        members.merge(["kind": "assertion", "comparison": Self.object(comparison)]) { $1 }
      case .value(let description): members.merge(["kind": "value", "description": .string(description)]) { $1 }
      }
      return .object(members)
    }
    let assertions = entries.count(where: \.isAssertion)
    let object: JSONValue = .object([
      "schema": JSONValue.schema, "assertionCount": JSONValue(assertions),
      "failedCount": JSONValue(entries.count(where: \.failed)), "valueCount": JSONValue(entries.count - assertions),
      "entries": .array(objects),
    ])
    output.write(object.text)
  }
}

extension JSONReport {
  /// The arrays a layout's field or hole is folded over: `[{"count":100,"stride":8}]`.
  static func folds(_ folds: [CLayout.ArrayFold]) -> String {
    "[" + folds.map { "{\"count\":\($0.count),\"stride\":\($0.stride)}" }.joined(separator: ",") + "]"
  }

  /// A comparison's object.
  static func object(_ comparison: Comparison) -> JSONValue {
    .object([
      "schema": JSONValue.schema, "type": .string(comparison.type.description),
      "typeName": .string(comparison.typeName), "isEqual": .bool(comparison.isEqual),
      "strategy": .string(comparison.strategy.description),
      "comparedFieldCount": JSONValue(comparison.comparedFieldCount),
      "mismatchCount": JSONValue(comparison.mismatchCount), "mismatches": .array(comparison.mismatches.map(object)),
      "ignoredPaths": .array(comparison.ignoredPaths.map { .string($0.description) }),
      "actual": comparison.actualDescription.map(JSONValue.string),
      "expected": comparison.expectedDescription.map(JSONValue.string),
    ])
  }

  /// One mismatch; padding bytes (``ComparisonOptions/comparesPadding``) carry the path `<after>+padding`
  /// (`padding` with no field before them) and a `padding` object saying where they are.
  static func object(_ mismatch: Mismatch) -> JSONValue {
    var path = mismatch.path.description
    var padding: JSONValue?
    if let range = mismatch.paddingRange {
      let after = mismatch.paddingAfter
      path = after.map { $0.components.isEmpty ? "padding" : "\($0)+padding" } ?? "padding"
      padding = .object([
        "offset": JSONValue(range.lowerBound), "size": JSONValue(range.count),
        "after": after.map { .string($0.description) },
        "before": mismatch.paddingBefore.map { .string($0.description) },
      ])
    }
    return .object([
      "path": .string(path), "offset": JSONValue(mismatch.offset), "padding": padding,
      "actual": .string(mismatch.actual), "expected": .string(mismatch.expected),
      "actualNumber": JSONValue.number(mismatch.actual), "expectedNumber": JSONValue.number(mismatch.expected),
      "difference": mismatch.difference.flatMap(JSONValue.finite), "tolerance": mismatch.tolerance.map(object),
      "firstDifference": mismatch.firstDifference.map { JSONValue($0) },
    ])
  }

  /// A tolerance: its numbers, its flags and its text.
  static func object(_ tolerance: FloatTolerance) -> JSONValue {
    .object([
      "absolute": JSONValue.finite(tolerance.absolute), "relative": JSONValue.finite(tolerance.relative),
      "ulps": .integer(Int64(clamping: tolerance.ulps)), "nanEqualsNaN": .bool(tolerance.nanEqualsNaN),
      "bitwise": .bool(tolerance.isBitwise), "text": .string(tolerance.description),
    ])
  }
}
