#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// ``ImportedTypes`` as lines of tab-separated fields (``TabSeparatedLine``): what a read of types kept on disk
/// holds, so that the next process asking for the same types reads them back instead of reading the source.
///
/// Text, not JSON: every test process of a suite reads its kept reads, and `JSONDecoder`'s first use in a
/// process (its generic containers made for each `Codable` type) was 9% of such a process. A layout override,
/// rare, is the one part kept as JSON, decoded only when a record has one. A line's first field says what it
/// is; the others follow in this order (here apart by spaces):
///
/// ```
/// abi          x86_64-linux
/// kind         debug info
/// input        build/test
/// argument     -DNDEBUG
/// detail       target  x86_64-linux-gnu
/// skipped      struct wide  holds __float128, which no encoding describes
/// unimportable struct wide
/// record       struct unit_0_1  {unit_0_1="id"q"tail"[2C]}  16  8  inferred  +unit_0.c  -
/// typedef      point_t  {point="x"i"y"i}
/// enumeration  struct tcp_info  state  +tcp_state
/// constant     TCP_LISTEN  10
/// ```
///
/// An optional field is `+` and its text, or `-` (a record's place and override, an enumeration's name).
extension ImportedTypes {
  /// The lines of these types; `nil` when their ABI is not one of ``ABI/all`` (no name reads it back) or an
  /// override cannot be written.
  package var lines: [String]? {
    guard ABI.all.first(where: { $0.name == abi.name }) == abi else { return nil }
    var lines: [String] = []
    func line(_ fields: String...) { lines.append(TabSeparatedLine.make(fields)) }
    line("abi", abi.name)
    line("kind", origin.kind)
    for input in origin.inputs { line("input", input) }
    for argument in origin.arguments { line("argument", argument) }
    for (key, value) in origin.details.sorted(by: { $0.key < $1.key }) { line("detail", key, value) }
    for (key, value) in skipped.sorted(by: { $0.key < $1.key }) { line("skipped", key, value) }
    for name in unimportable.sorted() { line("unimportable", name) }
    for record in records {
      var override: String?
      if let layout = record.override {
        guard let json = try? JSONEncoder().encode(OverrideJSON(layout)) else { return nil }
        override = String(decoding: json, as: UTF8.self)
      }
      line(
        "record", record.name, record.encoding.description, String(record.size), String(record.alignment),
        record.alignmentSource.rawValue, TabSeparatedLine.optional(record.place), TabSeparatedLine.optional(override))
    }
    for typedef in typedefs { line("typedef", typedef.name, typedef.encoding.description) }
    for enumeration in enumerations {
      line(
        "enumeration", enumeration.record, enumeration.member, TabSeparatedLine.optional(enumeration.enumeration.name))
      for constant in enumeration.enumeration.constants { line("constant", constant.name, String(constant.value)) }
    }
    return lines
  }

  /// The types `lines` hold, as ``lines`` writes them; `nil` when a line is not one this format writes, a field
  /// does not read back, or the ABI or the kind is missing.
  package init?(lines: [Substring]) {
    var abi: ABI?
    var kind: String?
    var origin = Origin(kind: "")
    var read = ImportedTypes(abi: .host, origin: origin)
    // An enumeration's constants follow its line: each is made whole after the last.
    var enumerations: [(record: String, member: String, name: String?, constants: [(name: String, value: Int64)])] = []
    for text in lines {
      guard let fields = TabSeparatedLine.fields(text), let first = fields.first else { return nil }
      let rest = fields.dropFirst()
      switch (first, rest.count) {
      case ("abi", 1):
        guard let named = ABI.all.first(where: { $0.name == rest.first }) else { return nil }
        abi = named
      case ("kind", 1): kind = rest.first
      case ("input", 1): origin.inputs.append(fields[1])
      case ("argument", 1): origin.arguments.append(fields[1])
      case ("detail", 2): origin.details[fields[1]] = fields[2]
      case ("skipped", 2): read.skipped[fields[1]] = fields[2]
      case ("unimportable", 1): read.unimportable.insert(fields[1])
      case ("record", 7):
        guard let record = Self.record(Array(rest)) else { return nil }
        read.records.append(record)
      case ("typedef", 2):
        guard let encoding = try? TypeEncoding(fields[2]) else { return nil }
        read.typedefs.append(Typedef(name: fields[1], encoding: encoding))
      case ("enumeration", 3):
        guard let name = TabSeparatedLine.optional(fields[3]) else { return nil }
        enumerations.append((fields[1], fields[2], name, []))
      case ("constant", 2):
        guard let value = Int64(fields[2]), !enumerations.isEmpty else { return nil }
        enumerations[enumerations.count - 1].constants.append((fields[1], value))
      default: return nil
      }
    }
    guard let abi, let kind else { return nil }
    read.enumerations = enumerations.map {
      Enumeration(
        record: $0.record, member: $0.member, enumeration: CEnumeration(name: $0.name, constants: $0.constants))
    }
    origin.kind = kind
    read.abi = abi
    read.origin = origin
    self = read
  }

  /// A record from a `record` line's fields after the first; `nil` when one does not read back.
  private static func record(_ fields: [String]) -> Record? {
    guard let encoding = try? TypeEncoding(fields[1]), let size = Int(fields[2]), let alignment = Int(fields[3]),
      let source = AlignmentSource(rawValue: fields[4]), let place = TabSeparatedLine.optional(fields[5]),
      let json = TabSeparatedLine.optional(fields[6])
    else { return nil }
    var override: LayoutOverride?
    if let json {
      guard let decoded = try? JSONDecoder().decode(OverrideJSON.self, from: Data(json.utf8)) else { return nil }
      override = decoded.override
    }
    return Record(
      name: fields[0], encoding: encoding, override: override, size: size, alignment: alignment,
      alignmentSource: source, place: place)
  }
}
