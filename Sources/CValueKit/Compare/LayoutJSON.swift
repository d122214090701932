/// The layout's schema 1 JSON object (``ReportFormat/json`` of ``CLayout/report(as:name:alignmentSource:to:)``),
/// with its keys in the documented order, written field by field so that it streams. ``ReportJSON`` escapes
/// the strings; the key order is ours, since `JSONEncoder` on Linux orders keys by hash (or sorts them).
enum LayoutJSON {
  static func write(_ layout: CLayout, alignmentSource: String, to output: inout some TextOutputStream) {
    output.write(
      "{\"encoding\":\(quoted(layout.type.description)),\"size\":\(layout.size),"
        + "\"alignment\":\(layout.alignment),\"alignmentSource\":\(quoted(alignmentSource)),"
        + "\"stride\":\(layout.stride),\"fields\":[")
    var separator = "\n"
    for field in layout.fields {
      var entry =
        "{\"path\":\(quoted(field.path.description)),\"offset\":\(field.offset),\"size\":\(field.size),"
        + "\"encoding\":\(quoted(field.type.description))"
      if let bits = field.bits { entry += ",\"bitOffset\":\(bits.lowerBound),\"bitWidth\":\(bits.count)" }
      if let element = field.flexibleArrayElement {
        entry += ",\"flexibleArray\":{\"element\":\(quoted(element.description))}"
      }
      output.write(separator + entry + "}")
      separator = ",\n"
    }
    output.write("],\"padding\":[")
    separator = ""
    for range in layout.padding {
      output.write(separator + "{\"offset\":\(range.lowerBound),\"size\":\(range.count)}")
      separator = ","
    }
    output.write("]}\n")
  }

  /// A string as JSON, quoted and escaped.
  private static func quoted(_ text: String) -> String { ReportJSON.text(.string(text)) }
}
