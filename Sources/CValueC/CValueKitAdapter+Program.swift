import CValueCHeader
// The running program's own types, read from its debug info (CValueDebugInfo), for `cv_program_type`: the
// one catalog and registry of the process, filled at first use of each type and kept for the process's life.
// Its values are the process's own, so the C++ standard containers among them are compared by what they hold
// (CValueCxxStandardLibrary, fed by the debug info).
import CValueCxxStandardLibrary
import CValueDebugInfo
import CValueKit
import Synchronization

/// The process-wide catalog and registry of the running program's types, behind one lock: each type is read
/// from the debug info once per process, whichever thread asks first; a forked child inherits what its parent
/// had read (the state is ordinary memory).
final class ProgramTypes: Sendable {
  /// The one instance of the process.
  static let shared = ProgramTypes()

  private struct State {
    /// The program's names only: its `rect` or `point` is never taken for a built-in name.
    let catalog = CatalogHandle(includingBuiltins: false)
    lazy var registry = RegistryHandle(catalog)
    /// The handles made so far, by C name.
    var resolved: [String: TypeHandle] = [:]
    /// The names the program has no debug info for, with the error: not searched for again.
    var failed: [String: CAPIError] = [:]
    /// The names the executable's own debug info does not give (the libraries were not searched).
    var notInExecutable: Set<String> = []
    /// Why the executable's debug info cannot give any type (none, no libdw, not ELF), once known.
    var executableUnreadable = false
  }

  private let state = Mutex(State())

  /// The handle for `name`, read from the debug info on first use, checked against `size`.
  func type(named name: String, size: Int) throws(CAPIError) -> TypeHandle {
    try Self.checked(try type(named: name), name: name, size: size).get()
  }

