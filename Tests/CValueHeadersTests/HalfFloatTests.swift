import CValueHeaders
import CValueKit
import Testing

/// `_Float16`, `__fp16` and `__bf16` members: imported, laid out as clang does, described, parsed and
/// compared with tolerances counted in their own steps.
@Suite struct HalfFloatTests {
  static let header = "struct sample { _Float16 gain; __fp16 bias; __bf16 weight; float scale; };\n"

  /// The bytes clang's program wrote for `{.gain = 0.1, .bias = -2.5, .weight = 3, .scale = 1.5}`.
  static let sample: [UInt8] = [0x66, 0x2e, 0x00, 0xc1, 0x40, 0x40, 0x00, 0x00, 0x00, 0x00, 0xc0, 0x3f]

  @Test func aRecordOfHalfFloatsImportsWithClangsLayout() throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders([Self.header])
    #expect(imported.skipped == [:])
    let record = try #require(imported.record(named: "struct sample"))
    #expect(record.encoding.description == #"{sample="gain"e"bias"e"weight"E"scale"f}"#)
    #expect(record.override == nil)
    let layout = try catalog.layout(of: "{sample}")
    #expect(
      layout.fields.map(\.description) == [".gain @0 +2 e", ".bias @2 +2 e", ".weight @4 +2 E", ".scale @8 +4 f"])
    #expect(layout.size == 12 && layout.alignment == 4)
    #expect(layout.fields.map(\.type.cTypeName) == ["_Float16", "_Float16", "__bf16", "float"])
  }

  @Test func describedAndParsedBack() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders([Self.header])
    let type = try ValueRegistry(catalog: catalog).resolve("{sample}")
    #expect(try type.describe(bytes: Self.sample) == "{.gain = 0.1, .bias = -2.5, .weight = 3, .scale = 1.5}")
    #expect(try type.parse("{.gain = 0.1, .bias = -2.5, .weight = 3, .scale = 1.5}") == Self.sample)
    // 0.1 is 0x2e66 in binary16 and 0x3dcd in bfloat16, each rounded once from the decimal text.
    let tenths = try type.parse("{0.1, 0.1, 0.1, 0}")
    #expect(Array(tenths[0..<6]) == [0x66, 0x2e, 0x66, 0x2e, 0xcd, 0x3d])
    // Each written as the shortest text that reads back in its own format (bfloat16's 0.1 is 0.100097656).
    #expect(try type.describe(bytes: tenths) == "{.gain = 0.1, .bias = 0.1, .weight = 0.1, .scale = 0}")
    let wide = try type.parse("{65504, 1e-5, 1.2345e20, 0}")
    #expect(try type.describe(bytes: wide) == "{.gain = 65504, .bias = 1e-05, .weight = 1.234e+20, .scale = 0}")
    #expect(try type.parse("{inf, -nan, -0.0, 0}").prefix(6) == [0x00, 0x7c, 0x00, 0xfe, 0x00, 0x80])
  }

  /// A sixteenth of the values of each format, every exponent and every low nibble among them, are written
  /// as text that reads back to their bits (a NaN to a NaN of its sign). All 65,536 of each passed once
  /// (41 s in a debug build, too long for every run).
  @Test(arguments: ["e", "E"])
  func everyValueReadsBack(code: String) throws {
    let type = try ValueRegistry().resolve("{H=\"h\"\(code)}")
    var failures: [String] = []
    for step in 0..<UInt16(4096) {
      let bits = step << 4 | step & 0xF
      let bytes = [UInt8(truncatingIfNeeded: bits), UInt8(bits >> 8)]
      let text = try type.describe(bytes: bytes)
      let read = try type.parse(text)
      let readBits = UInt16(read[0]) | UInt16(read[1]) << 8
      let exponentMask: UInt16 = code == "e" ? 0x7C00 : 0x7F80
      let isNaN = { (value: UInt16) in value & exponentMask == exponentMask && value & ~exponentMask & 0x7FFF != 0 }
      if readBits != bits && !(isNaN(bits) && isNaN(readBits) && (bits ^ readBits) & 0x8000 == 0) {
        failures.append("\(String(bits, radix: 16)) → \(text) → \(String(readBits, radix: 16))")
      }
    }
    #expect(failures.prefix(5) == [])
  }

  @Test func comparedWithTheirOwnUlps() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders([Self.header])
    let type = try ValueRegistry(catalog: catalog).resolve("{sample}")
    var nextGain = Self.sample
    nextGain[0] += 1  // 0x2e67: the binary16 after 0.1
    #expect(
      try type.compare(bytes: Self.sample, nextGain).report == """
        sample values differ at 1 of 4 fields:
          .gain: 0.1 ≠ 0.10004 (difference 6.103515625e-05)
          actual:   {.gain = 0.1, .bias = -2.5, .weight = 3, .scale = 1.5}
          expected: {.gain = 0.10004, .bias = -2.5, .weight = 3, .scale = 1.5}
        """)
    #expect(try type.compare(bytes: Self.sample, nextGain, options: ComparisonOptions(tolerance: .ulps(1))).isEqual)
    #expect(
      try type.compare(bytes: Self.sample, nextGain, options: ComparisonOptions(tolerance: .absolute(1e-4))).isEqual)
    #expect(
      try !type.compare(bytes: Self.sample, nextGain, options: ComparisonOptions(tolerance: .absolute(1e-5))).isEqual)
    var nextWeight = Self.sample
    nextWeight[4] += 2  // 0x4042: two bfloat16 steps above 3
    #expect(try !type.compare(bytes: Self.sample, nextWeight, options: ComparisonOptions(tolerance: .ulps(1))).isEqual)
    #expect(try type.compare(bytes: Self.sample, nextWeight, options: ComparisonOptions(tolerance: .ulps(2))).isEqual)
    let summary = try type.compare(bytes: Self.sample, nextWeight).summary
    #expect(summary == "sample values differ at .weight: 3 ≠ 3.03 (difference 0.03125)")
  }
}
