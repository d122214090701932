import CTestTypes
import CValueKit
import Foundation
import Testing

/// Encodings derived from real imported C types match clang's `@encode` of the C declarations in
/// Tests/CTestTypes/include/CTestTypes.h (the `clang` literals below are its output, on x86_64 Linux), and
/// carry the member names.
@Suite struct DerivedEncodingTests {
  /// A derived encoding: its text with member names, and clang's `@encode` of the same C type.
  struct Case: Sendable, CustomStringConvertible {
    let description: String
    let named: String
    let clang: String
    let size: Int
    let alignment: Int
    let derive: @Sendable (ValueRegistry) throws -> TypeEncoding

    init<T>(type: T.Type, named: String, clang: String) {
      description = "\(T.self)"
      self.named = named
      self.clang = clang
      size = MemoryLayout<T>.size
      alignment = MemoryLayout<T>.alignment
      derive = { try $0.encoding(of: T.self) }
    }
  }

  static let cases: [Case] =
    [
      Case(type: cv_point.self, named: #"{cv_point="x"d"y"d}"#, clang: "{cv_point=dd}"),
      Case(
        type: cv_reading.self, named: #"{cv_reading="tag"c"value"d"count"i"unit"[4c]}"#, clang: "{cv_reading=cdi[4c]}"),
      Case(
        type: cv_scalars.self,
        named: #"{cv_scalars="i8"c"u8"C"i16"s"u16"S"i32"i"u32"I"i64"q"u64"Q"c"c"sc"c"uc"C"s"s"us"S"i"i"ui"I"l"q"#
          + #""ul"Q"ll"q"ull"Q"f"f"d"d"b"B}"#,
        clang: "{cv_scalars=cCsSiIqQccCsSiIqQqQfdB}"),
      Case(
        type: cv_segment.self, named: #"{cv_segment="from"{cv_point="x"d"y"d}"to"{cv_point="x"d"y"d}}"#,
        clang: "{cv_segment={cv_point=dd}{cv_point=dd}}"),
      Case(
        type: cv_path.self,
        named: #"{cv_path="count"i"first"{cv_segment="from"{cv_point="x"d"y"d}"to"{cv_point="x"d"y"d}}"#
          + #""last"{cv_segment="from"{cv_point="x"d"y"d}"to"{cv_point="x"d"y"d}}}"#,
        clang: "{cv_path=i{cv_segment={cv_point=dd}{cv_point=dd}}{cv_segment={cv_point=dd}{cv_point=dd}}}"),
      Case(
        type: cv_arrays.self,
        named: #"{cv_arrays="matrix"[3[3f]]"row"[4i]"name"[6c]"corners"[2{cv_point="x"d"y"d}]}"#,
        clang: "{cv_arrays=[3[3f]][4i][6c][2{cv_point=dd}]}"),
      Case(
        type: cv_pointers.self,
        named: #"{cv_pointers="ints"^i"doubles"^d"raw"^v"const_raw"^v"text"*"name"*"point"^{cv_point}"#
          + #""next"^{cv_pointers}"callback"^?}"#,
        clang: "{cv_pointers=^i^d^v^v**^{cv_point}^{cv_pointers}^?}"),
      Case(
        type: cv_padded.self, named: #"{cv_padded="a"c"b"q"c"s"d"i"e"B"f"d"g"c}"#, clang: "{cv_padded=cqsiBdc}"),
      Case(type: cv_pixel.self, named: #"{cv_pixel="color"i"alpha"C}"#, clang: "{cv_pixel=iC}"),
    ] + extendedCases

  #if arch(x86_64)
    static let extendedCases = [
      Case(type: cv_extended.self, named: #"{cv_extended="tag"c"value"D}"#, clang: "{cv_extended=cD}")
    ]
  #else
    static let extendedCases: [Case] = []
  #endif

  @Test(arguments: cases)
  func derivesTheNamedEncodingOfClang(_ testCase: Case) throws {
    let registry = ValueRegistry(catalog: TypeCatalog())
    let derived = try testCase.derive(registry)
    #expect(derived.description == testCase.named)
    #expect(derived.isSameType(as: try TypeEncoding(testCase.clang)))
  }

  @Test(arguments: cases)
  func theDerivedLayoutIsTheSwiftTypesLayout(_ testCase: Case) throws {
    let registry = ValueRegistry(catalog: TypeCatalog())
    let layout = try registry.catalog.layout(of: try testCase.derive(registry))
    #expect(layout.size == testCase.size)
    #expect(layout.alignment == testCase.alignment)
  }

  /// Offsets from clang's `offsetof`, as `MemoryLayout.offset(of:)` also gives them.
  @Test func fieldOffsetsAreTheImportedOnes() throws {
    let layout = try TypeCatalog().layout(of: try ValueRegistry().encoding(of: cv_padded.self))
    #expect(layout.fields.map(\.offset) == [0, 8, 16, 20, 24, 32, 40])
    #expect(
      layout.fields.map(\.offset)
        == [
          \cv_padded.a, \.b, \.c, \.d, \.e, \.f, \.g,
        ].map { MemoryLayout<cv_padded>.offset(of: $0) })
    #expect(Array(layout.padding) == [1..<8, 18..<20, 25..<32, 41..<48])
  }

  @Test func theGeometryTypesDeriveTheCatalogsEncodings() throws {
    let registry = ValueRegistry()
    #expect(try registry.encoding(of: CGPoint.self).description == #"{CGPoint="x"d"y"d}"#)
    #expect(
      try registry.encoding(of: CGRect.self).description
        == #"{CGRect="origin"{CGPoint="x"d"y"d}"size"{CGSize="width"d"height"d}}"#)
    #expect(try registry.encoding(of: CGRect.self).isSameType(as: try registry.catalog.parse("rect")))
    #expect(try registry.encoding(of: CGSize.self).isSameType(as: try registry.catalog.parse("size")))
  }

  @Test func swiftStructsAndTuplesDeriveToo() throws {
    struct Sample {
      var id: Int
      var flag: Bool
      var weights: (Float, Float)
      var next: UnsafeMutableRawPointer?
    }
    let registry = ValueRegistry()
    #expect(try registry.encoding(of: Sample.self).description == #"{Sample="id"q"flag"B"weights"[2f]"next"^v}"#)
    #expect(try registry.encoding(of: (Int32, Int32, Int32).self).description == "[3i]")
    #expect(try registry.encoding(of: Double.self).description == "d")
  }

}
