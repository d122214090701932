/// The DWARF sections the reader reads, by what they hold (whatever the container calls them:
/// `.debug_info`, `.zdebug_info`, `.debug_info.dwo`, `__debug_info`).
package enum SectionKind: UInt8, CaseIterable, Hashable, Sendable {
  case info
  case abbrev
  case str
  case strOffsets
  case lineStr
  case addr
  case types
  case rnglists
  case ranges
  case loclists
  case loc
  case line
  case cuIndex
  case tuIndex
  /// DWARF 5's `.debug_sup`: the supplementary file's name and checksum.
  case sup

  /// Whether the type reader reads it: not the line table, nor location and range lists.
  package var holdsTypes: Bool {
    switch self {
    case .line, .loc, .loclists, .ranges, .rnglists: false
    default: true
    }
  }

  /// The ELF name, without `.dwo`: `.debug_info`.
  package var name: String {
    switch self {
    case .info: ".debug_info"
    case .abbrev: ".debug_abbrev"
    case .str: ".debug_str"
    case .strOffsets: ".debug_str_offsets"
    case .lineStr: ".debug_line_str"
    case .addr: ".debug_addr"
    case .types: ".debug_types"
    case .rnglists: ".debug_rnglists"
    case .ranges: ".debug_ranges"
    case .loclists: ".debug_loclists"
    case .loc: ".debug_loc"
    case .line: ".debug_line"
    case .cuIndex: ".debug_cu_index"
    case .tuIndex: ".debug_tu_index"
    case .sup: ".debug_sup"
    }
  }

  /// The kind of the section an ELF file names so (`.debug_info`, `.debug_info.dwo`, `.zdebug_info`), or a
  /// Mach-O file (`__debug_info`, names cut at 16 bytes: `__debug_str_offs`); `nil` for any other.
  package init?(sectionName: String) {
    var name = Substring(sectionName)
    if name.hasSuffix(".dwo") { name = name.dropLast(4) }
    if name.hasPrefix(".zdebug_") {
      name = ".debug_" + name.dropFirst(8)
    } else if name.hasPrefix("__debug_") {
      name = ".debug_" + name.dropFirst(8)
    } else if !name.hasPrefix(".debug_") {
      return nil
    }
    switch name {
    case ".debug_str_offs", ".debug_str_offsets": self = .strOffsets
    default:
      guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
      self = kind
    }
  }
}

/// A section's name as errors show it: `.debug_info`, or `.debug_info.dwo` in a split DWARF file.
struct SectionName: CustomStringConvertible, Sendable {
  var kind: SectionKind
  var isSplit: Bool

  var description: String { kind.name + (isSplit && kind != .cuIndex && kind != .tuIndex ? ".dwo" : "") }
}

/// The DWARF sections of one file, as its container hands them over: the reader never knows whether they came
/// from ELF or Mach-O, mapped or decompressed (gimli's shape).
///
/// ```swift
/// let sections = try ELFFile(path: "a.o").dwarfSections()
/// let dwarf = try DWARF(sections)
/// ```
package struct DWARFSections: Sendable {
  /// The file they are from, for errors.
  package var path: String
  package var isBigEndian: Bool
  /// Whether these are a split DWARF file's (`.dwo`) or a package's (`.dwp`) `.dwo` sections.
  package var isSplit: Bool
  private var sections: [ByteSlice?]

  /// Sections of the file at `path`, none yet.
  package init(path: String, isBigEndian: Bool, isSplit: Bool) {
    self.path = path
    self.isBigEndian = isBigEndian
    self.isSplit = isSplit
    sections = Array(repeating: nil, count: SectionKind.allCases.count)
  }

  /// The section of `kind`, `nil` when the file has none.
  package subscript(kind: SectionKind) -> ByteSlice? {
    get { sections[Int(kind.rawValue)] }
    set { sections[Int(kind.rawValue)] = newValue }
  }

  /// How many bytes the section of `kind` has (0 when there is none).
  package func size(of kind: SectionKind) -> Int { self[kind]?.count ?? 0 }

  /// Whether the file has a section of `kind`.
  package func has(_ kind: SectionKind) -> Bool { self[kind] != nil }

  /// The bytes of the section of `kind` (empty when it has none).
  func bytes(_ kind: SectionKind) -> UnsafeRawBufferPointer {
    self[kind]?.bytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
  }

  func name(_ kind: SectionKind) -> SectionName { SectionName(kind: kind, isSplit: isSplit) }

  /// A cursor at `offset` of the section of `kind`.
  func cursor(_ kind: SectionKind, at offset: Int = 0) -> ByteCursor {
    ByteCursor(bytes(kind), at: offset, bigEndian: isBigEndian, section: name(kind))
  }
}
