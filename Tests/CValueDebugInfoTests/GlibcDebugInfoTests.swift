import CValueDebugInfo
import CValueHeaders
import CValueKit
import Foundation
import TestSupport
import Testing

/// glibc's own debug info (Debian's libc6-dbg, a separate file found by libc.so.6's build-id): its
/// `struct stat` and `struct tm` laid out exactly as header import lays out the system headers' ones.
@Suite(.needs(.glibcDebugInfo)) struct GlibcDebugInfoTests {
  static let libc = "/lib/x86_64-linux-gnu/libc.so.6"

  /// `struct stat` has no padding: laid out alike packed or not, its alignment is unknown (at most 8); the
  /// padding in `struct tm` shows it is not packed.
  @Test(arguments: [
    ("struct stat", "sys/stat.h", ImportedTypes.AlignmentSource.unknown), ("struct tm", "time.h", .natural),
  ])
  func glibcRecordMatchesHeaderImport(_ type: String, _ header: String, _ source: ImportedTypes.AlignmentSource) throws
  {
    let reference = TypeCatalog()
    let headers = try reference.importHeaders([header], types: [type])
    let catalog = TypeCatalog()
    let imported = try catalog.importDebugInfo(of: Self.libc, types: [type])
    let read = try #require(imported.record(named: type))
    #expect(read.size == headers.record(named: type)?.size)
    #expect(read.alignmentSource == source)
    let expected = try DebugInfoLayoutTests.layout(type, in: reference, abi: headers.abi)
    #expect(try DebugInfoLayoutTests.layout(type, in: catalog, abi: imported.abi) == expected)
  }
}
