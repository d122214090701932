public import CValueKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

extension TypeCatalog {
  /// Reads the DWARF debug info of an ELF executable, shared library or object and registers its structs,
  /// unions and typedefs with C's member names and the exact layout the compiler wrote.
  ///
  /// Every complete struct and union becomes a record definition as header import makes it: C's member
  /// names, anonymous members flattened, bitfields in the GNU form, enums as their integer type and their
  /// constants registered for descriptions. Each record is laid out by CValueKit and compared with the
  /// debug info; where they differ (packed, `aligned`), the debug info's layout is registered as a
  /// `LayoutOverride`, for the ABI of the ELF header's machine.
  ///
  /// ```swift
  /// let catalog = TypeCatalog()
  /// try catalog.importDebugInfo(of: "build/shapes.o", types: ["struct shape"])
  /// let layout = try catalog.layout(of: "{shape}")
  /// ```
  ///
  /// libdw (elfutils) is loaded at run time: `CVALUEKIT_LIBDW` when set, else the system's `libdw.so.1`.
  ///
  /// - Parameters:
  ///   - path: The file; its separate debug file is found by build-id or debuglink.
  ///   - types: The types to import as C names them, with the records they hold; `nil` imports every one.
  ///   - unit: Only the compile unit of this name, to choose between different definitions of a name.
  /// - Returns: What was registered, as ``DebugInfoImport/read(_:types:unit:)`` read it: its origin is
  ///   `debug info`, with the file and the ELF header's target (`details["target"]`).
  /// - Throws: ``DebugInfoError``; nothing is registered then (``DebugInfoError/registration(_:)`` when the
  ///   catalog refuses an entry).
  @discardableResult
  public func importDebugInfo(of path: String, types: [String]? = nil, unit: String? = nil)
    throws(DebugInfoError) -> ImportedTypes
  {
    let imported = try DebugInfoImport.read(path, types: types, unit: unit)
    do throws(CatalogError) {
      try register(imported)
    } catch {
      throw .registration(error)
    }
    return imported
  }

  /// Imports types of the running program from its own debug info: the executable's (`/proc/self/exe`),
  /// then, for a type it lacks, each loaded shared library's in load order.
  ///
  /// ```swift
  /// let imported = try TypeCatalog().importDebugInfoOfRunningProgram(types: ["struct shape"])
  /// imported[0].origin.inputs   // ["/proc/self/exe"]
  /// ```
  ///
  /// - Parameter types: The types to import, as C names them.
  /// - Returns: One import per file the types came from.
  /// - Throws: ``DebugInfoError``: ``DebugInfoError/unknownType(_:file:nearest:)`` naming the executable for a
  ///   type that no file describes.
  @discardableResult
  public func importDebugInfoOfRunningProgram(types: [String]) throws(DebugInfoError) -> [ImportedTypes] {
    // A library whose sections show it has no DWARF and names no debug file is passed by unread: libdw would
    // load its debuginfod client looking for one. The libraries are listed only when the executable lacks a
    // type (most types are the executable's: a test process asks for them and for nothing else).
    var files = ["/proc/self/exe"]
    var librariesListed = false
    var byFile: [String: [String]] = [:]
    for type in types {
      var found: String?
      var firstError: DebugInfoError?
      var position = 0
      while position < files.count || !librariesListed {
        if position == files.count {
          files += Self.loadedLibraries().filter(Self.mayHaveDebugInfo)
          librariesListed = true
          continue
        }
        let file = files[position]
        position += 1
        do throws(DebugInfoError) {
          _ = try DebugInfoImport.read(file, types: [type])
          found = file
          break
        } catch {
          switch error {
          // A mapped file that is no ELF file for this machine (ld.so.cache) or has no debug info is passed by.
          case .unknownType, .noDebugInfo, .unreadable, .incompleteType, .notELF, .fileNotFound, .unsupportedMachine,
            .unsupportedABI:
            firstError = firstError ?? error
          default: throw error
          }
        }
      }
      guard let found else { throw firstError ?? .unknownType(type, file: files[0]) }
      byFile[found, default: []].append(type)
    }
    var result: [ImportedTypes] = []
    for file in files {
      guard let wanted = byFile[file] else { continue }
      result.append(try importDebugInfo(of: file, types: wanted))
    }
    return result
  }

