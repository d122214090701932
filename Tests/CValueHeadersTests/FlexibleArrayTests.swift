import CValueHeaders
import CValueKit
import Testing

/// Flexible array members as C has them: a field of no bytes where the elements start, and a value compared
/// with its trailing elements through the record that holds them.
@Suite struct FlexibleArrayTests {
  @Test func inotifyEventListsNameAtItsOffset() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["sys/inotify.h"], types: ["inotify_event"])
    let layout = try catalog.layout(of: "{inotify_event}")
    #expect(layout.size == 16)
    #expect(
      layout.fields.map(\.description) == [
        ".wd @0 +4 i", ".mask @4 +4 I", ".cookie @8 +4 I", ".len @12 +4 I", ".name @16 +0 [0c]",
      ])
    #expect(layout.fields.last?.flexibleArrayElement == .scalar(.char))
    #expect(Array(layout.fields)[4] == layout.fields.last)
    #expect(layout.fields.dropLast().allSatisfy { $0.flexibleArrayElement == nil })
  }

  /// The event with `len` bytes of name: read `len`, then compare as the record that holds them.
  @Test func inotifyEventComparedWithItsName() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["sys/inotify.h"], types: ["inotify_event"])
    func event(_ name: String, mask: UInt8) -> [UInt8] {
      var bytes = [UInt8](repeating: 0, count: 32)
      bytes[0] = 1  // wd
      bytes[4] = mask  // IN_MODIFY
      bytes[12] = 16  // len
      bytes.replaceSubrange(16..<(16 + name.utf8.count), with: name.utf8)
      return bytes
    }
    let record = try #require(catalog.record(named: "inotify_event"))
    let withName = try #require(record.withFlexibleArray(count: 16))
    #expect(withName.description == #"{inotify_event="wd"i"mask"I"cookie"I"len"I"name"[16c]}"#)
    let type = try ValueRegistry(catalog: catalog).resolve(withName)
    #expect(
      try type.compare(bytes: event("notes.txt", mask: 2), event("notes.txt~", mask: 2)).report == #"""
        inotify_event values differ at 1 of 5 fields:
          .name: "notes.txt" ≠ "notes.txt~" (first difference at [9])
          actual:   {.wd = 1, .mask = 2, .cookie = 0, .len = 16, .name = "notes.txt"}
          expected: {.wd = 1, .mask = 2, .cookie = 0, .len = 16, .name = "notes.txt~"}
        """#)
    // The record alone compares the fixed part only: the names are beyond it.
    let header = try ValueRegistry(catalog: catalog).resolve("{inotify_event}")
    #expect(try header.compare(bytes: Array(event("a", mask: 2)[..<16]), Array(event("b", mask: 2)[..<16])).isEqual)
    #expect(record.withFlexibleArray(count: -1) == nil)
    #expect(TypeEncoding.scalar(.int).withFlexibleArray(count: 1) == nil)
  }

  @Test func fiemapWithTwoExtents() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["linux/fiemap.h"], types: ["fiemap"])
    let layout = try catalog.layout(of: "{fiemap}")
    #expect(layout.size == 32)
    #expect(layout.fields.last?.description.hasPrefix(".fm_extents @32 +0 [0{fiemap_extent") == true)
    #expect(layout.fields.last?.flexibleArrayElement?.record?.name == "fiemap_extent")
    let record = try #require(catalog.record(named: "fiemap"))
    let withExtents = try #require(record.withFlexibleArray(count: 2))
    let type = try ValueRegistry(catalog: catalog).resolve(withExtents)
    #expect(try catalog.layout(of: withExtents).size == 32 + 2 * 56)
    var actual = [UInt8](repeating: 0, count: 32 + 2 * 56)
    actual[20] = 2  // fm_mapped_extents
    actual[32 + 56 + 17] = 0x10  // fm_extents[1].fe_length = 4096, at 16 in the second extent
    var expected = actual
    expected[32 + 56 + 17] = 0x20  // 8192
    let report = try type.compare(bytes: actual, expected).report
    #expect(
      report.split(separator: "\n").prefix(2).joined(separator: "\n") == """
        fiemap values differ at 1 of 24 fields:
          .fm_extents[1].fe_length: 4096 ≠ 8192
        """)
  }
}
