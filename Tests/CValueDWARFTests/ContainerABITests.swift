import CValueDWARF
import CValueKit
import TestSupport
import Testing

/// The ABI each container's header says: an ELF file's machine, class and flags (with Arm build attributes), a
/// Mach-O file's CPU type; refused by name where CValueKit has none.
@Suite(.needs(.llvmDwp))
struct ContainerABITests {
  @Test(arguments: [
    ("x86_64-linux-gnu", "x86_64", ABI.x86_64Linux), ("aarch64-linux-gnu", "aarch64", .arm64Linux),
    ("i386-linux-gnu", "i386", .i386Linux), ("armv7-linux-gnueabihf", "arm", .armv7Linux),
    ("thumbv7m-none-eabi", "arm", .armEABI), ("riscv64-linux-gnu", "riscv64", .riscv64Linux),
    ("riscv32-unknown-elf", "riscv32", .riscv32), ("s390x-linux-gnu", "s390x", .s390xLinux),
    ("arm64-apple-macos14", "arm64", .arm64Darwin), ("x86_64-apple-macos13", "x86_64", .x86_64Darwin),
  ])
  func theHeaderSaysTheABI(_ target: String, _ architecture: String, _ abi: ABI) throws {
    let directory = try DWARFFixture.build(
      "abi-\(target)", [["clang", "--target=\(target)", "-g", "-c", "$SRC/types.c", "-o", "out.o"]])
    let file = try DebugInfoFile.open("\(directory)/out.o")
    #expect(file.architecture == architecture)
    #expect(try file.abi() == abi)
  }

  @Test func aMachineWithoutAnABIIsNamed() throws {
    let directory = try DWARFFixture.build(
      "abi-powerpc64", [["clang", "--target=powerpc64-linux-gnu", "-g", "-c", "$SRC/types.c", "-o", "out.o"]])
    let file = try DebugInfoFile.open("\(directory)/out.o")
    #expect(file.isBigEndian)
    #expect(throws: DWARFError.noABI("\(directory)/out.o", architecture: "powerpc64 (64-bit, e_machine 21)")) {
      try file.abi()
    }
  }
}
