extension DebugInfoImport {
  /// Whether a separate debug file that is not on this machine is asked for, by build id, from the debuginfod
  /// servers that `DEBUGINFOD_URLS` names. Off unless asked for: `true` when the process starts with
  /// `CVALUE_DEBUGINFOD=1`, or once set here.
  ///
  /// Off, a type is read only from debug info on this machine (in the file, beside it, or under
  /// `/usr/lib/debug`), whatever `DEBUGINFOD_URLS` says: a miss never waits on the network, and a stripped
  /// program is ``DebugInfoError/noDebugInfo(_:)``. On, libdw's whole search runs, its last step a request to
  /// each server for the file's debug file (kept in libdebuginfod's cache, `~/.cache/debuginfod_client`), for
  /// the program and, when it lacks a type, each loaded library without a local debug file; a server that
  /// sends nothing for `DEBUGINFOD_TIMEOUT` seconds (10 unless set) is given up. The C library's
  /// `cv_program_type` and the `cvalue` tool's `--binary` follow the same switch.
  ///
  /// ```swift
  /// DebugInfoImport.fetchesFromDebuginfod = true   // or run with CVALUE_DEBUGINFOD=1
  /// let imported = try DebugInfoImport.read("build/app.stripped", types: ["struct shape"])
  /// ```
  public static var fetchesFromDebuginfod: Bool {
    get { DebuginfodSwitch.isOn }
    set { DebuginfodSwitch.isOn = newValue }
  }
}
