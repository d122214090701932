import CValueDebugInfo
import CValueHeaders
import CValueKit
import Foundation
import TestSupport
import Testing

/// Real headers compiled by gcc and clang, every record their DWARF holds laid out exactly as header import
/// (clang's own layout of the same file) lays it out: the sweep that finds what a hand-written fixture
/// misses, such as gcc's one-byte array bounds (`dirent.d_name[256]`, `kvm_run.padding[256]`,
/// `v4l2_format.fmt.raw_data[200]`), which were read as flexible arrays.
@Suite struct RealHeaderDebugInfoTests {
  static let headers = [
    "dirent.h", "sys/stat.h", "time.h", "netinet/in.h", "netinet/tcp.h", "sys/socket.h", "sys/un.h", "termios.h",
    "utmp.h", "sys/utsname.h", "linux/kvm.h", "linux/videodev2.h", "sound/asound.h", "linux/io_uring.h",
  ]

  static let source: String = {
    let text = headers.map { "#include <\($0)>" }.joined(separator: "\n") + "\n"
    let path = "\(DebugInfoFixture.directory)/real-headers.c"
    try? text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }()

  static let reference: Result<(TypeCatalog, ImportedTypes), HeaderImportError> = {
    let catalog = TypeCatalog()
    do throws(HeaderImportError) {
      return .success((catalog, try catalog.importHeaders([source])))
    } catch {
      return .failure(error)
    }
  }()

  @Test(.needs(.gcc), arguments: [("gcc", "-gdwarf-4"), ("gcc", "-gdwarf-5"), ("clang", "-gdwarf-5")])
  func everyRecordMatchesHeaderImport(_ compiler: String, _ version: String) throws {
    let object = "\(DebugInfoFixture.directory)/real-headers-\(compiler)\(version).o"
    _ = try DebugInfoFixture.run(
      DebugInfoFixture.tool(compiler),
      [version, "-c", "-fno-eliminate-unused-debug-types", Self.source, "-o", object], output: object
    ).get()
    let (reference, headers) = try Self.reference.get()
    let catalog = TypeCatalog()
    let imported = try catalog.importDebugInfo(of: object)
    var compared = 0
    for record in headers.records {
      guard let read = imported.record(named: record.name) else { continue }
      #expect(read.size == record.size, "\(record.name), \(compiler) \(version)")
      // Sizes and offsets: DWARF does not say `packed`, and a packed record whose members all sit at their
      // natural offsets (`struct v4l2_bt_timings_cap`) reads as naturally aligned, with the same stride.
      let expected = try DebugInfoLayoutTests.layout(record.name, in: reference, abi: headers.abi, alignment: false)
      let actual = try DebugInfoLayoutTests.layout(record.name, in: catalog, abi: imported.abi, alignment: false)
      #expect(actual == expected, "\(record.name), \(compiler) \(version)")
      compared += 1
    }
    // Most of the headers' records are in the DWARF (the rest are not emitted by a compiler with nothing
    // using them, or are declared only); the named ones of the silent pass must be among those compared.
    #expect(compared > headers.records.count / 2, "\(compared) of \(headers.records.count)")
    for name in ["struct dirent", "struct kvm_run", "struct v4l2_format", "struct snd_ctl_elem_value"] {
      #expect(imported.record(named: name) != nil, "\(name), \(compiler) \(version)")
    }
  }
}
