import CValueDWARF
import TestSupport
import Testing

/// Compressed debug sections read as their uncompressed twins: zstd (`SHF_COMPRESSED` type 2, which
/// `llvm-dwarfdump-14` cannot read), in an object whose relocations apply to the decompressed bytes and in a
/// program linked with `--compress-debug-sections=zstd`.
@Suite(.needs(.gcc), .needs(.llvmDwp))
struct CompressionTests {
  static func build() throws -> String {
    try DWARFFixture.build(
      "compression",
      [
        ["sh", "-c", "echo 'int main(void) { return 0; }' > main.c"],
        ["gcc", "-g", "-gdwarf-5", "-c", "$SRC/types.c", "-o", "plain.o"],
        ["objcopy", "--compress-debug-sections=zstd", "plain.o", "zstd.o"],
        ["gcc", "-g", "$SRC/types.c", "main.c", "-o", "plain"],
        ["gcc", "-g", "$SRC/types.c", "main.c", "-Wl,--compress-debug-sections=zstd", "-o", "zstd"],
      ])
  }

  @Test(arguments: ["zstd.o", "zstd"])
  func zstdSectionsReadAsTheirUncompressedTwins(_ name: String) throws {
    let directory = try Self.build()
    let compressed = try ELFFile(path: "\(directory)/\(name)")
    #expect(compressed.sections.contains { $0.name == ".debug_info" && $0.flags & 0x800 != 0 })
    let file = try DebugInfoFile.open("\(directory)/\(name)")
    let twin = "\(directory)/\(name == "zstd" ? "plain" : "plain.o")"
    #expect(try DwarfDump.read(file.objects[0]) == (try DwarfDump.reference(twin)))
  }
}
