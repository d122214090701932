/// What an ELF file says of the other files its debug information is in: its build id (which names its
/// separate debug file under `/usr/lib/debug/.build-id`), its debug link (`.gnu_debuglink`, the debug file's
/// name), and the supplementary file dwz moved what programs share into (`.gnu_debugaltlink`, DWARF 5's
/// `.debug_sup`).
extension ELFFile {
  /// `NT_GNU_BUILD_ID`'s bytes from the file's notes, `nil` when it has none.
  package var buildID: [UInt8]? {
    for section in sections where section.type == 7 {  // SHT_NOTE
      guard let bytes = try? rawContents(of: section).bytes else { continue }
      var cursor = ByteCursor(bytes, bigEndian: isBigEndian, section: SectionName(kind: .info, isSplit: false))
      while cursor.remaining >= 12, let nameSize = try? cursor.u32(), let size = try? cursor.u32(),
        let type = try? cursor.u32()
      {
        let name = cursor.offset
        guard (try? cursor.skip(length: (UInt64(nameSize) + 3) & ~3)) != nil else { break }
        let description = cursor.offset
        guard (try? cursor.skip(length: (UInt64(size) + 3) & ~3)) != nil else { break }
        if type == 3, nameSize == 4, bytes[name..<name + 3].elementsEqual("GNU".utf8), size > 0 {
          return Array(bytes[description..<description + Int(size)])
        }
      }
    }
    return nil
  }

  /// `.gnu_debuglink`'s file name, `nil` when it has none.
  package var debugLink: String? {
    guard let section = section(named: ".gnu_debuglink"), let bytes = try? rawContents(of: section).bytes,
      let end = bytes.firstIndex(of: 0), end > 0
    else { return nil }
    return String(decoding: bytes[..<end], as: UTF8.self)
  }

  /// The supplementary file's name: `.gnu_debugaltlink`'s path (then its build id), or the file name of a DWARF 5
  /// `.debug_sup` that is not itself the supplementary file; `nil` when it has neither.
  package var supplementaryFile: (path: String, buildID: [UInt8])? {
    if let section = section(named: ".gnu_debugaltlink"), let bytes = try? rawContents(of: section).bytes,
      let end = bytes.firstIndex(of: 0), end > 0
    {
      return (String(decoding: bytes[..<end], as: UTF8.self), Array(bytes[(end + 1)...]))
    }
    guard let section = section(named: ".debug_sup"), let bytes = try? rawContents(of: section).bytes,
      bytes.count > 4, bytes[2] == 0
    else { return nil }
    let name = bytes[3...].prefix { $0 != 0 }
    return name.isEmpty ? nil : (String(decoding: name, as: UTF8.self), [])
  }
}

/// Where the debug information of an ELF file is on this machine when it is not in the file: a separate debug
/// file by build id, else by debug link beside the file, in `.debug` beside it, or under the debug directory
/// with the file's directory (as gdb and libdwfl look, never asking a server).
enum SeparateDebugFile {
  static func find(for file: ELFFile, debugDirectories: [String]) -> String? {
    if let id = file.buildID, id.count > 1 {
      let hex = id.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
      for root in debugDirectories {
        let path = "\(root)/.build-id/\(hex.prefix(2))/\(hex.dropFirst(2)).debug"
        if MappedFile.exists(path) { return path }
      }
    }
    guard let link = file.debugLink else { return nil }
    let directory = FilePath.directory(of: file.path)
    var candidates = [FilePath.join(directory, link), FilePath.join(directory, ".debug/" + link)]
    for root in debugDirectories {
      candidates.append(root + (directory.hasPrefix("/") ? directory : "/" + directory) + "/" + link)
    }
    let own = MappedFile.identity(file.path)
    return candidates.first { MappedFile.exists($0) && MappedFile.identity($0) != own }
  }

  /// The supplementary file an ELF file names: its path as written, or from the file's directory, else by its
  /// build id under the debug directories.
  static func supplementary(for file: ELFFile, debugDirectories: [String]) -> String? {
    guard let (path, id) = file.supplementaryFile else { return nil }
    let beside = FilePath.join(FilePath.directory(of: file.path), path)
    if MappedFile.exists(beside) { return beside }
    guard id.count > 1 else { return nil }
    let hex = id.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    return debugDirectories.map { "\($0)/.build-id/\(hex.prefix(2))/\(hex.dropFirst(2)).debug" }.first {
      MappedFile.exists($0)
    }
  }
}
