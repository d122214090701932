package import CValueKit

/// A file's debug information, whatever holds it: an ELF file (32- or 64-bit, either byte order; object,
/// executable, shared library, `.dwo`, `.dwp`), a Mach-O object, a linked Mach-O file with its debug map (each
/// object it names read where the map says), a dSYM bundle or the DWARF file inside one, a slice of a universal
/// file. Each DWARF it holds is read by the one walk of ``DWARF``, which never knows the container.
///
/// ```swift
/// let file = try DebugInfoFile.open("build/app", architecture: "arm64")
/// let abi = try file.abi()                      // ABI.arm64Darwin
/// for dwarf in file.objects { print(dwarf.path, try dwarf.unitOffsets().count) }
/// ```
package final class DebugInfoFile {
  /// The path asked for.
  package let path: String
  /// The DWARF of the file: one, or one per object a debug map names (in its order).
  package let objects: [DWARF]
  /// The container's architecture: `x86_64`, `arm64`, `armv7`, `riscv64`, …
  package let architecture: String
  package let isBigEndian: Bool
  /// Objects a debug map names that are not where it says (an object in a static library, `lib.a(x.o)`, too).
  package let missingObjects: [String]
  private let abiResult: Result<ABI, DWARFError>
  /// The `.dwo` files and `.dwp` package opened for split units, by path (`nil`: not there).
  private var splitFiles: [String: Result<DWARF, DWARFError>?] = [:]

  init(
    path: String, objects: [DWARF], architecture: String, isBigEndian: Bool, abi: Result<ABI, DWARFError>,
    missingObjects: [String] = []
  ) {
    self.path = path
    self.objects = objects
    self.architecture = architecture
    self.isBigEndian = isBigEndian
    abiResult = abi
    self.missingObjects = missingObjects
  }

  /// The ABI the container's header says the file is for (an ELF file's machine, class and flags, with its Arm
  /// build attributes; a Mach-O file's CPU type).
  ///
  /// - Throws: ``DWARFError/noABI(_:architecture:)`` naming the architecture CValueKit has no ABI for.
  package func abi() throws(DWARFError) -> ABI { try abiResult.get() }

  /// Opens the debug information at `path`.
  ///
  /// - Parameters:
  ///   - path: An ELF or Mach-O file, a universal file, or a dSYM bundle (`App.dSYM`).
  ///   - architecture: The slice of a universal file to read (`arm64`, `x86_64`); `nil` takes this machine's
  ///     when the file has it, else its first.
  /// - Throws: ``DWARFError``: no file, not a container, a missing slice (naming those it has), an object changed
  ///   since linking (with both times), malformed headers.
  ///   - debugDirectories: Where separate debug files and dwz's supplementary files are found by build id (an
  ///     ELF file's without DWARF of its own).
  package static func open(
    _ path: String, architecture: String? = nil, debugDirectories: [String] = ["/usr/lib/debug"]
  ) throws(DWARFError) -> DebugInfoFile {
    if MachOContainer.isBundle(path) { return try MachOContainer.open(path, architecture: architecture) }
    let storage = try MappedFile.map(path)
    let bytes = storage.bytes
    if bytes.count >= 4, bytes[0] == 0x7f, bytes[1] == 0x45, bytes[2] == 0x4c, bytes[3] == 0x46 {
      let elf = try ELFFile(path: path, storage: storage)
      var debug = elf
      if !elf.hasDWARF, let separate = SeparateDebugFile.find(for: elf, debugDirectories: debugDirectories) {
        debug = try ELFFile(path: separate)
      }
      let dwarf = try DWARF(debug.dwarfSections())
      if let supplementary = SeparateDebugFile.supplementary(for: debug, debugDirectories: debugDirectories) {
        dwarf.supplementary = try DWARF(ELFFile(path: supplementary).dwarfSections())
      }
      return DebugInfoFile(
        path: path, objects: [dwarf], architecture: elf.architecture, isBigEndian: elf.isBigEndian,
        abi: Result { () throws(DWARFError) in try elf.abi() })
    }
    if MachOContainer.isMachO(bytes) {
      return try MachOContainer.open(path, storage: storage, architecture: architecture)
    }
    throw .notAnObjectFile(path)
  }

  /// What the search for a skeleton's split unit found.
  package enum SplitUnit {
    /// The unit, from its `.dwo` file or the package beside the file.
    case found(DWARFUnit)
    /// Neither has it: the `.dwo` file the skeleton names, and why the package did not give it when there is one.
    case missing(file: String, package: String?)
  }

  /// The split unit of `skeleton`: from the `.dwo` file it names (as it is where the compiler wrote it), else
  /// from the package beside the file (`app.dwp` for `app`), by the skeleton's id.
  package func splitUnit(of skeleton: DWARFUnit) throws(DWARFError) -> SplitUnit {
    let file = try skeleton.splitFilePath() ?? "(a .dwo file)"
    if case .success(let dwo)? = split(file), let unit = try dwo.splitUnit(of: skeleton) { return .found(unit) }
    let packagePath = skeleton.dwarf.path + ".dwp"
    switch split(packagePath) {
    case .success(let package)?:
      if let unit = try package.splitUnit(of: skeleton) { return .found(unit) }
      let id = skeleton.dwoID.map { "0x" + String($0, radix: 16) } ?? "?"
      return .missing(file: file, package: "\(packagePath) has no unit of id \(id) (packaged from another build?)")
    case .failure(let error)?: return .missing(file: file, package: "\(error)")
    case nil: return .missing(file: file, package: nil)
    }
  }

  /// The DWARF of the split file at `path`, opened once; `nil` when there is no file there.
  private func split(_ path: String) -> Result<DWARF, DWARFError>? {
    if let known = splitFiles[path] { return known }
    var result: Result<DWARF, DWARFError>? = nil
    if MappedFile.exists(path) {
      result = Result { () throws(DWARFError) in try DWARF(ELFFile(path: path).dwarfSections()) }
    }
    splitFiles[path] = .some(result)
    return result
  }
}
