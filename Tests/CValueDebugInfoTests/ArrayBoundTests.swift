import CValueDebugInfo
import CValueKit
import Foundation
import TestSupport
import Testing

/// Array counts read from DWARF in every form compilers write them, checked against the count declared in
/// the source: gcc's upper bounds in one, two, four and eight bytes (`DW_FORM_data1` for 128 to 255, which
/// libdw's signed reading turned into flexible arrays) and clang's counts, from 1 to 2^20 elements, for
/// 64-bit and 32-bit targets; and the values of such a record compared field by field.
@Suite struct ArrayBoundTests {
  /// Every count to 300, then each side of every power of two to 2^20, where a bound's form widens.
  static let counts: [Int] =
    Array(1...300) + (9...20).flatMap { [(1 << $0) - 1, 1 << $0, (1 << $0) + 1] } + [40_000]

  /// Counts of `int` arrays behind a `short`, so that the array's offset is checked too.
  static let intCounts: [Int] = [1, 2, 127, 128, 129, 200, 255, 256, 257, 32_767, 32_768, 32_769, 65_536, 65_537]

  static let source: String = {
    var lines = ["struct entry { int id; char name[200]; };", "struct entry entry_value;"]
    lines += counts.map { "struct b_\($0) { signed char a[\($0)]; };" }
    lines += intCounts.map { "struct i_\($0) { short pre; int a[\($0)]; };" }
    lines.append("struct m { signed char x[200][3]; int y[2][129]; unsigned char z[256][256]; };")
    lines.append("struct z { int n; int a[0]; };")
    lines.append("struct f { int n; int a[]; };")
    return lines.joined(separator: "\n") + "\n"
  }()

  struct Build: CustomStringConvertible, Sendable {
    var compiler: String
    var flags: [String]
    var description: String { ([compiler] + flags).joined(separator: " ") }
  }

  static let builds: [Build] = [
    Build(compiler: "gcc", flags: ["-gdwarf-2"]),
    Build(compiler: "gcc", flags: ["-gdwarf-4"]),
    Build(compiler: "gcc", flags: ["-gdwarf-5"]),
    Build(compiler: "clang", flags: ["-gdwarf-4"]),
    Build(compiler: "clang", flags: ["-gdwarf-5"]),
    Build(compiler: "clang", flags: ["-gdwarf-5", "--target=i686-linux-gnu"]),
    Build(compiler: "clang", flags: ["-gdwarf-4", "--target=aarch64-linux-gnu"]),
  ]

  /// Compiled once per build in a test process: the tests run at once.
  private static let objects = BuildCache<String>()

  static func object(_ build: Build) throws -> String {
    let name = "bounds_" + build.description.filter { $0.isLetter || $0.isNumber } + ".o"
    return try objects.value(for: name) {
      try DebugInfoFixture.compile(
        source, name: name, flags: build.flags + ["-c", "-fno-eliminate-unused-debug-types"],
        compiler: build.compiler)
    }
  }

  @Test(arguments: builds)
  func everyCountIsTheDeclaredOne(_ build: Build) throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importDebugInfo(of: Self.object(build))
    #expect(imported.skipped == [:])
    var checked = 0
    for count in Self.counts {
      let record = try #require(imported.record(named: "struct b_\(count)"), "struct b_\(count) in \(build)")
      #expect(record.encoding.description == "{b_\(count)=\"a\"[\(count)c]}", "\(build)")
      #expect(try catalog.layout(of: record.encoding, abi: imported.abi).size == record.size, "b_\(count) in \(build)")
      checked += 1
    }
    for count in Self.intCounts {
      let record = try #require(imported.record(named: "struct i_\(count)"), "struct i_\(count) in \(build)")
      #expect(record.encoding.description == "{i_\(count)=\"pre\"s\"a\"[\(count)i]}", "\(build)")
      let layout = try catalog.layout(of: record.encoding, abi: imported.abi)
      #expect(layout.size == record.size, "i_\(count) in \(build)")
      checked += 1
    }
    #expect(checked == Self.counts.count + Self.intCounts.count)
    let matrix = try #require(imported.record(named: "struct m"))
    #expect(matrix.encoding.description == "{m=\"x\"[200[3c]]\"y\"[2[129i]]\"z\"[256[256C]]}", "\(build)")
    #expect(try catalog.layout(of: matrix.encoding, abi: imported.abi).size == matrix.size, "\(build)")
    // A zero-length array and a flexible one are both flexible: no bytes, the record's last member.
    #expect(imported.record(named: "struct z")?.encoding.description == "{z=\"n\"i\"a\"[0i]}", "\(build)")
    #expect(imported.record(named: "struct f")?.encoding.description == "{f=\"n\"i\"a\"[0i]}", "\(build)")
  }

  /// The silent pass: gcc's `char name[200]` read as a flexible array made every two entries equal.
  @Test(arguments: builds.prefix(5))
  func namesThatDifferAfterTheFirstBytesFailByName(_ build: Build) throws {
    let catalog = TypeCatalog()
    try catalog.importDebugInfo(of: Self.object(build), types: ["struct entry"])
    let type = try ValueRegistry(catalog: catalog).resolve("{entry}")
    var alpha = [UInt8](repeating: 0, count: 204)
    var omega = alpha
    alpha.replaceSubrange(4..<9, with: Array("alpha".utf8))
    omega.replaceSubrange(4..<9, with: Array("omega".utf8))
    let comparison = try type.compare(bytes: alpha, omega)
    #expect(!comparison.isEqual, "\(build)")
    #expect(comparison.mismatches.map(\.path.description) == [".name"], "\(build)")
    #expect(try type.compare(bytes: alpha, alpha).isEqual)
  }
}
