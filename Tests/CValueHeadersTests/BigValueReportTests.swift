import CValueHeaders
import CValueKit
import Glibc
import TestSupport
import Testing

/// Reports on values whose whole description is too long to read (X11's `XEvent` is about 5,000
/// characters): the `actual:` and `expected:` lines show the differing fields with what encloses them, and
/// `…` for the rest, within ``ComparisonOptions/maximumDescriptionLength``.
@Suite struct BigValueReportTests {
  static let xlib: Result<ValueRegistry, HeaderImportError> = {
    let catalog = TypeCatalog()
    do throws(HeaderImportError) {
      try catalog.importHeaders(["X11/Xlib.h"])
    } catch {
      return .failure(error)
    }
    return .success(ValueRegistry(catalog: catalog))
  }()

  /// Two key presses, 38 and 39 their keycodes.
  static func keyPresses(_ event: ValueType) throws -> (press: [UInt8], other: [UInt8]) {
    let press = "{.xkey = {.type = 2, .serial = 7, .window = 4194305, .keycode = 38}}"
    return (try event.parse(press), try event.parse(press.replacingOccurrences(of: "38", with: "39")))
  }

  @Test(.needs(.x11)) func keyEventWithoutARuleIsShownByTheViewOfTheFirstDifference() throws {
    let event = try Self.xlib.get().resolve("XEvent")
    let (press, other) = try Self.keyPresses(event)
    #expect(try event.describe(bytes: press).count == 4_983)
    // Every view that sees the keycode's bytes reports them; the values are shown by the first one.
    let key =
      "{.type = 2, .serial = 7, .send_event = 0, .display = NULL, .window = 4194305, .root = 0, "
      + ".subwindow = 0, .time = 0, .x = 0, .y = 0, .x_root = 0, .y_root = 0, .state = 0, .keycode = "
    #expect(
      try event.compare(bytes: press, other).report == """
        XEvent values differ at 6 of 338 fields:
          .xkey.keycode: 38 ≠ 39
          .xbutton.button: 38 ≠ 39
          .xmotion.is_hint: 38 ≠ 39
          .xcrossing.detail: 38 ≠ 39
          .xclient.data.l[3]: 163208757248 ≠ 167503724544
          .pad[10]: 163208757248 ≠ 167503724544
          actual:   {.xkey = \(key)38, .same_screen = 0}, …}
          expected: {.xkey = \(key)39, .same_screen = 0}, …}
        """)
    // Raised, the budget shows the values whole again.
    var options = ComparisonOptions()
    options.maximumDescriptionLength = 5_000
    let whole = try event.compare(bytes: press, other, options: options)
    #expect(whole.actualDescription == (try event.describe(bytes: press)))
    options.maximumDescriptionLength = nil
    #expect(try event.compare(bytes: press, other, options: options).expectedDescription?.count == 4_983)
  }

  @Test(.needs(.x11)) func keyEventWithARuleIsShownWholeByItsMember() throws {
    let event = try Self.xlib.get().resolve("XEvent")
    let (press, other) = try Self.keyPresses(event)
    var options = ComparisonOptions()
    options.unionMembers[FieldPath()] = .named("xkey")
    let key =
      "{.type = 2, .serial = 7, .send_event = 0, .display = NULL, .window = 4194305, .root = 0, "
      + ".subwindow = 0, .time = 0, .x = 0, .y = 0, .x_root = 0, .y_root = 0, .state = 0, .keycode = "
    #expect(
      try event.compare(bytes: press, other, options: options).report == """
        XEvent values differ at 1 of 15 fields:
          .xkey.keycode: 38 ≠ 39
          actual:   {.xkey = \(key)38, .same_screen = 0}}
          expected: {.xkey = \(key)39, .same_screen = 0}}
        """)
    // Lowered below the member's own description: the differing field alone.
    options.maximumDescriptionLength = 40
    #expect(
      try event.compare(bytes: press, other, options: options).report == """
        XEvent values differ at 1 of 15 fields:
          .xkey.keycode: 38 ≠ 39
          actual:   {.xkey = {…, .keycode = 38, …}}
          expected: {.xkey = {…, .keycode = 39, …}}
        """)
  }

  @Test(.needs(.x11)) func errorsNameTheUnionByItsCName() throws {
    let event = try Self.xlib.get().resolve("XEvent")
    do {
      _ = try event.describe(bytes: [1, 2, 3])
      Issue.record("three bytes described as an XEvent")
    } catch {
      #expect(error.description == "the value has 3 bytes, but union _XEvent is 192 bytes")
    }
    var options = ComparisonOptions()
    options.ignoredPaths = [".xkey.nosuch"]
    let (press, other) = try Self.keyPresses(event)
    do {
      _ = try event.compare(bytes: press, other, options: options)
      Issue.record("an unknown path compared")
    } catch {
      #expect(error.description == "union _XEvent has no field .xkey.nosuch")
    }
  }

  @Test func statShowsTheScalarsBesideTheDifference() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["sys/stat.h"])
    let type = try ValueRegistry(catalog: catalog).resolve("struct stat")
    var file = stat()
    file.st_dev = 2049
    file.st_ino = 1_314_577
    file.st_nlink = 1
    file.st_mode = 0o100644
    file.st_uid = 1000
    file.st_gid = 1000
    file.st_size = 4096
    file.st_blksize = 4096
    file.st_blocks = 8
    file.st_atim = timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789)
    file.st_mtim = file.st_atim
    file.st_ctim = file.st_atim
    var grown = file
    grown.st_size = 4097
    grown.st_mtim.tv_nsec = 223_456_789
    // 382 characters: whole within the default budget, as every value of a few hundred characters is.
    #expect(try type.compare(file, grown).actualDescription == (try type.describe(file)))
    #expect(try type.describe(file).count == 382)
    // Within 300: the differing fields, each with the scalars of the struct it is in.
    var options = ComparisonOptions()
    options.maximumDescriptionLength = 300
    let scalars =
      ".st_dev = 2049, .st_ino = 1314577, .st_nlink = 1, .st_mode = 33188, .st_uid = 1000, .st_gid = 1000, "
      + ".__pad0 = 0, .st_rdev = 0, .st_size = "
    let tail = ", .st_blksize = 4096, .st_blocks = 8, …, .st_mtim = {.tv_sec = 1700000000, .tv_nsec = "
    #expect(
      try type.compare(file, grown, options: options).report == """
        stat values differ at 2 of 20 fields:
          .st_size: 4096 ≠ 4097
          .st_mtim.tv_nsec: 123456789 ≠ 223456789
          actual:   {\(scalars)4096\(tail)123456789}, …}
          expected: {\(scalars)4097\(tail)223456789}, …}
        """)
    // Within 80: the differing fields alone, as many as fit.
    options.maximumDescriptionLength = 80
    #expect(
      try type.compare(file, grown, options: options).actualDescription
        == "{…, .st_size = 4096, …, .st_mtim = {…, .tv_nsec = 123456789}, …}")
    options.maximumDescriptionLength = 30
    #expect(try type.compare(file, grown, options: options).actualDescription == "{…, .st_size = 4096, …}")
  }

  @Test func aFourKilobyteBufferShowsTheDifferingElements() throws {
    let registry = ValueRegistry()
    let packet = try registry.resolve(#"{packet="length"I"data"[4096C]}"#)
    var sent = [UInt8](repeating: 0, count: 4100)
    sent[0] = 16
    var received = sent
    received[4 + 1000] = 7
    received[4 + 3000] = 9
    #expect(try packet.describe(bytes: sent).count == 805)
    #expect(
      try packet.compare(bytes: sent, received).report == """
        packet values differ at 2 of 4097 fields:
          .data[1000]: 0 ≠ 7
          .data[3000]: 0 ≠ 9
          actual:   {.length = 16, .data = {…, [1000] = 0, …, [3000] = 0, …}}
          expected: {.length = 16, .data = {…, [1000] = 7, …, [3000] = 9, …}}
        """)
    let buffer = try registry.resolve("[4096C]")
    #expect(
      try buffer.compare(bytes: sent[4...], received[4...]).report == """
        unsigned char [4096] values differ at 2 of 4096 fields:
          [1000]: 0 ≠ 7
          [3000]: 0 ≠ 9
          actual:   {…, [1000] = 0, …, [3000] = 0, …}
          expected: {…, [1000] = 7, …, [3000] = 9, …}
        """)
  }
}
