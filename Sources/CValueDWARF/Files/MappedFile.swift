#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file read by mapping it into memory: its bytes are paged in only where a section is read, so a 24 MB
/// binary whose types sit in a few units costs only those pages.
package enum MappedFile {
  /// The whole file at `path`.
  static func map(_ path: String) throws(DWARFError) -> ByteStorage {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { throw .fileNotFound(path) }
      throw .unreadable(path, reason: systemMessage(errno))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .unreadable(path, reason: systemMessage(errno)) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path, reason: "it is not a regular file") }
    let size = Int(status.st_size)
    guard size > 0 else { return .empty }
    guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
      throw .unreadable(path, reason: systemMessage(errno))
    }
    return ByteStorage(mapped: UnsafeRawBufferPointer(start: mapped, count: size))
  }

  /// The modification time of the file at `path` in seconds since 1970, `nil` when it cannot be read.
  static func modificationTime(_ path: String) -> Int64? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    #if canImport(Darwin)
      return Int64(status.st_mtimespec.tv_sec)
    #else
      return Int64(status.st_mtim.tv_sec)
    #endif
  }

  /// The device and inode of the file at `path` (what tells two names of one file apart from two files).
  static func identity(_ path: String) -> [UInt64]? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
  }

  /// Whether there is a file or directory at `path`.
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0
  }

  /// Whether `path` is a directory.
  static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// The names in the directory at `path` (not `.` and `..`), sorted; empty when it cannot be read.
  static func names(in path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  static func systemMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

/// Paths joined and split as the loader and the linker spell them, without Foundation.
enum FilePath {
  /// `name` in `directory`, or `name` itself when it is absolute.
  static func join(_ directory: String, _ name: String) -> String {
    if name.hasPrefix("/") || directory.isEmpty { return name }
    return directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// Everything before the last `/` (`.` when there is none).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Everything after the last `/`.
  static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
