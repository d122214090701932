import CValueDebugInfo
import CValueHeaders
import CValueKit
import Foundation
import TestSupport
import Testing

/// Every record of `Fixtures/constructs.c`, read from the DWARF of each build, laid out exactly as header
/// import (clang's own layout of the same file) lays it out: size, every field's offset and bits; the
/// alignment too, except where the debug-info import says it inferred it.
@Suite struct DebugInfoLayoutTests {
  typealias Build = DebugInfoFixture.Build

  static let clangBuilds: [Build] = [
    Build(compiler: "clang", flags: ["-gdwarf-4"], kind: .object),
    Build(compiler: "clang", flags: ["-gdwarf-5"], kind: .object),
    Build(compiler: "clang", flags: ["-gdwarf-4"], kind: .sharedLibrary),
    Build(compiler: "clang", flags: ["-gdwarf-5"], kind: .sharedLibrary),
    Build(compiler: "clang", flags: ["-gdwarf-5"], kind: .executable),
  ]

  static let gccBuilds: [Build] = [
    Build(compiler: "gcc", flags: ["-gdwarf-2"], kind: .object),
    Build(compiler: "gcc", flags: ["-gdwarf-4"], kind: .object),
    Build(compiler: "gcc", flags: ["-gdwarf-5"], kind: .sharedLibrary),
  ]

  /// Header import of the same file, for the host or another target.
  static func reference(arguments: [String] = []) throws -> (TypeCatalog, ImportedTypes) {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders([DebugInfoFixture.source], arguments: arguments)
    return (catalog, imported)
  }

  /// A record's layout as text: size, alignment, and every field with its offset or bits.
  static func layout(_ name: String, in catalog: TypeCatalog, abi: ABI, alignment: Bool = true) throws -> String {
    let encoding: TypeEncoding = try catalog.encoding(named: name) ?? TypeEncoding(Self.encodingName(name))
    let layout = try catalog.layout(of: encoding, abi: abi)
    let fields = layout.fields.map(\.description).joined(separator: "\n")
    return "size \(layout.size)" + (alignment ? ", alignment \(layout.alignment)" : "") + "\n" + fields
  }

  static func encodingName(_ name: String) -> String {
    if name.hasPrefix("struct ") { return "{\(name.dropFirst(7))}" }
    if name.hasPrefix("union ") { return "(\(name.dropFirst(6)))" }
    return name
  }

  func check(_ build: Build, referenceArguments: [String] = []) throws {
    let path = try DebugInfoFixture.path(of: build)
    let (reference, headers) = try Self.reference(arguments: referenceArguments)
    let catalog = TypeCatalog()
    let imported = try catalog.importDebugInfo(of: path)
    #expect(imported.abi == headers.abi)
    #expect(imported.skipped == [:])
    for record in headers.records {
      let read = try #require(imported.record(named: record.name), "\(record.name) not read from \(build)")
      #expect(read.size == record.size, "\(record.name) in \(build)")
      if read.alignmentSource != .unknown {
        #expect(read.alignment == record.alignment, "\(record.name) in \(build)")
      }
      var expected = try Self.layout(
        record.name, in: reference, abi: headers.abi, alignment: read.alignmentSource != .unknown)
      // DWARF 5 brought DW_TAG_atomic_type: before it, clang and gcc write _Atomic int as int.
      if !build.flags.contains("-gdwarf-5") { expected = expected.replacingOccurrences(of: " A", with: " ") }
      let actual = try Self.layout(
        record.name, in: catalog, abi: imported.abi, alignment: read.alignmentSource != .unknown)
      #expect(actual == expected, "\(record.name) in \(build)")
    }
    #expect(Set(imported.typedefs.map(\.name)).isSuperset(of: headers.typedefs.map(\.name)))
    let enumerations = { (record: String, member: String, enumeration: CEnumeration) in
      "\(record).\(member): \(enumeration)"
    }
    #expect(
      Set(imported.enumerations.map { enumerations($0.record, $0.member, $0.enumeration) })
        == Set(headers.enumerations.map { enumerations($0.record, $0.member, $0.enumeration) }))
  }

  @Test(arguments: clangBuilds)
  func clangBuildMatchesHeaderImport(_ build: Build) throws {
    try check(build)
  }

  @Test(.needs(.gcc), arguments: gccBuilds)
  func gccBuildMatchesHeaderImport(_ build: Build) throws {
    try check(build)
  }

  @Test func aarch64ObjectLaysOutForAarch64() throws {
    try check(
      Build(compiler: "clang", flags: ["-target", "aarch64-linux-gnu", "-gdwarf-5"], kind: .object),
      referenceArguments: ["-target", "aarch64-linux-gnu"])
  }
}
