import CValueKit
import Foundation

/// `cvalue layout --json`: the layout object with its keys in the documented order, written field by field
/// so that it streams. Foundation's encoder escapes the strings; the key order is ours, since
/// `JSONEncoder` on Linux orders keys by hash.
enum LayoutJSON {
  static func write(_ layout: CLayout, alignmentSource: String, to output: inout StandardOutput) throws {
    output.write(
      "{\"encoding\":\(try quoted(layout.type.description)),\"size\":\(layout.size),"
        + "\"alignment\":\(layout.alignment),\"alignmentSource\":\(try quoted(alignmentSource)),"
        + "\"stride\":\(layout.stride),\"fields\":[")
    var separator = "\n"
    for field in layout.fields {
      var entry =
        "{\"path\":\(try quoted(field.path.description)),\"offset\":\(field.offset),\"size\":\(field.size),"
        + "\"encoding\":\(try quoted(field.type.description))"
      if let bits = field.bits { entry += ",\"bitOffset\":\(bits.lowerBound),\"bitWidth\":\(bits.count)" }
      if let element = field.flexibleArrayElement {
        entry += ",\"flexibleArray\":{\"element\":\(try quoted(element.description))}"
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

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return encoder
  }()

  private static func quoted(_ text: String) throws -> String {
    String(decoding: try encoder.encode(text), as: UTF8.self)
  }
}
