import CValueDWARF
import Foundation
import TestSupport
import Testing

/// Debug information in other files than the one asked for: a separate debug file found by build id (glibc's
/// from libc6-dbg), and dwz's supplementary file, which `DW_FORM_GNU_ref_alt` and `GNU_strp_alt` point into.
struct LinkedDebugFileTests {
  @Test(.needs(.glibcDebugInfo))
  func aStrippedLibraryIsReadFromItsDebugFileByBuildID() throws {
    let library = "/lib/x86_64-linux-gnu/libc.so.6"
    let file = try DebugInfoFile.open(library)
    let elf = try ELFFile(path: library)
    let id = elf.buildID!.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    #expect(file.objects.map(\.path) == ["/usr/lib/debug/.build-id/\(id.prefix(2))/\(id.dropFirst(2)).debug"])
    #expect(try file.abi() == .x86_64Linux)
    #expect(try file.objects[0].unitOffsets().count > 1000)
  }

  /// GNU's forms (`.gnu_debugaltlink`, `DW_FORM_GNU_ref_alt`, `GNU_strp_alt`), and DWARF 5's (`dwz -5`:
  /// `.debug_sup`, `DW_FORM_ref_sup4`, `strp_sup`).
  @Test(.needs(.gcc), .needs(.dwz), arguments: ["", "-5"])
  func typesDwzMovedAreReadFromTheSupplementaryFile(_ form: String) throws {
    let directory = try DWARFFixture.build(
      "dwz\(form)",
      [
        ["sh", "-c", "echo 'int main(void) { return 0; }' > one.c && echo 'int main(void) { return 1; }' > two.c"],
        ["gcc", "-g", "$SRC/types.c", "one.c", "-o", "one"],
        ["gcc", "-g", "$SRC/types.c", "two.c", "-o", "two"],
        ["sh", "-c", "dwz \(form) -m common.debug -M \"$PWD/common.debug\" one two"],
      ])
    let file = try DebugInfoFile.open("\(directory)/one")
    let dwarf = file.objects[0]
    #expect(dwarf.supplementary?.path == "\(directory)/common.debug")
    // The unit imports a partial unit of the supplementary file (DW_AT_import, GNU_ref_alt), which holds
    // `struct shape` with its name in the supplementary file's strings.
    var shapes: [UInt64?] = []
    for unit in try dwarf.units() {
      for imported in try unit.root().children() where imported.tag == DWTag(0x3d) {
        guard let partial = try imported.reference(DWAttribute(0x18)) else { continue }
        #expect(partial.unit.dwarf === dwarf.supplementary)
        for die in try partial.children() where try die.tag == .structureType && die.name() == "shape" {
          shapes.append(try die.unsigned(.byteSize))
        }
      }
    }
    #expect(shapes == [336])
  }
}
