/// Where in a file a problem is: the file, the section (or container structure: `ELF section headers`,
/// `Mach-O load commands`) and the byte offset in it.
package struct DWARFLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The file's path; empty until the reader that met the problem names it.
  package var file: String
  /// The section as DWARF names it (`.debug_info`, `.debug_abbrev.dwo`), or the container part.
  package var section: String
  /// The byte offset in the section.
  package var offset: UInt64

  /// A location in `section` at `offset`, of `file`.
  package init(file: String = "", section: String, offset: UInt64) {
    self.file = file
    self.section = section
    self.offset = offset
  }

  /// `build/a.o: .debug_info at 0x2c`.
  package var description: String {
    (file.isEmpty ? "" : file + ": ") + "\(section) at 0x\(String(offset, radix: 16))"
  }
}

/// Why a file's debug information could not be read: each case says what was wrong and where, so that bad input
/// (truncated, malformed, hostile) is refused with a message a person can act on, never a trap.
///
/// ```swift
/// do { _ = try DWARF.open("build/a.o") } catch { print(error) }
/// // build/a.o: .debug_abbrev at 0x0: cut short: 1 byte needed, 0 left
/// ```
package enum DWARFError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The bytes end before a value does: `needed` bytes were wanted at the location.
  case truncated(DWARFLocation, needed: Int)
  /// Bytes that no producer writes: a length past the end, an unknown abbreviation, a reference outside its unit.
  case malformed(DWARFLocation, String)
  /// Something real that this reader refuses by name (a form of a supplementary file not opened, a relocation
  /// type of a machine it does not know, a compression whose library is missing).
  case unsupported(DWARFLocation, String)
  /// No file at the path.
  case fileNotFound(String)
  /// The file exists but cannot be read.
  case unreadable(String, reason: String)
  /// Neither ELF nor Mach-O (thin or universal), nor a dSYM bundle.
  case notAnObjectFile(String)
  /// A container with no DWARF sections (stripped, or built without `-g`).
  case noDebugInfo(String)
  /// A universal (fat) Mach-O file without the architecture asked for: the ones it has.
  case missingArchitecture(String, wanted: String, available: [String])
  /// A linked Mach-O file's object (named by its debug map) changed since linking: the time the debug map
  /// recorded and the object's time now, in seconds since 1970.
  case objectChanged(object: String, linkedTime: Int64, modifiedTime: Int64)
  /// A container for an architecture CValueKit has no ABI for.
  case noABI(String, architecture: String)

  /// The error with `file` as the file of its location, when it has none yet.
  func located(in file: String) -> DWARFError {
    switch self {
    case .truncated(var location, let needed) where location.file.isEmpty:
      location.file = file
      return .truncated(location, needed: needed)
    case .malformed(var location, let reason) where location.file.isEmpty:
      location.file = file
      return .malformed(location, reason)
    case .unsupported(var location, let reason) where location.file.isEmpty:
      location.file = file
      return .unsupported(location, reason)
    default: return self
    }
  }

  package var description: String {
    switch self {
    case .truncated(let location, let needed):
      "\(location): cut short: \(needed) byte\(needed == 1 ? "" : "s") needed past the end"
    case .malformed(let location, let reason): "\(location): \(reason)"
    case .unsupported(let location, let reason): "\(location): not supported: \(reason)"
    case .fileNotFound(let path): "\(path): no such file"
    case .unreadable(let path, let reason): "\(path): cannot be read: \(reason)"
    case .notAnObjectFile(let path): "\(path): neither an ELF nor a Mach-O file, nor a dSYM bundle"
    case .noDebugInfo(let path): "\(path): has no DWARF debug information (stripped, or built without -g)"
    case .missingArchitecture(let path, let wanted, let available):
      "\(path): has no \(wanted) slice; it has \(available.joined(separator: ", "))"
    case .objectChanged(let object, let linkedTime, let modifiedTime):
      "\(object): changed since it was linked (the debug map records modification time \(linkedTime), the file "
        + "has \(modifiedTime)): link again to read its types"
    case .noABI(let path, let architecture): "\(path): CValueKit has no ABI for \(architecture)"
    }
  }
}

/// Runs `body`, naming `file` in any error it throws without a file (read only then: a walk that does not fail
/// never touches the name).
@inline(__always)
func locating<Result>(_ file: @autoclosure () -> String, _ body: () throws(DWARFError) -> Result)
  throws(DWARFError) -> Result
{
  do {
    return try body()
  } catch {
    throw error.located(in: file())
  }
}
