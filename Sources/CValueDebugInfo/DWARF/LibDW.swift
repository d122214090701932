internal import CDwarf
import CValueKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// libdw, loaded with `dlopen` once per process: its function table and where it was found.
struct LibDW: @unchecked Sendable {
  // @unchecked: the table holds C function pointers, immutable and callable from any thread; libdw is
  // safe for separate Dwfl sessions, and every import opens its own.
  let api: cv_dwarf_api
  let path: String

  /// The library, loaded on first use from ``candidates(environment:)``.
  static func shared() throws(DebugInfoError) -> LibDW {
    try loaded.value { () throws(DebugInfoError) in
      try load(from: candidates(environment: ProcessInfo.processInfo.environment))
    }
  }

  private static let loaded = LoadedOnce<LibDW, DebugInfoError>()

  /// `CVALUEKIT_LIBDW` alone when it is set (an explicit choice that fails is an error, not a silent
  /// fallback), else the system's libdw by its sonames.
  static func candidates(environment: [String: String]) -> [String] {
    if let explicit = environment["CVALUEKIT_LIBDW"], !explicit.isEmpty { return [explicit] }
    return ["libdw.so.1", "libdw.so"]
  }

  /// The first candidate that loads; one without every function needed is an error at once.
  static func load(from candidates: [String]) throws(DebugInfoError) -> LibDW {
    for path in candidates {
      guard let handle = cv_dwarf_open(path) else { continue }
      // Never closed: the functions stay in use for the life of the process.
      let real = cv_dwarf_library_path(handle).map { String(cString: $0) } ?? path
      // Filled by C: Swift cannot make a table of non-optional function pointers without them.
      let table = UnsafeMutablePointer<cv_dwarf_api>.allocate(capacity: 1)
      defer { table.deallocate() }
      if let missing = cv_dwarf_load(handle, table) {
        cv_dwarf_close(handle)
        throw .libdwTooOld(path: real, missingSymbol: String(cString: missing))
      }
      return LibDW(api: table.move(), path: real)
    }
    throw .libdwNotFound(tried: candidates)
  }
}
