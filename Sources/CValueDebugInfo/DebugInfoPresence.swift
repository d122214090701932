/// Whether a file can have DWARF at all, from its section names alone, for a caller that must stay cheap
/// when it has none: libdw, finding no debug info in a file, loads the debuginfod client (libcurl, GnuTLS:
/// some 35 libraries, about 10 ms) to look for it elsewhere. `cv_type_resolve`'s catalog check asks first.
package enum DebugInfoPresence {
  /// `false` when the ELF file at `path` has neither `.debug_info` (or `.zdebug_info`) nor `.gnu_debuglink`
  /// (the name of a separate debug file); `true` otherwise, and whenever its sections cannot be read (the
  /// reader then decides, and says why).
  ///
  /// ```swift
  /// if DebugInfoPresence.mayHaveDebugInfo("/proc/self/exe") { … }
  /// ```
  package static func mayHaveDebugInfo(_ path: String) -> Bool {
    guard let file = ELFSections.read(path) else { return true }
    return file.sections.contains { [".debug_info", ".zdebug_info", ".gnu_debuglink"].contains($0.name) }
  }
}
