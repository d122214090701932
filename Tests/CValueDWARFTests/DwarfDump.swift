import CValueDWARF
import Foundation

/// Every DIE of a file as `llvm-dwarfdump-14` shows it and as the reader reads it, in one shape, so that the two
/// compare line by line: the DIE's offset, tag, name, how many attributes it has, and the values of the
/// attributes the import reads (sizes, offsets, bounds, references as the offset or signature they name).
enum DwarfDump {
  /// The attributes whose values are compared, with their names as `llvm-dwarfdump` prints them.
  static let compared: [(DWAttribute, String)] = [
    (.byteSize, "DW_AT_byte_size"), (.bitSize, "DW_AT_bit_size"), (.dataBitOffset, "DW_AT_data_bit_offset"),
    (.bitOffset, "DW_AT_bit_offset"), (.dataMemberLocation, "DW_AT_data_member_location"),
    (.count, "DW_AT_count"), (.upperBound, "DW_AT_upper_bound"), (.type, "DW_AT_type"),
    (.declaration, "DW_AT_declaration"), (.signature, "DW_AT_signature"), (DWAttribute(0x88), "DW_AT_alignment"),
    (.specification, "DW_AT_specification"), (.encoding, "DW_AT_encoding"),
  ]

  static let encodings = [
    1: "DW_ATE_address", 2: "DW_ATE_boolean", 3: "DW_ATE_complex_float", 4: "DW_ATE_float", 5: "DW_ATE_signed",
    6: "DW_ATE_signed_char", 7: "DW_ATE_unsigned", 8: "DW_ATE_unsigned_char", 0x10: "DW_ATE_UTF",
  ]

  /// `llvm-dwarfdump-14 --debug-info --debug-types` of `file` (with `--arch` for a universal file), as lines.
  /// `unitRelative` counts offsets from each unit's start: an object's COMDAT sections of one name, which
  /// `llvm-dwarfdump` shows one by one from 0, and the reader as one joined section.
  static func reference(_ file: String, architecture: String? = nil, unitRelative: Bool = false) throws -> [String] {
    var arguments = ["--debug-info", "--debug-types"]
    if let architecture { arguments += ["--arch", architecture] }
    let output = try DWARFFixture.run("llvm-dwarfdump-14", arguments + [file], in: DWARFFixture.root)
    return parse(output, unitRelative: unitRelative)
  }

  /// The lines of `llvm-dwarfdump` output in the compared shape.
  static func parse(_ output: String, unitRelative: Bool = false) -> [String] {
    var result: [String] = []
    var unit: UInt64 = 0
    var current: (head: String, count: Int, values: [String])?
    func flush() {
      if let current {
        result.append(([current.head, "attributes \(current.count)"] + current.values).joined(separator: " | "))
      }
      current = nil
    }
    for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
      if unitRelative, let header = line.firstMatch(of: /^0x([0-9a-f]+): [A-Za-z ]*Unit:/) {
        unit = UInt64(header.1, radix: 16) ?? 0
        continue
      }
      if let match = line.firstMatch(of: /^0x([0-9a-f]+):\s+(DW_TAG_\w+|NULL)/) {
        flush()
        guard match.2 != "NULL" else { continue }
        current = ("0x\(String((UInt64(match.1, radix: 16) ?? 0) - unit, radix: 16)) \(match.2)", 0, [])
        continue
      }
      guard current != nil, let attribute = line.firstMatch(of: /^\s+(DW_AT_\w+|DW_AT_0x[0-9a-f]+)\s+\((.*)/) else {
        continue
      }
      current?.count += 1
      let name = String(attribute.1)
      var value = String(attribute.2)
      if value.hasSuffix(")") { value.removeLast() }
      if name == "DW_AT_name", value.hasPrefix("\""), value.hasSuffix("\"") {
        current?.head += " \(value)"
      } else if let label = compared.first(where: { $0.1 == name })?.1 {
        var text = normalize(value)
        // A reference within the unit (a signature prints as 16 hex digits).
        if unitRelative, name == "DW_AT_type" || name == "DW_AT_specification",
          value.split(separator: " ").first?.count != 18, let number = UInt64(text)
        {
          text = String(number - unit)
        }
        current?.values.append("\(label) \(text)")
      }
    }
    flush()
    return result
  }

  /// A printed value as a number where it is one (`0x08`, `0x00000034 "int"`, `-1`), else as printed.
  private static func normalize(_ value: String) -> String {
    let first = value.split(separator: " ").first.map(String.init) ?? value
    if first.hasPrefix("0x"), let number = UInt64(first.dropFirst(2), radix: 16) { return String(number) }
    if let number = Int64(first) { return String(number) }
    return value
  }

  /// Every DIE of `dwarf` in the compared shape: its `.debug_info` units, then its `.debug_types` ones (as
  /// `llvm-dwarfdump` prints them).
  static func read(_ dwarf: DWARF, unitRelative: Bool = false) throws -> [String] {
    var result: [String] = []
    for section in [SectionKind.info, .types] where dwarf.sections.has(section) {
      for unit in try dwarf.units(in: section) { result += try read(unit, unitRelative: unitRelative) }
    }
    return result
  }

  static func read(_ unit: DWARFUnit, unitRelative: Bool = false) throws -> [String] {
    var result: [String] = []
    var entries = unit.entries()
    let base = unitRelative ? unit.offset : 0
    while let (die, _) = try entries.next() {
      var head = "0x\(String(die.offset - base, radix: 16)) \(TagNames.name(die.tag))"
      if let name = try die.string(.name) { head += " \"\(name)\"" }
      var line = [head, "attributes \(die.declaredAttributes.count)"]
      for attribute in try die.attributes() {
        guard let label = compared.first(where: { $0.0 == attribute.name })?.1 else { continue }
        var value = try text(attribute, unit: unit)
        if case .reference(.unit(let offset)) = attribute.value { value = String(offset - base) }
        line.append("\(label) \(value)")
      }
      result.append(line.joined(separator: " | "))
    }
    return result
  }

  private static func text(_ attribute: Attribute, unit: DWARFUnit) throws -> String {
    switch attribute.value {
    case .constant(let value):
      if attribute.name == .encoding { return encodings[Int(value)] ?? String(value) }
      return String(value)
    case .signedConstant(let value): return String(value)
    case .flag(let value): return value ? "true" : "false"
    case .reference(.unit(let offset)), .reference(.section(let offset)): return String(offset)
    case .reference(.signature(let signature)): return String(signature)
    case .expression(let block), .block(let block):
      let expression = try Expression(block, unit: unit)
      return expression.operations.map { operation in
        ([OperationNames.name(operation.opcode)] + operation.operands.map { "0x" + String($0, radix: 16) })
          .joined(separator: " ")
      }.joined(separator: ", ")
    default: return "\(attribute.value)"
    }
  }
}
