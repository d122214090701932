package import CValueKit

/// Both values' bytes side by side, 8 to a row, for a failure's attachment: a padding byte is marked `~`,
/// a byte that differs `*`, a padding byte that differs `!`. Bytes longer than one value are a run of
/// values, one stride apart, each with the layout's padding.
///
/// ```
/// cv_reading: 24 bytes (~ padding, * differs, ! padding that differs)
/// offset  actual                    expected
/// 0000    41  00~ 11! 00~ 00~ 00~ 00~ 00~   41  00~ 00! 00~ 00~ 00~ 00~ 00~
/// ```
package enum ByteDump {
  package static func text(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, typeName: String, layout: CLayout?
  ) -> String {
    var isPadding = [Bool](repeating: false, count: max(actual.count, expected.count))
    // A run of values (an array snapshot) repeats one value's padding in every element.
    if let layout, layout.stride > 0 {
      for base in stride(from: 0, to: isPadding.count, by: layout.stride) {
        for range in layout.padding {
          for offset in range where base + offset < isPadding.count { isPadding[base + offset] = true }
        }
      }
    }
    let count = max(actual.count, expected.count)
    var lines = [
      "\(typeName): \(count) \(count == 1 ? "byte" : "bytes") (~ padding, * differs, ! padding that differs)",
      "offset  actual" + String(repeating: " ", count: 8 * 4 - 6 + 2) + "expected",
    ]
    func cell(_ bytes: UnsafeRawBufferPointer, _ other: UnsafeRawBufferPointer, _ offset: Int) -> String {
      guard offset < bytes.count else { return "    " }
      let differs = offset >= other.count || bytes[offset] != other[offset]
      let mark = isPadding[offset] ? (differs ? "!" : "~") : (differs ? "*" : " ")
      let digits = String(bytes[offset], radix: 16)
      return (digits.count == 1 ? "0" + digits : digits) + mark + " "
    }
    for row in stride(from: 0, to: count, by: 8) {
      let offsets = row..<min(row + 8, count)
      let hexOffset = String(row, radix: 16)
      var line = String(repeating: "0", count: max(0, 4 - hexOffset.count)) + hexOffset + "    "
      line += offsets.map { cell(actual, expected, $0) }.joined()
      line += String(repeating: "    ", count: 8 - offsets.count) + "  "
      line += offsets.map { cell(expected, actual, $0) }.joined()
      lines.append(String(line.reversed().drop { $0 == " " }.reversed()))
    }
    return lines.joined(separator: "\n")
  }
}
