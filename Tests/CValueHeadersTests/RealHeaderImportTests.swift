import CValueHeaders
import CValueKit
import Testing

/// Whole system headers that once refused to import for one record: every record CValueKit can represent is
/// imported with clang's layout, and what it cannot is left out with its reason.
@Suite struct RealHeaderImportTests {
  /// A little-endian value written into `bytes` at `offset`.
  static func put(_ value: UInt64, _ count: Int, at offset: Int, in bytes: inout [UInt8]) {
    for index in 0..<count { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
  }

  @Test func ioUringSubmissionEntryWithItsNestedAnonymousUnions() throws {
    let catalog = TypeCatalog()
    // The anonymous struct inside the anonymous union beside the packed anonymous union once failed the whole header.
    let imported = try catalog.importHeaders(["linux/io_uring.h"])
    #expect(imported.skipped == [:])
    let sqe = try ValueRegistry(catalog: catalog).resolve("{io_uring_sqe}")
    // clang: off, cmd_op 8; __pad1 12; addr 16; user_data 32; buf_index 40; personality 42; addr_len 44;
    // __pad3 46; addr3 48; __pad2 56; sizeof 64, _Alignof 8.
    let layout = try catalog.layout(of: "{io_uring_sqe}")
    #expect(layout.size == 64 && layout.alignment == 8)
    let offsets = Dictionary(layout.fields.map { ($0.path.description, $0.offset) }, uniquingKeysWith: { a, _ in a })
    #expect(offsets[".cmd_op"] == 8 && offsets[".__pad1"] == 12 && offsets[".user_data"] == 32)
    #expect(offsets[".buf_index"] == 40 && offsets[".personality"] == 42 && offsets[".addr_len"] == 44)
    #expect(offsets[".__pad3[0]"] == 46 && offsets[".addr3"] == 48 && offsets[".__pad2[0]"] == 56)
    var readv = [UInt8](repeating: 0, count: 64)
    Self.put(1, 1, at: 0, in: &readv)  // IORING_OP_READV
    Self.put(3, 4, at: 4, in: &readv)  // fd
    Self.put(42, 8, at: 32, in: &readv)  // user_data
    var other = readv
    Self.put(7, 8, at: 8, in: &other)  // off
    Self.put(43, 8, at: 32, in: &other)
    let views = """
      .len = 0, {.rw_flags = 0, .fsync_flags = 0, .poll_events = 0, .poll32_events = 0, .sync_range_flags = 0, \
      .msg_flags = 0, .timeout_flags = 0, .accept_flags = 0, .cancel_flags = 0, .open_flags = 0, .statx_flags = 0, \
      .fadvise_advice = 0, .splice_flags = 0, .rename_flags = 0, .unlink_flags = 0, .hardlink_flags = 0, \
      .xattr_flags = 0, .msg_ring_flags = 0, .uring_cmd_flags = 0}
      """
    let tail = """
      {.buf_index = 0, .buf_group = 0}, .personality = 0, {.splice_fd_in = 0, .file_index = 0, .addr_len = 0, \
      .__pad3 = {0}}, {.addr3 = 0, .__pad2 = {0}, .cmd = {}}}
      """
    // Past the default budget, each anonymous union is shown by the view of its first difference.
    #expect(
      try sqe.compare(bytes: readv, other).report == """
        io_uring_sqe values differ at 4 of 40 fields:
          .off: 0 ≠ 7
          .addr2: 0 ≠ 7
          .cmd_op: 0 ≠ 7
          .user_data: 42 ≠ 43
          actual:   {.opcode = 1, .flags = 0, .ioprio = 0, .fd = 3, {.off = 0, …}, …, .len = 0, …, .user_data = 42, …, \
        .personality = 0, …}
          expected: {.opcode = 1, .flags = 0, .ioprio = 0, .fd = 3, {.off = 7, …}, …, .len = 0, …, .user_data = 43, …, \
        .personality = 0, …}
        """)
    var whole = ComparisonOptions()
    whole.maximumDescriptionLength = nil
    #expect(
      try sqe.compare(bytes: readv, other, options: whole).report == """
        io_uring_sqe values differ at 4 of 40 fields:
          .off: 0 ≠ 7
          .addr2: 0 ≠ 7
          .cmd_op: 0 ≠ 7
          .user_data: 42 ≠ 43
          actual:   {.opcode = 1, .flags = 0, .ioprio = 0, .fd = 3, {.off = 0, .addr2 = 0, .cmd_op = 0, .__pad1 = 0}, \
        {.addr = 0, .splice_off_in = 0}, \(views), .user_data = 42, \(tail)
          expected: {.opcode = 1, .flags = 0, .ioprio = 0, .fd = 3, {.off = 7, .addr2 = 7, .cmd_op = 7, .__pad1 = 0}, \
        {.addr = 0, .splice_off_in = 0}, \(views), .user_data = 43, \(tail)
        """)
  }

  @Test func ioUringCompletionEntry() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["linux/io_uring.h"], types: ["io_uring_cqe"])
    let cqe = try ValueRegistry(catalog: catalog).resolve("{io_uring_cqe}")
    var failed = [UInt8](repeating: 0, count: 16)
    Self.put(42, 8, at: 0, in: &failed)
    Self.put(UInt64(bitPattern: -2), 4, at: 8, in: &failed)  // -ENOENT
    var read = failed
    Self.put(8, 4, at: 8, in: &read)
    #expect(
      try cqe.compare(bytes: failed, read).report == """
        io_uring_cqe values differ at 1 of 3 fields:
          .res: -2 ≠ 8
          actual:   {.user_data = 42, .res = -2, .flags = 0, .big_cqe = {}}
          expected: {.user_data = 42, .res = 8, .flags = 0, .big_cqe = {}}
        """)
  }

  @Test func bpfTimerIsSixteenBytesOfPadding() throws {
    let catalog = TypeCatalog()
    // struct bpf_timer { __u64 :64; __u64 :64; } __attribute__((aligned(8))): no members, as in C.
    let imported = try catalog.importHeaders(["linux/bpf.h"])
    #expect(imported.skipped.keys.filter { !$0.contains(".") } == [])
    let record = try #require(imported.record(named: "struct bpf_timer"))
    #expect(record.encoding.description == "{bpf_timer=}")
    #expect(record.override == LayoutOverride(size: 16, alignment: 8, placements: []))
    let layout = try catalog.layout(of: "{bpf_timer}")
    #expect(layout.size == 16 && layout.alignment == 8 && layout.fields.isEmpty)
    #expect(Array(layout.padding) == [0..<16])
    let timer = try ValueRegistry(catalog: catalog).resolve("{bpf_timer}")
    let ones = [UInt8](repeating: 1, count: 16)
    #expect(try timer.compare(bytes: ones, [UInt8](repeating: 2, count: 16)).report == "bpf_timer values are equal")
    // And a record that holds one lays it out at clang's offset: struct bpf_dynptr is the same shape.
    #expect(try catalog.layout(of: "{bpf_dynptr}").size == 16)
  }

  @Test func bpfAttrComparesEveryCommandsView() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["linux/bpf.h"], types: ["union bpf_attr"])
    let attr = try ValueRegistry(catalog: catalog).resolve("(bpf_attr)")
    #expect(try catalog.layout(of: "(bpf_attr)").size == 144)
    var hash = [UInt8](repeating: 0, count: 144)
    hash[0] = 1  // BPF_MAP_TYPE_HASH
    var array = hash
    array[0] = 2  // BPF_MAP_TYPE_ARRAY
    let report = try attr.compare(bytes: hash, array).report
    // The first word is the first member of every command's view.
    #expect(
      report.split(separator: "\n").prefix(22).joined(separator: "\n") == """
        bpf_attr values differ at 23 of 136 fields:
          .map_type: 1 ≠ 2
          .map_fd: 1 ≠ 2
          .batch.in_batch: 1 ≠ 2
          .prog_type: 1 ≠ 2
          .pathname: 1 ≠ 2
          .target_fd: 1 ≠ 2
          .test.prog_fd: 1 ≠ 2
          .start_id: 1 ≠ 2
          .prog_id: 1 ≠ 2
          .map_id: 1 ≠ 2
          .btf_id: 1 ≠ 2
          .link_id: 1 ≠ 2
          .info.bpf_fd: 1 ≠ 2
          .query.target_fd: 1 ≠ 2
          .raw_tracepoint.name: 1 ≠ 2
          .btf: 1 ≠ 2
          .task_fd_query.pid: 1 ≠ 2
          .link_create.prog_fd: 1 ≠ 2
          .link_update.link_fd: 1 ≠ 2
          .link_detach.link_fd: 1 ≠ 2
          … and 3 more
        """)
  }

  static let unrepresentable = """
    struct bad { __float128 q; };
    struct holder { struct bad b; int x; };
    typedef struct holder holder_t;
    typedef struct bad *bad_pointer;
    struct good { int a; struct bad *later; };

    """

  @Test func aRecordThatCannotBeRepresentedIsLeftOutWithWhatHoldsIt() throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders([Self.unrepresentable])
    let why = "struct bad.q has type __float128, which no type encoding describes"
    #expect(imported.skipped == ["struct bad": why, "struct holder": why, "holder_t": why])
    #expect(imported.records.map(\.name) == ["struct good"])
    #expect(imported.typedefs.map(\.name) == ["bad_pointer"])
    #expect(try catalog.layout(of: "{good}").size == 16)
    #expect(catalog.record(named: "holder") == nil)
  }

  @Test func aNamedTypeThatCannotBeImportedFailsTheImportAndRegistersNothing() {
    let catalog = TypeCatalog(includingBuiltins: false)
    #expect(
      throws: HeaderImportError.unsupportedType("__float128", record: "struct bad", field: ".q")
    ) { try catalog.importHeaders([Self.unrepresentable], types: ["good", "holder_t"]) }
    #expect(catalog.record(named: "good") == nil)
  }
}