  /// The handle for `name` as the program's debug info lays it out, read on first use.
  func type(named name: String) throws(CAPIError) -> TypeHandle {
    let result: Result<TypeHandle, CAPIError> = state.withLock { state in
      if let known = state.resolved[name] { return .success(known) }
      if let known = state.failed[name] { return .failure(known) }
      do throws(DebugInfoError) {
        try state.registry.registry.importTypes([name], from: .runningProgram)
      } catch {
        let failure = Self.error(error, name: name)
        state.failed[name] = failure
        return .failure(failure)
      }
      do throws(CAPIError) {
        let handle = try state.registry.resolve(name, size: try state.registry.size(of: name))
        state.resolved[name] = handle
        return .success(handle)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The handle for `name` as the executable's own debug info lays it out, read on first use, or `nil` when
  /// it gives none (no debug info for it, no libdw, not ELF, a definition the reader refuses): what
  /// `cv_type_resolve` checks a catalog's type against. The loaded libraries are not searched: the code that
  /// resolves a type is the executable's, and a library's debug info (glibc's, with libc6-dbg) costs
  /// hundreds of milliseconds to search.
  func executableType(named name: String) -> TypeHandle? {
    state.withLock { state in
      if let known = state.resolved[name] { return known }
      guard !state.executableUnreadable, state.failed[name] == nil, !state.notInExecutable.contains(name) else {
        return nil
      }
      guard DebugInfoImport.mayHaveDebugInfo(atPath: "/proc/self/exe") else {
        state.executableUnreadable = true
        return nil
      }
      do throws(DebugInfoError) {
        try state.registry.registry.importTypes([name], from: .debugInfo(of: "/proc/self/exe"))
      } catch {
        switch error {
        case .libdwNotFound, .libdwTooOld, .fileNotFound, .notELF, .unreadable, .noDebugInfo, .unsupportedMachine,
          .unsupportedABI:
          state.executableUnreadable = true
        default: state.notInExecutable.insert(name)
        }
        return nil
      }
      guard let handle = try? state.registry.resolve(name, size: try state.registry.size(of: name)) else {
        state.notInExecutable.insert(name)
        return nil
      }
      state.resolved[name] = handle
      return handle
    }
  }

  private static func checked(_ handle: TypeHandle, name: String, size: Int) -> Result<TypeHandle, CAPIError> {
    guard handle.size == size else {
      return .failure(
        CAPIError(
          status: CV_ERROR_SIZE,
          message: "\"\(name)\" is \(handle.size) bytes in the program's debug info, but sizeof is \(size) where "
            + "it is used: the code that uses it was compiled with other flags than the code described"))
    }
    return .success(handle)
  }

  /// A debug-info error as the C caller sees it, with the fix for what is true: the program has debug info
  /// but not the type (misspelled, or used by no code), has none, or only declares the type.
  private static func error(_ error: DebugInfoError, name: String) -> CAPIError {
    switch error {
    case .unknownType:
      return CAPIError(
        status: CV_ERROR_UNKNOWN_TYPE,
        message: "\(error): check the name, or use the type in code built with -g (a type no code uses is left "
          + "out of the debug info), or load a catalog file made by `cvalue import`")
    case .noDebugInfo:
      return CAPIError(
        status: CV_ERROR_UNKNOWN_TYPE,
        message: "\(error); the running program has no debug info for \(name): compile the code that uses it "
          + "with -g (and do not strip the executable), or load a catalog file made by `cvalue import`")
    case .incompleteType:
      return CAPIError(
        status: CV_ERROR_UNKNOWN_TYPE,
        message: "\(error): compile the code that defines \(name) with -g, or load a catalog file made by "
          + "`cvalue import`")
    case .libdwNotFound, .libdwTooOld:
      return CAPIError(status: CV_ERROR_IMPORT, message: "\(error)")
    default:
      return CAPIError(status: CV_ERROR_CATALOG, message: "\(error)")
    }
  }
}

extension RegistryHandle {
  /// The size of `type` as the registry lays it out (0 when unknown: `resolve` then says why).
  func size(of type: String) throws(CAPIError) -> Int {
    do throws(ValueError) { return try registry.resolve(type).size ?? 0 } catch {
      throw CAPIError(valueError: error)
    }
  }
}

extension RegistryHandle {
  /// `cv_type_resolve`: the handle for `type`, and for a C name that came from a catalog file or a header
  /// import, the check that the executable's own debug info lays it out the same way, where it has debug
  /// info for it (and libdw loads): a catalog exists for binaries without, so no debug info, no libdw, or a
  /// definition the reader cannot give (conflicting units, malformed DWARF) means no check.
  func resolveChecked(_ type: String, size: Int) throws(CAPIError) -> TypeHandle {
    let handle = try resolve(type, size: size)
    guard catalog.isImported(type), let program = ProgramTypes.shared.executableType(named: type) else {
      return handle
    }
    try Self.check(handle, against: program, name: type)
    return handle
  }

  /// The catalog's handle for `name` is laid out as the program's: the first field that differs, else the size.
  static func check(_ mine: TypeHandle, against program: TypeHandle, name: String) throws(CAPIError) {
    guard let ours = mine.handle.layout, let theirs = program.handle.layout else { return }
    let catalogFields = ours.fields.map(\.description)
    let programFields = theirs.fields.map(\.description)
    for index in 0..<max(catalogFields.count, programFields.count) {
      let catalogField = index < catalogFields.count ? catalogFields[index] : "no field"
      let programField = index < programFields.count ? programFields[index] : "no field"
      guard catalogField == programField else {
        throw CAPIError(
          status: CV_ERROR_CATALOG,
          message: "the catalog's \(name) is not the program's: field \(index + 1) is \(catalogField) in the "
            + "catalog but \(programField) in the program's debug info (the catalog was made with other "
            + "compiler flags than the program: -fshort-enums, #pragma pack, -m32?)")
      }
    }
    guard ours.size == theirs.size else {
      throw CAPIError(
        status: CV_ERROR_CATALOG,
        message: "the catalog's \(name) is \(ours.size) bytes, the program's \(theirs.size) bytes")
    }
  }
}

extension CatalogHandle {
  /// `cv_catalog_check_program`: the catalog's layout of `name` is the running program's own, field by field,
  /// for any name of the catalog; the program's lack of debug info for it is an error here.
  func checkAgainstProgram(_ name: String) throws(CAPIError) {
    let registry = RegistryHandle(self)
    let mine = try registry.resolve(name, size: try registry.size(of: name))
    try RegistryHandle.check(mine, against: try ProgramTypes.shared.type(named: name), name: name)
  }
}
