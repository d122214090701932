import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Whether libdw's search for a separate debug file may go on to the debuginfod servers of `DEBUGINFOD_URLS`:
/// the one switch behind `DebugInfoImport.fetchesFromDebuginfod`, read by every file opened
/// (``DwarfFile``). Off unless the process starts with `CVALUE_DEBUGINFOD=1`.
enum DebuginfodSwitch {
  /// The environment variable that turns it on for a process (`1`).
  static let variable = "CVALUE_DEBUGINFOD"

  private static let state = Atomic<Bool>(getenv(variable).map { String(cString: $0) == "1" } ?? false)

  static var isOn: Bool {
    get { state.load(ordering: .acquiring) }
    set { state.store(newValue, ordering: .releasing) }
  }
}
