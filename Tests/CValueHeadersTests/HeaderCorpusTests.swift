import CValueHeaders
import CValueKit
import Foundation
import TestSupport
import Testing

/// Every record an import of a real header registers, against what a compiled C program reports for it
/// (Scripts/headers/generate-oracle.py: sizeof, _Alignof, offsetof and bitfield probes, not libclang).
@Suite struct HeaderCorpusTests {
  struct Oracle: Decodable {
    struct Record: Decodable, Equatable {
      var size: Int
      var alignment: Int
      var fields: [String: Field]
    }
    struct Field: Decodable, Equatable, CustomStringConvertible {
      var offset: Int?
      var size: Int?
      var bitOffset: Int?
      var bitWidth: Int?
      var description: String {
        if let bitOffset, let bitWidth { return "bits \(bitOffset)+\(bitWidth)" }
        return "@\(offset ?? -1) +\(size ?? -1)"
      }
    }
    var compiler: String
    var headers: [String: [String: Record]]
    var missing: [String]
  }

  static let oracle: Oracle = {
    do {
      let data = try Data(contentsOf: Fixtures.url("headers/oracle.json"))
      return try JSONDecoder().decode(Oracle.self, from: data)
    } catch {
      fatalError("Tests/Fixtures/headers/oracle.json: \(error)")
    }
  }()

  @Test func theCorpusIsComplete() {
    #expect(
      Self.oracle.headers.keys.sorted() == [
        "linux/if_ether.h", "net/if.h", "netinet/in.h", "netinet/ip.h", "netinet/tcp.h", "netinet/udp.h",
        "signal.h", "sys/epoll.h", "sys/stat.h", "sys/timex.h", "time.h", "zlib.h",
      ])
    #expect(Self.oracle.missing == [], "headers missing when the oracle was generated")
  }

  @Test(arguments: oracle.headers.keys.sorted().filter { $0 != "zlib.h" })
  func everyRecordMatchesTheCompiler(header: String) throws {
    try expectEveryRecordMatchesTheCompiler(header: header)
  }

  @Test(.needs(.zlib)) func everyZlibRecordMatchesTheCompiler() throws {
    try expectEveryRecordMatchesTheCompiler(header: "zlib.h")
  }

  func expectEveryRecordMatchesTheCompiler(header: String) throws {
    let expected = try #require(Self.oracle.headers[header])
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders([header])
    let records = imported.records.filter { !$0.name.contains(".") && !$0.name.contains("(anonymous") }
    // clang declares `struct __va_list_tag` itself (va_list on x86_64): the import reads it through the
    // typedefs of va_list, but clang's AST dump, where the oracle finds its records, does not show it.
    let builtins: Set = header == "zlib.h" ? ["struct __va_list_tag"] : []
    #expect(Set(records.map(\.name)).subtracting(builtins) == Set(expected.keys))
    try Self.expect(records, in: catalog, abi: imported.abi, toMatch: expected)
  }

  /// Every record's size, alignment and named fields, laid out for `abi`, equal the oracle's.
  static func expect(
    _ records: [ImportedTypes.Record], in catalog: TypeCatalog, abi: ABI, toMatch expected: [String: Oracle.Record]
  ) throws {
    var fieldsChecked = 0
    for record in records {
      guard let oracle = expected[record.name] else { continue }
      let layout = try catalog.layout(of: record.encoding, abi: abi)
      #expect(layout.size == oracle.size, "\(record.name) size")
      #expect(layout.alignment == oracle.alignment, "\(record.name) alignment")
      var fields: [String: Oracle.Field] = [:]
      Self.collect(layout.root, prefix: "", base: 0, into: &fields)
      for (path, field) in oracle.fields where fields[path] != field {
        Issue.record("\(record.name).\(path): \(fields[path].map(\.description) ?? "missing") ≠ \(field) (compiler)")
      }
      #expect(Set(fields.keys) == Set(oracle.fields.keys), "\(record.name) field names")
      fieldsChecked += oracle.fields.count
    }
    #expect(fieldsChecked == expected.values.reduce(0) { $0 + $1.fields.count })
  }

  /// Every named member, anonymous members flattened as C reaches them, records followed by value.
  static func collect(_ node: CLayout.Node, prefix: String, base: Int, into fields: inout [String: Oracle.Field]) {
    for member in node.members {
      let bit = base + member.bitOffset
      guard let component = member.component else {
        collect(member.node, prefix: prefix, base: bit, into: &fields)
        continue
      }
      guard case .member(let name) = component else { continue }
      let path = prefix + name
      if case .bitfield(let width, _) = member.node.content {
        fields[path] = Oracle.Field(bitOffset: bit, bitWidth: width)
        continue
      }
      fields[path] = Oracle.Field(offset: bit / 8, size: member.node.size)
      if !member.node.members.isEmpty { collect(member.node, prefix: path + ".", base: bit, into: &fields) }
    }
  }
}
