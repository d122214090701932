#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Path text for the snapshot files, without NSString (which FoundationEssentials, the Foundation that
/// libcvalue links, does not have).
enum SnapshotPath {
  /// `folder/name`, with one slash between.
  static func join(_ folder: String, _ name: String) -> String {
    folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
  }

  /// The folder holding `path`: `.` for a bare name, `/` for a file at the root.
  static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `path` with `.` components, `..` after a name and repeated slashes taken out, so that two spellings of
  /// one file compare equal.
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
      if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
    }
    return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
  }

  /// Whether `path` names a folder.
  static func isFolder(_ path: String) -> Bool {
    let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    return type == .typeDirectory
  }
}
