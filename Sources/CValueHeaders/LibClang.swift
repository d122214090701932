internal import CClang
import CValueKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// libclang, loaded with `dlopen` once per process: its function table, where it was found, the resource
/// directory its parser needs for `stddef.h`, and its version.
struct LibClang: @unchecked Sendable {
  // @unchecked: the table holds C function pointers, which are immutable and callable from any thread;
  // libclang itself is thread-safe for separate indexes, and every import makes its own.
  let api: cvi_clang_api
  let path: String
  let resourceDirectory: String?
  let version: String

  /// The library, loaded on first use from ``candidates(environment:)``.
  static func shared() throws(HeaderImportError) -> LibClang {
    try loaded.value { () throws(HeaderImportError) in
      try load(from: candidates(environment: ProcessInfo.processInfo.environment))
    }
  }

  private static let loaded = LoadedOnce<LibClang, HeaderImportError>()

  #if os(macOS)
    static let fileName = "libclang.dylib"
  #else
    static let fileName = "libclang.so"
  #endif

  /// The places to try, in order: `CVALUEKIT_LIBCLANG` alone when it is set (an explicit choice that fails
  /// is an error, not a silent fallback); else beside the `clang` and `swift` on `PATH` (and Xcode's clang
  /// on macOS), then the system's libclang by its usual names, newest first.
  static func candidates(environment: [String: String]) -> [String] {
    if let explicit = environment["CVALUEKIT_LIBCLANG"], !explicit.isEmpty { return [explicit] }
    var result: [String] = []
    func add(_ path: String) { if !result.contains(path) { result.append(path) } }
    let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    for tool in ["clang", "swift"] {
      for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(tool)") {
        let real = URL(fileURLWithPath: "\(directory)/\(tool)").resolvingSymlinksInPath()
        add(real.deletingLastPathComponent().deletingLastPathComponent().path + "/lib/" + fileName)
        break
      }
    }
    #if os(macOS)
      if let clang = xcrunFindClang() {
        add(
          URL(fileURLWithPath: clang).deletingLastPathComponent().deletingLastPathComponent().path + "/lib/" + fileName)
      }
    #endif
    add(fileName)
    for version in stride(from: 22, through: 11, by: -1) {
      add("libclang-\(version).so")
      add("libclang.so.\(version)")
      add("libclang-\(version).so.1")
      add("/usr/lib/llvm-\(version)/lib/libclang.so")
    }
    return result
  }

  #if os(macOS)
    private static func xcrunFindClang() -> String? {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
      process.arguments = ["--find", "clang"]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
      do { try process.run() } catch { return nil }
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { return nil }
      let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      return path.isEmpty ? nil : path
    }
  #endif

  /// The first candidate that loads. A library without every function needed is an error at once: a newer
  /// one later in the list would be a surprise, and the user should know which one is too old.
  static func load(from candidates: [String]) throws(HeaderImportError) -> LibClang {
    for path in candidates {
      guard let handle = cvi_clang_open(path) else { continue }
      // Never closed: the functions stay in use for the life of the process.
      let real = loadedPath(of: handle) ?? path
      // Filled by C: Swift cannot make a table of non-optional function pointers without them.
      let table = UnsafeMutablePointer<cvi_clang_api>.allocate(capacity: 1)
      defer { table.deallocate() }
      if let missing = cvi_clang_load(handle, table) {
        cvi_clang_close(handle)
        throw .libclangTooOld(path: real, missingSymbol: String(cString: missing))
      }
      let api = table.move()
      let version = string(api.getClangVersion(), api)
      return LibClang(
        api: api, path: real, resourceDirectory: resourceDirectory(near: [path, real], version: version),
        version: version)
    }
    throw .libclangNotFound(tried: candidates)
  }

  /// The file the library was loaded from, for messages and for finding its resource directory.
  private static func loadedPath(of handle: UnsafeMutableRawPointer) -> String? {
    guard let name = cvi_library_path(handle) else { return nil }
    return URL(fileURLWithPath: String(cString: name)).resolvingSymlinksInPath().path
  }

  /// clang's resource directory, `<libdir>/clang/<version>` holding `include/stddef.h`, looked for beside
  /// the library as found and as resolved, and where Debian's libclang-dev puts it.
  static func resourceDirectory(near libraries: [String], version: String) -> String? {
    let major = version.split(separator: " ").first { $0.first?.isNumber == true }?.split(separator: ".").first
      .map(String.init)
    var libraryDirectories = libraries.filter { $0.contains("/") }.map {
      URL(fileURLWithPath: $0).deletingLastPathComponent().path
    }
    if let major { libraryDirectories.append("/usr/lib/llvm-\(major)/lib") }
    for directory in libraryDirectories {
      let clang = directory + "/clang"
      guard let entries = try? FileManager.default.contentsOfDirectory(atPath: clang) else { continue }
      let usable = entries.filter { FileManager.default.fileExists(atPath: "\(clang)/\($0)/include/stddef.h") }
      let preferred = usable.first { $0 == major || $0.hasPrefix("\(major ?? "").") } ?? usable.sorted().last
      if let preferred { return "\(clang)/\(preferred)" }
    }
    return nil
  }

  /// The text of a CXString, which it then frees.
  static func string(_ value: CXString, _ api: cvi_clang_api) -> String {
    defer { api.disposeString(value) }
    guard let text = api.getCString(value) else { return "" }
    return String(cString: text)
  }

  /// The text of a CXString, which it then frees.
  func string(_ value: CXString) -> String { Self.string(value, api) }
}
