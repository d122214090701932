import CValueCxxStandardLibrary
public import CValueKit

/// Why reading types from debug info failed: each case names the file, the type or the unit, and its
/// ``description`` says what to do.
///
/// ```swift
/// do {
///   try TypeCatalog().importDebugInfo(of: "/bin/true")
/// } catch {
///   print(error)   // /bin/true has no DWARF debug info: build it with -g, or install its debug file
/// }
/// ```
public enum DebugInfoError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No libdw could be loaded from any of these places.
  case libdwNotFound(tried: [String])
  /// The libdw found lacks a function CValueDebugInfo needs.
  case libdwTooOld(path: String, missingSymbol: String)
  /// The file does not exist or cannot be read.
  case fileNotFound(String)
  /// The file is not an ELF file (its first bytes are not `\x7fELF`).
  case notELF(String)
  /// libdwfl could not read the file: truncated, damaged, or of a kind it does not read.
  case unreadable(String, reason: String)
  /// The file (and any separate debug file libdwfl found for it) has no DWARF.
  case noDebugInfo(String)
  /// The file was built with split DWARF (`-gsplit-dwarf`), and the `.dwo` files its units name (each as
  /// the compile directory and the name the compiler wrote) are not there; `package` says why the `.dwp`
  /// beside the file did not hold them, if there is one ("sample.dwp has no unit of id 0x…").
  case missingSplitDebugInfo(String, files: [String], package: String?)
  /// The ELF header names a machine CValueKit has no ABI for.
  case unsupportedMachine(String, machine: Int, bits: Int)
  /// The ELF header names a machine CValueKit describes, but an ABI of it whose layouts it does not (RV32E's
  /// ilp32e, the old Arm ABI), named in `abi`.
  case unsupportedABI(String, abi: String)
  /// A type named in `types:` that no unit of the file, which has debug info, defines; `nearest` holds up
  /// to three names it does define that are spelled most like it (a typo, or the other keyword), nearest
  /// first.
  case unknownType(String, file: String, nearest: [String] = [])
  /// A type named in `types:` that is only declared (`struct s;`), never defined, in the debug info.
  case incompleteType(String, file: String)
  /// A typedef named in `types:` whose type has no layout or values (glibc's `typedef void _IO_lock_t`, a
  /// function type): `what` says which (`a typedef of void`).
  case typeWithoutLayout(String, file: String, what: String)
  /// `unit:` names no compile unit of the file.
  case unknownUnit(String, file: String)
  /// A type named in `types:` that compile units (or functions, for a type declared in one: `test.c (in f())`)
  /// define differently: choose a unit with `unit:`.
  case conflictingDefinitions(String, units: [String])
  /// A member whose type no encoding describes (`__float128`, a complex integer).
  case unsupportedType(String, record: String, field: String)
  /// The DWARF is malformed: a type reference that loops or goes too deep, or an attribute that cannot be read.
  case malformed(String, die: UInt64, reason: String)
  /// The layout the debug info gives could not be carried by an override: where and how it differs.
  case layoutMismatch(record: String, field: String, dwarf: String, cvaluekit: String)
  /// The catalog already holds something else under a name or record the debug info defines.
  case registration(CatalogError)
  /// A member, at `field` of the type `type` read from the running program, is a C++ standard container that
  /// CValueKit compares by what it holds (`std::string`, `std::vector`, `std::map`, …), named `container`, but
  /// laid out in the debug info as none of the layouts it knows of `library` (another version of it): by its
  /// representation two equal values would differ, so the type is refused.
  case unknownStandardLayout(type: String, field: String, container: String, library: String)

  /// A member `field` of `type` is a C++ standard container that CValueKit compares by what it holds, named
  /// `container`, but the type it holds cannot be read and laid out from the debug info (the program only
  /// declares it, as a `std::unique_ptr` to a class defined elsewhere does): by its representation two equal
  /// values would differ, so the type is refused.
  case unreadableStandardElement(type: String, field: String, container: String)

  /// What went wrong and how to fix it.
  public var description: String {
    switch self {
    case .libdwNotFound(let tried):
      return "libdw (elfutils) not found; tried \(tried.joined(separator: ", ")). Install libdw1 "
        + "(Debian, Ubuntu) or elfutils-libs (Fedora), or set CVALUEKIT_LIBDW to its path"
    case .libdwTooOld(let path, let symbol):
      return "\(path) lacks \(symbol): CValueDebugInfo needs elfutils 0.171 or later"
    case .fileNotFound(let path): return "\(path): no such file, or it cannot be read"
    case .notELF(let path): return "\(path) is not an ELF file"
    case .unreadable(let path, let reason): return "\(path) cannot be read as ELF: \(reason)"
    case .noDebugInfo(let path):
      let fetch =
        DebuginfodSwitch.isOn
        ? "" : " (or set CVALUE_DEBUGINFOD=1 to fetch it by build id from the debuginfod servers of DEBUGINFOD_URLS)"
      return "\(path) has no DWARF debug info: build it with -g, or install its debug file" + fetch
    case .missingSplitDebugInfo(let path, let files, let package):
      let shown = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? " and \(files.count - 3) more" : "")
      let binary = path.split(separator: "/").last.map(String.init) ?? path
      // binutils' dwp packages only GNU's DWARF 4 form; llvm-dwp both forms, from gcc and clang.
      let repackage = "`llvm-dwp -e \(binary) -o \(binary).dwp` beside the binary"
      guard let package else {
        return "\(path) was built with split DWARF (-gsplit-dwarf) and its debug info is in \(shown), which "
          + "cannot be found: keep the .dwo files where the build wrote them, or package them with \(repackage)"
      }
      return "\(path) was built with split DWARF (-gsplit-dwarf) and its debug info is in \(shown), which "
        + "cannot be found, and \(package): keep the .dwo files where the build wrote them, or package them "
        + "again with \(repackage)"
    case .unsupportedMachine(let path, let machine, let bits):
      return "\(path) is for ELF machine \(machine) (\(bits)-bit), whose ABI CValueKit does not describe"
    case .unsupportedABI(let path, let abi):
      return "\(path) is for \(abi), whose layouts CValueKit does not describe"
    case .unknownType(let name, let file, let nearest):
      // The file has debug info (else .noDebugInfo): the type is not in it, misspelled or used by no code.
      let near = nearest.isEmpty ? "" : " (the nearest names it has: \(nearest.joined(separator: ", ")))"
      return "\(file) has debug info, but no type named \(name)\(near)"
    case .incompleteType(let name, let file):
      // clang (without -fstandalone-debug) leaves out a class that the library's own debug info would define:
      // libstdc++'s std::string, its allocator and the types inside them.
      let standard = name.hasPrefix("std::") || name.hasPrefix("struct std::") || name.hasPrefix("class std::")
      return "\(file) only declares \(name): no unit that defines it has debug info"
        + (standard ? " (clang leaves the standard library's classes out unless built with -fstandalone-debug)" : "")
    case .typeWithoutLayout(let name, let file, let what):
      return "\(name) in \(file) is \(what), which has no layout or values: there is nothing to lay out, describe "
        + "or compare"
    case .unknownUnit(let unit, let file): return "\(file) has no compile unit \(unit)"
    case .conflictingDefinitions(let name, let units):
      // Places in functions read `test.c (in f())`: two in one unit are not for `unit:` to choose between.
      let files = units.map { $0.components(separatedBy: " (in ")[0] }
      let choice =
        Set(files).count == files.count
        ? "choose one with unit:" : "give them different names (unit: chooses a compile unit, not a function)"
      return "\(name) is defined differently in \(units.joined(separator: ", ")): \(choice)"
    case .unsupportedType(let type, let record, let field):
      return "\(record)\(field): \(type) has no type encoding"
    case .malformed(let path, let die, let reason):
      return "\(path): malformed DWARF at DIE 0x\(String(die, radix: 16)): \(reason)"
    case .layoutMismatch(let record, let field, let dwarf, let cvaluekit):
      return "\(record)\(field): the debug info says \(dwarf), CValueKit lays it out as \(cvaluekit)"
    case .registration(let error): return "\(error)"
    case .unreadableStandardElement(let type, let field, let container):
      return StandardLayoutError.unreadableElement(type: type, field: field, container: container).description
    case .unknownStandardLayout(let type, let field, let container, let library):
      return StandardLayoutError.unknownLayout(type: type, field: field, container: container, library: library)
        .description
    }
  }
}

extension DebugInfoError {
  /// A standard container the running program's type holds but that is not compared by what it holds, in this
  /// error's words.
  init(_ error: StandardLayoutError) {
    switch error {
    case .unknownLayout(let type, let field, let container, let library):
      self = .unknownStandardLayout(type: type, field: field, container: container, library: library)
    case .unreadableElement(let type, let field, let container):
      self = .unreadableStandardElement(type: type, field: field, container: container)
    }
  }
}
