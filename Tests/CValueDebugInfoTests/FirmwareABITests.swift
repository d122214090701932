import CValueDebugInfo
import CValueKit
import Foundation
import TestSupport
import Testing

/// A firmware's ELF says what it is: bare-metal Arm (soft or hard float) and RISC-V 32 are recognised from
/// the ELF header and Arm's build attributes, never taken for a Linux ABI and never needing `--abi`.
@Suite struct FirmwareABITests {
  typealias Build = FirmwareFixture.Build

  static let armBuilds: [(Build, ABI)] =
    zip(FirmwareFixture.gccARM, [ABI.armEABI, .armEABI, .armEABIHF, .armEABIHF]).map { ($0, $1) }

  @Test(
    "arm-none-eabi-gcc firmware: arm-eabi for soft float (Cortex-M3), arm-eabihf for hard (Cortex-M4F)",
    .needs(.armNoneEABI), .needs(.qemu), arguments: armBuilds)
  func gccARM(_ build: Build, _ abi: ABI) throws {
    let run = try FirmwareFixture.run(build)
    #expect(try DebugInfoImport.abi(of: run.elf) == abi)
    let imported = try DebugInfoImport.read(run.elf, types: ["struct sample"])
    #expect(imported.abi == abi)
    #expect(imported.origin.details["target"] == abi.targetTriple)
  }

  @Test(
    "clang's thumbv7em-none-eabi(hf) firmware, linked with newlib: arm-eabi and arm-eabihf",
    .needs(.armNoneEABI), .needs(.qemu), arguments: zip(FirmwareFixture.clangARM, [ABI.armEABI, .armEABIHF]))
  func clangARM(_ build: Build, _ abi: ABI) throws {
    #expect(try DebugInfoImport.abi(of: FirmwareFixture.run(build).elf) == abi)
  }

  @Test(
    "riscv64-unknown-elf-gcc -march=rv32imac -mabi=ilp32 firmware: riscv32-elf, long double in 16 bytes",
    .needs(.riscvElf), .needs(.qemu), arguments: FirmwareFixture.gccRISCV)
  func riscv32(_ build: Build) throws {
    let run = try FirmwareFixture.run(build)
    #expect(try DebugInfoImport.abi(of: run.elf) == .riscv32)
    let catalog = TypeCatalog()
    try catalog.importDebugInfo(of: run.elf, types: ["struct long_double_pair"])
    let layout = try catalog.layout(of: "struct long_double_pair", abi: .riscv32)
    #expect(layout.size == 32)
    #expect(layout.alignment == 16)
    #expect(layout.fields.map(\.description) == [".c @0 +1 C", ".value @16 +16 D"])  // char is unsigned here
  }

  @Test(
    "an object file says it too: arm-none-eabi-gcc -c is arm-eabi, with float ABI hard arm-eabihf",
    .needs(.armNoneEABI))
  func armObject() throws {
    let text = "struct s { int a; } s;\n"
    let soft = try DebugInfoFixture.compile(
      text, name: "arm-soft.o", flags: ["-mcpu=cortex-m0", "-mthumb", "-g", "-c"], compiler: "arm-none-eabi-gcc")
    let hard = try DebugInfoFixture.compile(
      text, name: "arm-hard.o", flags: ["-mcpu=cortex-m7", "-mthumb", "-g", "-c"] + FirmwareFixture.hardFloat,
      compiler: "arm-none-eabi-gcc")
    #expect(try DebugInfoImport.abi(of: soft) == .armEABI)
    #expect(try DebugInfoImport.abi(of: hard) == .armEABIHF)
  }

  @Test("RV32E's ilp32e, whose alignments differ, is refused by name", .needs(.riscvElf))
  func rv32eRefused() throws {
    let object = try DebugInfoFixture.compile(
      "int x;\n", name: "rv32e.o", flags: ["-march=rv32ec", "-mabi=ilp32e", "-g", "-c"],
      compiler: "riscv64-unknown-elf-gcc")
    #expect(throws: DebugInfoError.unsupportedABI(object, abi: "RV32E's ilp32e ABI (e_flags EF_RISCV_RVE)")) {
      try DebugInfoImport.read(object)
    }
    let error = DebugInfoError.unsupportedABI(object, abi: "RV32E's ilp32e ABI (e_flags EF_RISCV_RVE)")
    #expect(
      error.description
        == "\(object) is for RV32E's ilp32e ABI (e_flags EF_RISCV_RVE), whose layouts CValueKit does not describe")
  }

  @Test("a Linux armv7 object stays armv7-linux: its attributes say an A profile and int-sized enums")
  func armLinuxObject() throws {
    let object = try DebugInfoFixture.compile(
      "struct s { int a; } s;\n", name: "armv7-linux.o", flags: ["--target=armv7-linux-gnueabihf", "-g", "-c"])
    #expect(try DebugInfoImport.abi(of: object) == .armv7Linux)
  }
}
