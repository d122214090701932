extension DebugInfoImport {
  /// The bytes of a section of an ELF file that the types do not come from: a table a program keeps beside
  /// its code, such as the firmware log's sites (`.cvalue_sites`), or build attributes.
  ///
  /// ```swift
  /// DebugInfoImport.section(".cvalue_sites", of: "build/fw.elf")?.count   // 610
  /// ```
  ///
  /// - Parameters:
  ///   - name: The section's name; the first section of that name is read.
  ///   - path: The ELF file.
  /// - Returns: The section's bytes; `nil` when the file cannot be read as ELF, has no such section, or holds
  ///   it compressed. ``read(_:types:unit:)`` says what is wrong with a file that cannot be read.
  public static func section(_ name: String, of path: String) -> [UInt8]? {
    ELFSections.contents(of: name, in: path)
  }
}
