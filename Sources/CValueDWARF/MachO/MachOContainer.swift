import CValueKit

/// Where a Mach-O file's DWARF is: in the file itself (an object, a dSYM's DWARF file, a binary linked with its
/// DWARF kept), in a dSYM bundle beside a linked file with its UUID, or in the objects its debug map names.
enum MachOContainer {
  /// Whether `bytes` start a thin or universal Mach-O file.
  static func isMachO(_ bytes: UnsafeRawBufferPointer) -> Bool {
    MachOFile.hasMagic(bytes) || UniversalFile.hasMagic(bytes)
  }

  /// Whether `path` is a dSYM bundle (a directory `App.dSYM`).
  static func isBundle(_ path: String) -> Bool {
    var trimmed = path
    while trimmed.hasSuffix("/"), trimmed.count > 1 { trimmed.removeLast() }
    return trimmed.hasSuffix(".dSYM") && MappedFile.isDirectory(trimmed)
  }

  /// The DWARF file of a dSYM bundle: `Contents/Resources/DWARF/<name>`, the bundle's name without `.dSYM`
  /// when there are several.
  static func dwarfFile(inBundle bundle: String) -> String? {
    var trimmed = bundle
    while trimmed.hasSuffix("/"), trimmed.count > 1 { trimmed.removeLast() }
    let directory = FilePath.join(trimmed, "Contents/Resources/DWARF")
    let names = MappedFile.names(in: directory)
    let own = String(FilePath.name(of: trimmed).dropLast(5))
    guard let name = names.contains(own) ? own : names.first else { return nil }
    return FilePath.join(directory, name)
  }

  /// The debug information of a dSYM bundle.
  static func open(_ bundle: String, architecture: String?) throws(DWARFError) -> DebugInfoFile {
    guard let file = dwarfFile(inBundle: bundle) else {
      throw .unreadable(bundle, reason: "a dSYM bundle with no file in Contents/Resources/DWARF")
    }
    return try open(file, storage: MappedFile.map(file), architecture: architecture)
  }

  /// The debug information of the Mach-O file at `path` whose bytes are `storage`.
  static func open(_ path: String, storage: ByteStorage, architecture: String?) throws(DWARFError) -> DebugInfoFile {
    let file = try thin(storage, path: path, architecture: architecture)
    let kind = MachOArchitecture(cpuType: file.cpuType, cpuSubtype: file.cpuSubtype)
    let abi: Result<ABI, DWARFError> = kind.abi.map { .success($0) } ?? .failure(.noABI(path, architecture: kind.name))
    if file.hasDWARF {
      return DebugInfoFile(
        path: path, objects: [try DWARF(file.dwarfSections())], architecture: kind.name, isBigEndian: file.isBigEndian,
        abi: abi)
    }
    // A linked file: its dSYM beside it when it is of this very build, else the objects of its debug map.
    if let dsym = try dSYM(beside: path, of: file, architecture: kind.name) {
      return DebugInfoFile(
        path: path, objects: [try DWARF(dsym.dwarfSections())], architecture: kind.name, isBigEndian: file.isBigEndian,
        abi: abi)
    }
    let map = try DebugMap(file)
    var objects: [DWARF] = []
    var missing: [String] = []
    for object in map.objects {
      guard let objectFile = try self.object(object, linkedFile: path, architecture: kind.name) else {
        missing.append(object.path)
        continue
      }
      // An object built without -g has no DWARF, as dsymutil finds it.
      guard objectFile.hasDWARF else { continue }
      objects.append(try DWARF(objectFile.dwarfSections()))
    }
    guard !objects.isEmpty || !missing.isEmpty else { throw .noDebugInfo(path) }
    return DebugInfoFile(
      path: path, objects: objects, architecture: kind.name, isBigEndian: file.isBigEndian, abi: abi,
      missingObjects: missing)
  }

  /// The object a debug map names, where it is (a static library's member in its archive); `nil` when it is not
  /// there.
  ///
  /// - Throws: ``DWARFError/objectChanged(object:linkedTime:modifiedTime:)`` when it changed since the link.
  private static func object(_ object: DebugMap.Object, linkedFile: String, architecture: String)
    throws(DWARFError) -> MachOFile?
  {
    if let (archive, member) = StaticArchive.split(object.path) {
      guard let found = locate(archive, linkedFile: linkedFile),
        let (bytes, time) = try StaticArchive.member(member, in: try MappedFile.map(found), path: found)
      else { return nil }
      let name = "\(found)(\(member))"
      if object.modificationTime != 0, time != object.modificationTime {
        throw .objectChanged(object: name, linkedTime: object.modificationTime, modifiedTime: time)
      }
      return try MachOFile(path: name, bytes: bytes)
    }
    guard let found = locate(object.path, linkedFile: linkedFile) else { return nil }
    if object.modificationTime != 0, let time = MappedFile.modificationTime(found), time != object.modificationTime {
      throw .objectChanged(object: found, linkedTime: object.modificationTime, modifiedTime: time)
    }
    return try thin(try MappedFile.map(found), path: found, architecture: architecture)
  }

  /// The thin file of `storage`: itself, or the slice of a universal file for `architecture` (this machine's
  /// when `nil` and the file has it, else its first).
  private static func thin(_ storage: ByteStorage, path: String, architecture: String?) throws(DWARFError)
    -> MachOFile
  {
    guard UniversalFile.hasMagic(storage.bytes) else {
      let file = try MachOFile(path: path, bytes: storage.whole)
      let kind = MachOArchitecture(cpuType: file.cpuType, cpuSubtype: file.cpuSubtype)
      if let architecture, !kind.matches(architecture) {
        throw .missingArchitecture(path, wanted: architecture, available: [kind.name])
      }
      return file
    }
    let slices = try UniversalFile.slices(storage, path: path)
    let wanted = architecture ?? MachOArchitecture.host
    guard
      let slice = slices.first(where: { $0.architecture.matches(wanted) }) ?? (architecture == nil ? slices.first : nil)
    else {
      throw .missingArchitecture(path, wanted: wanted, available: slices.map(\.architecture.name))
    }
    return try MachOFile(path: path, bytes: slice.bytes)
  }

  /// `path.dSYM`'s DWARF file for `architecture`, when it is there and has `file`'s UUID.
  private static func dSYM(beside path: String, of file: MachOFile, architecture: String) throws(DWARFError)
    -> MachOFile?
  {
    guard let uuid = file.uuid, isBundle(path + ".dSYM"), let inner = dwarfFile(inBundle: path + ".dSYM") else {
      return nil
    }
    guard let dsym = try? thin(try MappedFile.map(inner), path: inner, architecture: architecture),
      dsym.uuid == uuid, dsym.hasDWARF
    else { return nil }
    return dsym
  }

  /// Where a file a debug map names is: an absolute path as it is; a relative one (`-oso_prefix`) from the
  /// linked file's directory, else from the current directory (where the link ran); `nil` when it is in neither.
  private static func locate(_ object: String, linkedFile: String) -> String? {
    if object.hasPrefix("/") { return MappedFile.exists(object) ? object : nil }
    let beside = FilePath.join(FilePath.directory(of: linkedFile), object)
    if MappedFile.exists(beside) { return beside }
    return MappedFile.exists(object) ? object : nil
  }
}
