import CValueHeaders
import CValueKit
import TestSupport
import Testing

/// X11's `XEvent` (`.ci/run` installs libx11-dev) by its tag: every member the rule names starts with
/// `int type` (C11 6.5.2.3), so `.type` is read at its one offset and the event compared as the member it is.
@Suite(.needs(.x11)) struct XEventTagTests {
  /// `KeyPress`, `KeyRelease`, `ButtonPress`, `ButtonRelease` and `MotionNotify` from `X11/X.h`.
  static let byType = UnionMember.tagged(
    by: ".type", members: [2: "xkey", 3: "xkey", 4: "xbutton", 5: "xbutton", 6: "xmotion"])

  /// A 192-byte event of `type` whose `keycode` (or `button`: the same offset, 84) is `code`.
  static func event(type: UInt8, code: UInt8) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 192)
    bytes[0] = type
    bytes[84] = code
    return bytes
  }

  static func key(_ type: Int, _ name: String, _ code: Int) -> String {
    "{.\(name) = {.type = \(type), .serial = 0, .send_event = 0, .display = NULL, .window = 0, .root = 0, "
      + ".subwindow = 0, .time = 0, .x = 0, .y = 0, .x_root = 0, .y_root = 0, .state = 0, "
      + ".\(name == "xkey" ? "keycode" : "button") = \(code), .same_screen = 0}}"
  }

  static func registered() throws -> ValueType {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["X11/Xlib.h"], types: ["XEvent"])
    let registry = ValueRegistry(catalog: catalog)
    try registry.register("XEvent", unionMember: byType, at: "")
    return try registry.resolve("XEvent")
  }

  /// KeyPress (keycode 38) against another event, and the exact report.
  static let reports: [(other: (type: UInt8, code: UInt8), report: String)] = [
    // Another keycode: the keycode alone, not the 6 fields of other views that cover its bytes.
    (
      (2, 39),
      """
      XEvent values differ at 1 of 15 fields:
        .xkey.keycode: 38 ≠ 39
        actual:   \(key(2, "xkey", 38))
        expected: \(key(2, "xkey", 39))
      """
    ),
    // ButtonPress: the tag, then the event as one field, each value by its own live member.
    (
      (4, 1),
      """
      XEvent values differ at 2 of 2 fields:
        .type: 2 ≠ 4
        value: \(key(2, "xkey", 38)) ≠ \(key(4, "xbutton", 1))
        actual:   \(key(2, "xkey", 38))
        expected: \(key(4, "xbutton", 1))
      """
    ),
  ]

  @Test(arguments: reports.indices) func keyPressAgainst(_ index: Int) throws {
    let (other, report) = Self.reports[index]
    let type = try Self.registered()
    let comparison = try type.compare(
      bytes: Self.event(type: 2, code: 38), Self.event(type: other.type, code: other.code))
    #expect(comparison.report == report)
    #expect(try type.describe(bytes: Self.event(type: other.type, code: other.code)).hasPrefix("{.x"))
  }

  /// The same rule for one comparison, on a catalog with no registered rule.
  @Test func perComparison() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["X11/Xlib.h"], types: ["XEvent"])
    let type = try ValueRegistry(catalog: catalog).resolve("XEvent")
    let options = ComparisonOptions(unionMembers: [FieldPath(): Self.byType])
    let comparison = try type.compare(
      bytes: Self.event(type: 2, code: 38), Self.event(type: 2, code: 39), options: options)
    #expect(comparison.summary == "XEvent values differ at .xkey.keycode: 38 ≠ 39")
  }
}
