import Foundation
import TestSupport
import Testing

/// `cvalue layout --header` suggests the `--union-tag` rule of each union that looks tagged, ready to paste.
@Suite("cvalue layout --header: union rules to paste")
struct UnionTagSuggestionTests {
  static let header = """
    enum shape_kind { SHAPE_CIRCLE = 1, SHAPE_SQUARE = 2 };
    struct shape { enum shape_kind kind; union { double circle; float square; char raw[8]; } u; };
    union event { int type; struct { int type; unsigned code; } key; struct { int type; short x, y; } move; };
    """

  static func layout(_ type: String) async throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-tags-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("shapes.h").path
    try header.write(toFile: path, atomically: true, encoding: .utf8)
    let run = try await CValue.run("layout", "--header", path, type)
    #expect(run.exited(0) && run.stderr == "", "\(run)")
    return run.stdout
  }

  @Test("a union beside an enum: each member the constant whose name ends with it selects")
  func besideAnEnum() async throws {
    #expect(
      try await Self.layout("struct shape") == """
        struct shape = {shape}
        size 16, alignment 8, stride 16 (\(hostABI))

        offset     size  field          type
             0        4  .kind          I  enum shape_kind
             4        4  (padding)      hole of 4 bytes
             8        8  .u.circle      d  double
             8        4  .u.square      f  float
             8        8  .u.raw[0...7]  c  char × 8

        union rules to compare by the live member (compare, describe):
          --union-tag .u=.kind:1=circle,2=square

        """)
  }

  @Test("a union whose struct members all start with int type: the values are left to fill in")
  func commonLeadingField() async throws {
    #expect(
      try await Self.layout("union event") == """
        union event = (event)
        size 8, alignment 4, stride 8 (\(hostABI))

        offset     size  field       type
             0        4  .type       i  int
             0        4  .key.type   i  int
             4        4  .key.code   I  unsigned int
             0        4  .move.type  i  int
             4        2  .move.x     s  short
             6        2  .move.y     s  short

        union rules to compare by the live member (compare, describe), each N the tag value that selects the member:
          --union-tag .=.type:N=key,N=move

        """)
  }

  @Test("X11's XEvent: .type, which every event struct starts with (33 members, abbreviated here)", .needs(.x11))
  func xevent() async throws {
    let run = try await CValue.run("layout", "--header", "X11/Xlib.h", "XEvent")
    #expect(run.exited(0), "\(run)")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).suffix(4)
    #expect(
      lines.map { String($0.prefix(72)) + ($0.count > 72 ? "…" + $0.suffix(22) : "") } == [
        "",
        "union rules to compare by the live member (compare, describe), each N th…at selects the member:",
        "  --union-tag .=.type:N=xany,N=xkey,N=xbutton,N=xmotion,N=xcrossing,N=xf…p,N=xgeneric,N=xcookie",
        "",
      ])
    #expect(lines.dropFirst(2).first.map { $0.components(separatedBy: ",N=").count } == 33)
    // The tcphdr's two views start with differently named fields: no rule is suggested.
    let tcphdr = try await CValue.run("layout", "--header", "netinet/tcp.h", "tcphdr")
    #expect(!tcphdr.stdout.contains("union rules"))
  }
}
