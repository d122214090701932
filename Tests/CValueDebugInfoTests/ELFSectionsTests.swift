import Foundation
import Testing

@testable import CValueDebugInfo

/// The section headers as `readelf -S` lists them, 64-bit and 32-bit, read with the header table and the
/// names each in one read.
@Suite struct ELFSectionsTests {
  static func readelfNames(_ path: String) throws -> [String] {
    try DebugInfoFixture.run("readelf", ["-S", "-W", path]).split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  ["), let close = line.firstIndex(of: "]") else { return nil }
      let number = line[line.index(line.startIndex, offsetBy: 3)..<close].trimmingCharacters(in: .whitespaces)
      guard number.allSatisfy(\.isNumber) else { return nil }
      let name = line[line.index(after: close)...].drop { $0 == " " }.prefix { $0 != " " }
      return name == "NULL" ? "" : String(name)
    }
  }

  @Test(arguments: [["-g"], ["-g", "--target=i386-linux-gnu", "-c"], ["-g", "--target=armv7m-none-eabi", "-c"]])
  func sectionNamesAreReadelfs(_ flags: [String]) throws {
    let name = "sections\(flags.joined().filter(\.isLetter))"
    let path = try DebugInfoFixture.compile(
      "struct s { int a; } s;\nint main(void) { return s.a; }\n", name: name, flags: flags)
    let sections = try #require(ELFSections.read(path))
    let names = try Self.readelfNames(path)
    #expect(names.count > 5)
    #expect(sections.sections.map(\.name) == names)
    #expect(sections.count(".debug_info") == 1)
  }
}
