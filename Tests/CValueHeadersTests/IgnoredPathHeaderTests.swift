import CValueHeaders
import CValueKit
import Glibc
import Testing

/// Ignored paths on system types as their headers define them: glibc's `struct stat` without its access
/// time, and `struct tcphdr`'s anonymous members reached as C reaches them.
@Suite struct IgnoredPathHeaderTests {
  @Test func statIgnoringTheAccessTime() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["sys/stat.h"])
    let registry = ValueRegistry(catalog: catalog)
    let type = try registry.resolve("struct stat")
    var before = stat()
    before.st_size = 10
    before.st_atim = timespec(tv_sec: 1_700_000_000, tv_nsec: 5)
    var after = before
    after.st_atim = timespec(tv_sec: 1_700_000_100, tv_nsec: 7)
    var options = ComparisonOptions()
    options.ignoredPaths = [".st_atim"]
    #expect(try !type.compare(before, after).isEqual)
    let equal = try type.compare(before, after, options: options)
    #expect(equal.report == "stat values are equal (ignoring .st_atim)")
    after.st_size = 20
    // 20 leaves, less the two of .st_atim.
    #expect(
      try type.compare(before, after, options: options).report == """
        stat values differ at 1 of 18 fields:
          .st_size: 10 ≠ 20
          ignored: .st_atim
          actual:   {\(Self.statText(size: 10, atime: "1700000000, .tv_nsec = 5"))}
          expected: {\(Self.statText(size: 20, atime: "1700000100, .tv_nsec = 7"))}
        """)
    // The same, registered for every comparison of the type.
    try registry.register("struct stat", ignoring: [".st_atim"])
    #expect(try registry.resolve("struct stat").compare(before, after).ignoredPaths == [".st_atim"])
  }

  /// glibc's x86-64 `struct stat` described with every field zero but the size and access time.
  static func statText(size: Int, atime: String) -> String {
    ".st_dev = 0, .st_ino = 0, .st_nlink = 0, .st_mode = 0, .st_uid = 0, .st_gid = 0, .__pad0 = 0, .st_rdev = 0, "
      + ".st_size = \(size), .st_blksize = 0, .st_blocks = 0, .st_atim = {.tv_sec = \(atime)}, "
      + ".st_mtim = {.tv_sec = 0, .tv_nsec = 0}, .st_ctim = {.tv_sec = 0, .tv_nsec = 0}, .__glibc_reserved = {0, 0, 0}"
  }

  @Test func anonymousMembersAreReachedAsCReachesThem() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["netinet/tcp.h"])
    let registry = ValueRegistry(catalog: catalog)
    let type = try registry.resolve("struct tcphdr")
    var segment = tcphdr()
    segment.th_sport = 0x3930
    var retransmitted = segment
    retransmitted.th_seq = 99
    // The BSD view is live, and its .th_seq (in an anonymous struct of an anonymous union) is left out.
    var options = ComparisonOptions()
    options.unionMembers = [FieldPath(): "th_seq"]
    options.ignoredPaths = [".th_seq"]
    #expect(
      try type.compare(segment, retransmitted, options: options).report == "tcphdr values are equal (ignoring .th_seq)")
    options.ignoredPaths = []
    #expect(
      try type.compare(segment, retransmitted, options: options).summary == "tcphdr values differ at .th_seq: 0 ≠ 99")
  }
}
