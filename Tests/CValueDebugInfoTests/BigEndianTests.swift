import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueDebugInfo

/// Big-endian objects (s390x, built by clang without a C library: the fixture includes no system header but
/// `stdbool.h`): the ABI is the ELF header's, and every bitfield's bits are header import's for the same
/// target, from DWARF 2–3's `DW_AT_bit_offset` (counted from the most significant bit, big-endian's own
/// meaning) and DWARF 4–5's `DW_AT_data_bit_offset` alike.
@Suite struct BigEndianTests {
  typealias Build = DebugInfoFixture.Build

  static func build(_ version: String) -> Build {
    Build(compiler: "clang", flags: ["--target=s390x-linux-gnu", version], kind: .object)
  }

  @Test(arguments: ["-gdwarf-2", "-gdwarf-3", "-gdwarf-4", "-gdwarf-5"])
  func s390xObjectMatchesHeaderImport(_ version: String) throws {
    let path = try DebugInfoFixture.path(of: Self.build(version))
    let dump = try DebugInfoFixture.run("readelf", ["--debug-dump=info", path])
    // The encoding of bitfields each version is read from.
    let attribute = ["-gdwarf-2", "-gdwarf-3"].contains(version) ? "DW_AT_bit_offset" : "DW_AT_data_bit_offset"
    #expect(dump.contains(attribute), "\(version) has no \(attribute)")
    let imported = try DebugInfoImport.read(path, types: ["struct bits"])
    #expect(imported.abi == .s390xLinux)
    #expect(imported.origin.details["target"] == "s390x-linux-gnu")
    try DebugInfoLayoutTests().check(Self.build(version), referenceArguments: ["-target", "s390x-linux-gnu"])
  }

  /// The numbers themselves (bit offset, bytes touched), counted in memory order: from the most significant bit
  /// of byte 0.
  @Test func s390xBitfieldsAsRead() throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importDebugInfo(
      of: DebugInfoFixture.path(of: Self.build("-gdwarf-2")), types: ["struct bits", "struct packed_bits"])
    let layout = try DebugInfoLayoutTests.layout("struct packed_bits", in: catalog, abi: imported.abi)
    #expect(
      layout == """
        size 10, alignment 1
        .c @0 +1 C
        .x @bit 8 +4 b8I29
        .y @bit 37 +2 b37I7
        .z @6 +4 i
        """)
  }

  /// Values of a big-endian ABI are not read on this little-endian machine: a typed error, not numbers read in
  /// the wrong byte order.
  @Test func s390xValuesAreRefused() throws {
    let catalog = TypeCatalog()
    try catalog.importDebugInfo(of: DebugInfoFixture.path(of: Self.build("-gdwarf-5")), types: ["struct bits"])
    let error = #expect(throws: ValueError.self) {
      try ValueRegistry(catalog: catalog).resolve("{bits}", abi: .s390xLinux)
    }
    #expect(
      error?.description
        == "cannot lay out {bits}: values laid out for s390x-linux keep their bytes in the other order than this "
        + "machine's: CValueKit lays out its types but reads no values of it")
  }
}

extension BigEndianTests {
  /// powerpc64's `long double` (IBM double-double) has no format in CValueKit: its objects are an unsupported
  /// machine, named by number, rather than laid out with a wrong `long double`.
  @Test func powerpc64IsAnUnsupportedMachine() throws {
    let path = try DebugInfoFixture.compile(
      "struct s { unsigned a : 3; int b; };\nstruct s value;\n", name: "ppc64.o",
      flags: ["--target=powerpc64-linux-gnu", "-g", "-c"])
    #expect(
      BadDebugInfoTests.message(path) == "\(path) is for ELF machine 21 (64-bit), whose ABI CValueKit does not describe"
    )
  }
}
