public import CValueKit

extension DebugInfoImport {
  /// Whether the ELF file at `path` can hold DWARF at all, judged from its section names alone, for a caller
  /// that must stay cheap when it has none.
  ///
  /// A file with no debug info of its own sends libdw looking for a separate debug file on the machine;
  /// `cv_type_resolve`'s check of a catalog against the program asks this first. It is `false` when the file has neither `.debug_info` (or `.zdebug_info`) nor
  /// `.gnu_debuglink` (the name of a separate debug file), and `true` otherwise, and whenever its sections
  /// cannot be read: the reader then decides, and says why. A `false` is not a promise that no debug file
  /// exists under `/usr/lib/debug/.build-id`; read the file with ``read(_:types:unit:)`` to know.
  ///
  /// ```swift
  /// if DebugInfoImport.mayHaveDebugInfo(atPath: "/proc/self/exe") {
  ///   try catalog.importDebugInfo(of: "/proc/self/exe", types: ["struct reading"])
  /// }
  /// ```
  ///
  /// - Parameter path: The ELF file: an executable, a shared library or an object.
  /// - Returns: `false` when the file's sections show it has no DWARF of its own and names no separate file.
  public static func mayHaveDebugInfo(atPath path: String) -> Bool {
    guard let file = ELFSections.read(path) else { return true }
    return file.sections.contains { [".debug_info", ".zdebug_info", ".gnu_debuglink"].contains($0.name) }
  }
}

extension DebugInfoImport {
  /// The ABI the ELF header of the file at `path` says it is for, read from the header (and an Arm file's
  /// build attributes) alone: what ``read(_:types:unit:)`` lays its types out for.
  ///
  /// A firmware says what it is: `arm-none-eabi-gcc`'s ELF is `ABI.armEABI` or `ABI.armEABIHF` (its
  /// build attributes say a Cortex-M profile or small enumerations; its flags the float ABI), a
  /// `-march=rv32imac -mabi=ilp32` one `ABI.riscv32`; a 32-bit Arm Linux file `ABI.armv7Linux`.
  ///
  /// ```swift
  /// try DebugInfoImport.abi(of: "build/firmware.elf").name   // "arm-eabi"
  /// ```
  ///
  /// - Parameter path: The ELF file: an executable, a shared library or an object.
  /// - Throws: ``DebugInfoError``: no such file, not ELF, or a machine or ABI CValueKit does not describe.
  public static func abi(of path: String) throws(DebugInfoError) -> ABI {
    try ELFHeader.read(path).abi
  }
}