  /// ``DebugInfoImport/mayHaveDebugInfo(atPath:)`` of a mapped library, once per process: a library mapped
  /// stays the file it was, and a type nowhere in the program looks at every library again.
  private static func mayHaveDebugInfo(_ library: String) -> Bool {
    if let known = librariesWithDebugInfo.withLock({ $0[library] }) { return known }
    let answer = Self.hasFindableDebugInfo(library)
    librariesWithDebugInfo.withLock { $0[library] = answer }
    return answer
  }

  private static let librariesWithDebugInfo = PThreadLock.Guarded<[String: Bool]>([:])

  /// Whether a library has DWARF of its own, or a separate debug file on this machine where libdwfl's standard
  /// search looks (by build id under `/usr/lib/debug/.build-id`, by its `.gnu_debuglink` name beside it, in
  /// `.debug/` beside it, or under `/usr/lib/debug`). A library with neither is not read: nothing of it could
  /// answer, and `DEBUGINFOD_URLS` alone never sends a type's lookup to the network (a server that does not
  /// answer would hold every miss for minutes, a request per library).
  /// With ``DebugInfoImport/fetchesFromDebuginfod`` on, a library with a build id may have one on a server.
  static func hasFindableDebugInfo(_ library: String) -> Bool {
    guard let file = ELFSections.read(library) else { return true }
    let names = Set(file.sections.map(\.name))
    if names.contains(".debug_info") || names.contains(".zdebug_info") { return true }
    guard names.contains(".gnu_debuglink") || names.contains(".note.gnu.build-id") else { return false }
    if DebugInfoImport.fetchesFromDebuginfod && names.contains(".note.gnu.build-id") { return true }
    var candidates: [String] = []
    if let note = file.contents(of: ".note.gnu.build-id", in: library), note.count > 17 {
      let id = note[16...].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
      candidates.append("/usr/lib/debug/.build-id/\(id.prefix(2))/\(id.dropFirst(2)).debug")
    }
    if let link = file.contents(of: ".gnu_debuglink", in: library),
      let end = link.firstIndex(of: 0), end > 0
    {
      let name = String(decoding: link[..<end], as: UTF8.self)
      var resolved = library
      if let real = realpath(library, nil) {
        resolved = String(cString: real)
        free(real)
      }
      let directory = resolved.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/")
      candidates += ["\(directory)/\(name)", "\(directory)/.debug/\(name)", "/usr/lib/debug\(directory)/\(name)"]
    }
    return candidates.contains { $0 != resolvedSelf(library) && access($0, R_OK) == 0 }
  }

  /// The library's own real path: a debug link naming the library itself is no separate file.
  private static func resolvedSelf(_ library: String) -> String {
    guard let real = realpath(library, nil) else { return library }
    defer { free(real) }
    return String(cString: real)
  }

  /// The shared libraries loaded into this process (code mapped), in the order /proc/self/maps lists them.
  private static func loadedLibraries() -> [String] {
    // Read to the end: /proc files report a size of 0, which a read by size takes at its word.
    let descriptor = open("/proc/self/maps", O_RDONLY)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += chunk[..<count]
    }
    let maps = String(decoding: bytes, as: UTF8.self)
    var result: [String] = []
    for line in maps.split(separator: "\n") {
      // A library loaded has code mapped (`r-xp`); a file libelf maps to read (an ELF file whose debug info was
      // read, and is kept open for the next read) has not.
      let fields = line.split(separator: " ", maxSplits: 2)
      guard fields.count > 1, fields[1].contains("x"), let slash = line.firstIndex(of: "/") else { continue }
      let path = String(line[slash...])
      if path.contains(".so"), !result.contains(path) { result.append(path) }
    }
    return result
  }
}
