import CValueKit
import Testing

/// A third source of types written against public API alone, in this one file: a table of records as a
/// target's own tables might list them (name, size, and each member's name, type and byte offset), read
/// through the import pass every source shares, registered with the one registration, and compared.
@Suite("A source of types of one's own")
struct TableSourceTests {
  /// One row: a record as the table states it.
  struct Row {
    var name: String
    var size: Int
    var alignment: Int
    /// Name, type (an integer width in bytes, or another row's name), byte offset.
    var members: [(name: String, type: String, offset: Int)]
  }

  /// The reader: rows by name, records read in the order the pass asks.
  struct TableReader: TypeReader {
    enum Failure: Error, Equatable, CustomStringConvertible {
      case problem(ImportProblem)

      var description: String {
        switch self {
        case .problem(let problem): "\(problem)"
        }
      }
    }

    let rows: [String: Row]
    let order: [String]
    private(set) var records: [SourceRecord] = []
    private var read: [String: TypeEncoding] = [:]

    init(_ rows: [Row]) {
      self.rows = Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0) })
      order = rows.map(\.name)
    }

    func declarations() -> TypeDeclarations<String> {
      TypeDeclarations(entries: order.map { .init(name: "struct \($0)", type: $0, isTypedef: false, place: "table") })
    }

    mutating func encoding(of entry: TypeDeclarations<String>.Entry) throws(Failure) -> TypeEncoding {
      try record(entry.type ?? "")
    }

    private mutating func record(_ name: String) throws(Failure) -> TypeEncoding {
      if let known = read[name] { return known }
      guard let row = rows[name] else { throw .problem(.incompleteType("struct \(name)")) }
      var fields: [TypeEncoding.Field] = []
      var members: [SourceRecord.Member] = []
      var holds: Set<String> = []
      for member in row.members {
        let type: TypeEncoding
        let size: Int
        if let width = Int(member.type) {
          guard let scalar = TypeEncoding.Scalar.integer(signed: true, size: width, isLong: false) else {
            throw .problem(
              .unsupportedType("a \(width)-byte integer", record: "struct \(name)", field: "." + member.name))
          }
          type = .scalar(scalar)
          size = width
        } else {
          type = try record(member.type)
          size = rows[member.type]?.size ?? 0
          holds.insert("struct \(member.type)")
        }
        fields.append(.init(name: member.name, type: type))
        members.append(.init(name: member.name, bitOffset: member.offset * 8, size: size))
      }
      let encoding = TypeEncoding.structure(.init(name: name, fields: fields))
      records.append(
        SourceRecord(
          name: "struct \(name)", encoding: encoding, size: row.size, alignment: row.alignment,
          alignmentSource: .attribute, place: "table", members: members, holds: holds))
      read[name] = encoding
      return encoding
    }

    func heldRecord(_ type: String) -> String? { "struct \(type)" }
    func typedefProblem(_ type: String?, named name: String) -> TypedefProblem? { nil }
    func failure(_ problem: ImportProblem) -> Failure { .problem(problem) }
    func problem(in failure: Failure) -> ImportProblem? {
      switch failure {
      case .problem(let problem): problem
      }
    }
  }

  static let rows = [
    // A packed frame: a 4-byte integer right after a 1-byte one.
    Row(name: "frame", size: 7, alignment: 1, members: [("tag", "1", 0), ("length", "4", 1), ("crc", "2", 5)]),
    Row(name: "message", size: 16, alignment: 8, members: [("id", "8", 0), ("frame", "frame", 8)]),
    Row(name: "wide", size: 16, alignment: 16, members: [("value", "16", 0)]),
    Row(name: "odd", size: 3, alignment: 1, members: [("value", "3", 0)]),
  ]

  @Test("read through the one pass, registered, laid out and compared")
  func aTableSourceImportsRegistersAndCompares() throws {
    var reader = TableReader(Self.rows)
    let imported = try ImportedTypes(
      reading: &reader, types: nil, abi: .x86_64Linux, origin: .init(kind: "table", inputs: ["rows"]))
    #expect(imported.records.map(\.name) == ["struct frame", "struct message", "struct wide"])
    #expect(imported.records.map { $0.override != nil } == [true, false, false])
    #expect(imported.records.map(\.place) == ["table", "table", "table"])
    #expect(imported.skipped == ["struct odd": "struct odd.value: a 3-byte integer has no type encoding"])
    #expect(imported.unimportable == ["struct odd"])

    let catalog = TypeCatalog()
    try catalog.register(imported)
    let layout = try catalog.layout(of: "{message}", abi: .x86_64Linux)
    #expect(layout.size == 16)
    #expect(
      layout.fields.map { "\($0.path) @\($0.offset)" } == [
        ".id @0", ".frame.tag @8", ".frame.length @9", ".frame.crc @13",
      ])
    let message = try ValueRegistry(catalog: catalog).resolve("{message}", abi: .x86_64Linux)
    let expected = try message.parse("{.id = 1, .frame = {.tag = 2, .length = 300, .crc = 4}}")
    let actual = try message.parse("{.id = 1, .frame = {.tag = 2, .length = 301, .crc = 4}}")
    #expect(try message.compare(bytes: actual, expected).mismatches.map(\.path.description) == [".frame.length"])
  }

  @Test("a type asked for by name that the table lacks is the source's own error")
  func anUnknownNameIsTheSourcesError() {
    var reader = TableReader(Self.rows)
    #expect(throws: TableReader.Failure.problem(.unknownType("packet"))) {
      try ImportedTypes(reading: &reader, types: ["packet"], abi: .x86_64Linux, origin: .init(kind: "table"))
    }
    var another = TableReader(Self.rows)
    #expect(
      throws: TableReader.Failure.problem(.unsupportedType("a 3-byte integer", record: "struct odd", field: ".value"))
    ) {
      try ImportedTypes(reading: &another, types: ["odd"], abi: .x86_64Linux, origin: .init(kind: "table"))
    }
  }
}
