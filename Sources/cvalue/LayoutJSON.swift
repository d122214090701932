import CValueKit
import Foundation

/// `cvalue layout --json`: the layout object, written field by field so that it streams.
enum LayoutJSON {
  private struct Header: Encodable {
    var encoding: String
    var size: Int
    var alignment: Int
    var stride: Int
  }

  private struct Field: Encodable {
    var path: String
    var offset: Int
    var size: Int
    var encoding: String
    var bitOffset: Int?
    var bitWidth: Int?
  }

  private struct Padding: Encodable {
    var offset: Int
    var size: Int
  }

  static func write(_ layout: CLayout, to output: inout StandardOutput) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let header = try text(
      Header(encoding: layout.type.description, size: layout.size, alignment: layout.alignment, stride: layout.stride),
      encoder)
    output.write(String(header.dropLast()))
    output.write(",\"fields\":[")
    var separator = "\n"
    for field in layout.fields {
      let entry = Field(
        path: field.path.description, offset: field.offset, size: field.size, encoding: field.type.description,
        bitOffset: field.bits?.offset, bitWidth: field.bits?.width)
      output.write(separator + (try text(entry, encoder)))
      separator = ",\n"
    }
    output.write("],\"padding\":[")
    separator = ""
    for range in layout.padding {
      output.write(separator + (try text(Padding(offset: range.lowerBound, size: range.count), encoder)))
      separator = ","
    }
    output.write("]}\n")
  }

  private static func text(_ value: some Encodable, _ encoder: JSONEncoder) throws -> String {
    String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
