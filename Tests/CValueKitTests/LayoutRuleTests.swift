import CValueKit
import Foundation
import TestSupport
import Testing

/// The layout rules one at a time, with the values clang gives (see Scripts/vectors for how each was read).
@Suite("Layout rules")
struct LayoutRuleTests {
  private static let catalog = TypeCatalog(includingBuiltins: false)

  private static func layout(_ text: String, abi: ABI = .x86_64Linux) throws -> CLayout {
    try catalog.layout(of: catalog.parse(text), abi: abi)
  }

  private static func sizeAndAlignment(_ text: String, abi: ABI = .x86_64Linux) throws -> [Int] {
    let layout = try layout(text, abi: abi)
    return [layout.size, layout.alignment]
  }

  struct CrossABILine: Decodable, Sendable, CustomStringConvertible {
    var corpus: String
    var name: String
    var abi: String
    var encoding: String
    var size: Int
    var alignment: Int
    var naiveLayoutOk: Bool?
    var description: String { "\(corpus)/\(name) on \(abi)" }
  }

  static let crossABILines: [CrossABILine] = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let text = (try? String(contentsOf: Fixtures.url("cross-abi/cross-abi.jsonl"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { try? decoder.decode(CrossABILine.self, from: Data($0.utf8)) }
  }()

  @Test("clang's sizes for the other targets", arguments: crossABILines)
  func crossABI(_ line: CrossABILine) throws {
    let vector = try #require(LayoutVector.all.first { $0.corpus == line.corpus && $0.name == line.name })
    let abi = try #require(ABI.all.first { $0.name == line.abi })
    guard line.naiveLayoutOk != false, !vector.hasUnnamedBitfield else {
      // Packed types and unnamed bitfields are invisible in the encoding: the host vectors check those
      // through overrides and named encodings. Here the naive layout must still succeed.
      _ = try Self.layout(line.encoding, abi: abi)
      return
    }
    #expect(try Self.sizeAndAlignment(line.encoding, abi: abi) == [line.size, line.alignment])
  }

  @Test("the cross-ABI fixture covers each ABI")
  func crossABICoverage() {
    for abi in ["arm64-linux", "arm64-darwin", "x86_64-darwin", "riscv64-linux", "x86_64-windows"] {
      #expect(Self.crossABILines.filter { $0.abi == abi }.count >= 250)
    }
    // 32-bit targets refuse `__int128` and bitfields wider than 32 bits of a `long`.
    for abi in ["i386-linux", "armv7-linux"] {
      #expect(Self.crossABILines.filter { $0.abi == abi }.count >= 250)
    }
  }

  @Test("clang target triples name the ABIs; targets the library does not describe are nil")
  func targetTriples() {
    let expected: [(String, ABI?)] = [
      ("x86_64-unknown-linux-gnu", .x86_64Linux), ("x86_64-linux-gnu", .x86_64Linux),
      ("aarch64-linux-gnu", .arm64Linux), ("aarch64-unknown-linux-gnu", .arm64Linux),
      ("arm64-apple-macos14", .arm64Darwin), ("x86_64-apple-macosx13.0", .x86_64Darwin),
      ("i386-linux-gnu", .i386Linux), ("i686-pc-linux-gnu", .i386Linux),
      ("armv7-linux-gnueabihf", .armv7Linux), ("armv7a-unknown-linux-gnueabihf", .armv7Linux),
      ("riscv64-linux-gnu", .riscv64Linux), ("x86_64-pc-windows-msvc", .x86_64Windows),
      ("x86_64-pc-windows-msvc19.33.0", .x86_64Windows),
      ("x86_64-w64-windows-gnu", nil), ("armv7-linux-gnueabi", nil), ("mips-linux-gnu", nil), ("", nil),
      ("arm-none-eabi", .armEABI), ("thumbv6m-none-eabi", .armEABI), ("thumbv7em-none-eabihf", .armEABIHF),
      ("armv7m-none-eabi", .armEABI), ("riscv32-unknown-elf", .riscv32), ("riscv32-unknown-linux-gnu", nil),
      ("thumbv7m-apple-macos", nil), ("arm-none-gnu", nil),
    ]
    for (triple, abi) in expected {
      #expect(ABI(targetTriple: triple) == abi, "\(triple)")
    }
  }

  @Test("each ABI names one target triple, which reads back as that ABI")
  func eachABIsTargetTriple() {
    #expect(
      ABI.all.map(\.targetTriple) == [
        "x86_64-linux-gnu", "x86_64-apple-macos", "aarch64-linux-gnu", "arm64-apple-macos", "i386-linux-gnu",
        "armv7-linux-gnueabihf", "riscv64-linux-gnu", "x86_64-pc-windows-msvc", "s390x-linux-gnu",
        "thumbv7m-none-eabi", "thumbv7em-none-eabihf", "riscv32-unknown-elf",
      ])
    for abi in ABI.all {
      #expect(ABI(targetTriple: abi.targetTriple) == abi, "\(abi.targetTriple)")
    }
  }

  @Test("long double differs by ABI; everything else here does not")
  func longDouble() throws {
    #expect(try Self.sizeAndAlignment("{S=cDc}", abi: .x86_64Linux) == [48, 16])
    #expect(try Self.sizeAndAlignment("{S=cDc}", abi: .arm64Linux) == [48, 16])
    #expect(try Self.sizeAndAlignment("{S=cDc}", abi: .arm64Darwin) == [24, 8])
    #expect(try Self.sizeAndAlignment("jD", abi: .x86_64Linux) == [32, 16])
    #expect(try Self.sizeAndAlignment("jD", abi: .arm64Darwin) == [16, 8])
    #expect(
      ABI.host == .x86_64Linux || ABI.host == .arm64Linux || ABI.host == .arm64Darwin || ABI.host == .x86_64Darwin)
  }

  @Test("scalars, pointers, complex numbers and vectors")
  func leaves() throws {
    let expected: [(String, [Int])] = [
      ("c", [1, 1]), ("s", [2, 2]), ("i", [4, 4]), ("l", [4, 4]), ("q", [8, 8]), ("t", [16, 16]), ("f", [4, 4]),
      ("d", [8, 8]), ("B", [1, 1]), ("*", [8, 8]), ("@", [8, 8]), ("@?", [8, 8]), ("#", [8, 8]), (":", [8, 8]),
      ("%", [8, 8]), ("^v", [8, 8]), ("^?", [8, 8]), ("jf", [8, 4]), ("jd", [16, 8]), ("ji", [8, 4]),
      ("![16,16f]", [16, 16]), ("![8,8s]", [8, 8]), ("{S=c![32,32d]}", [64, 32]),
    ]
    for (text, sizes) in expected {
      #expect(try Self.sizeAndAlignment(text) == sizes, "\(text)")
    }
  }

  @Test("_Atomic rounds sizes up to a power of two and aligns to it, up to 16 bytes (clang)")
  func atomic() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    for definition in ["{At3=[3c]}", "{At5=[5c]}", "{At17=[17c]}", "{E=}"] {
      try catalog.register(record: catalog.parse(definition))
    }
    func sizes(_ text: String) throws -> [Int] {
      let layout = try catalog.layout(of: catalog.parse(text), abi: .x86_64Linux)
      return [layout.size, layout.alignment]
    }
    #expect(try sizes("A{At3}") == [4, 4])
    #expect(try sizes("A{At5}") == [8, 8])
    #expect(try sizes("A{At17}") == [17, 1])
    #expect(try sizes("AD") == [16, 16])
    #expect(try sizes("A{E}") == [1, 1])
    // The bytes a promotion adds are padding, not part of the value.
    let promoted = try catalog.layout(of: catalog.parse("{P=A[3c]A![12,4f]}"), abi: .x86_64Linux)
    #expect(
      promoted.fields.map(\.description) == [".0[0] @0 +1 c", ".0[1] @1 +1 c", ".0[2] @2 +1 c", ".1 @16 +12 ![12,4f]"])
    #expect(Array(promoted.padding) == [3..<16, 28..<32])
    // The values clang printed for struct { _Atomic At3 a; _Atomic At5 b; _Atomic At17 c; _Atomic long double d; }
    let layout = try catalog.layout(of: catalog.parse("{AT=A{At3}A{At5}A{At17}AD}"), abi: .x86_64Linux)
    #expect(layout.size == 64)
    #expect(layout.alignment == 16)
    #expect(layout.root.members.map(\.offset) == [0, 8, 16, 48])
    #expect(Array(layout.padding) == [3..<8, 13..<16, 33..<48])
  }

  @Test("bitfields: GNU offsets, zero widths, unnamed ones in named encodings, and the errors")
  func bitfields() throws {
    // struct { char c; int x : 4; } and struct { char c; int : 4; } (clang: 4/4 and 2/1)
    #expect(try Self.sizeAndAlignment("{B=cb8i4}") == [4, 4])
    #expect(try Self.sizeAndAlignment("{A=\"c\"cb8i4}") == [2, 1])
    #expect(try Self.layout("{A=\"c\"cb8i4}").fields.map(\.description) == [".c @0 +1 c"])
    // struct { char c; int : 0; char d; } is {Z=cb32i0c} (clang: 5/1, d at 4)
    #expect(try Self.layout("{Z=cb32i0c}").fields.map(\.description) == [".0 @0 +1 c", ".2 @4 +1 c"])
    #expect(try Self.sizeAndAlignment("{Z=cb32i0c}") == [5, 1])
    let flags = try Self.layout("{F=b0I3b3I5b8i20}")
    #expect(
      flags.fields.map(\.bits) == [0..<3, 3..<8, 8..<28]
        && flags.fields.map(\.bitfieldIsSigned) == [false, false, true])
    #expect(flags.fields.map(\.size) == [1, 1, 3])
    #expect(Array(flags.padding) == [])
    #expect(throws: LayoutError(.bitfieldNeedsPlacement(width: 3), at: [.position(0)])) { try Self.layout("{F=b3b5}") }
    #expect(throws: LayoutError(.bitfieldTooWide(width: 33, declaredType: .int), at: [.position(0)])) {
      try Self.layout("{F=b0i33}")
    }
    #expect(throws: LayoutError(.bitfieldOverlaps(bitOffset: 2, previousEnd: 3), at: [.position(1)])) {
      try Self.layout("{F=b0I3b2I5}")
    }
    #expect(throws: LayoutError(.bitfieldOverlaps(bitOffset: 0, previousEnd: 32), at: [.position(1)])) {
      try Self.layout("{F=ib0I3}")
    }
    #expect(throws: LayoutError(.bitfieldOutsideRecord)) { try Self.layout("b0i3") }
    #expect(throws: LayoutError(.bitfieldOutsideRecord, at: [.index(0)])) { try Self.layout("[2b0i3]") }
  }

  @Test("unions, anonymous members, flexible arrays and empty records")
  func records() throws {
    let union = try Self.layout("(U=c[5s]d)")
    #expect(union.size == 16)
    #expect(union.alignment == 8)
    #expect(union.fields.map(\.offset) == [0, 0, 2, 4, 6, 8, 0])
    #expect(Array(union.padding) == [10..<16])
    // struct { int tag; union { int i; float f; }; struct { short x, y; }; } with names: C flattens them.
    let anonymous = try Self.layout("{T=\"tag\"i(?=\"i\"i\"f\"f){?=\"x\"s\"y\"s}}")
    #expect(anonymous.fields.map(\.path.description) == [".tag", ".i", ".f", ".x", ".y"])
    #expect(
      try Self.layout("{T=i(?=if){?=ss}}").fields.map(\.path.description) == [".0", ".1.0", ".1.1", ".2.0", ".2.1"])
    #expect(try Self.sizeAndAlignment("{F=i[0d]}") == [8, 8])
    // A flexible array member is a field of no bytes where its elements start.
    #expect(try Self.layout("{F=i[0d]}").fields.map(\.description) == [".0 @0 +4 i", ".1 @8 +0 [0d]"])
    #expect(try Array(Self.layout("{F=i[0d]}").fields)[1].flexibleArrayElement == .scalar(.double))
    // Not an _Atomic one, which takes a byte; nor an element of an array.
    #expect(try Self.layout("{F=iA[0d]}").fields.map(\.description) == [".0 @0 +4 i"])
    #expect(try Self.layout("{F=[3[0d]]}").fields.count == 0)
    #expect(try Self.sizeAndAlignment("{E=}") == [0, 1])
    #expect(try Array(Self.layout("{E=}").padding) == [])
    #expect(try Self.layout("d").fields.map(\.description) == [" @0 +8 d"])
    #expect(try Self.layout("r*").fields.map(\.type.description) == ["r*"])
  }

  @Test("types without a size are errors naming the field")
  func noSize() {
    #expect(throws: LayoutError(.voidHasNoSize)) { try Self.layout("v") }
    #expect(throws: LayoutError(.voidHasNoSize, at: [.position(1)])) { try Self.layout("{S=iv}") }
    #expect(throws: LayoutError(.unknownHasNoSize, at: [.index(0)])) { try Self.layout("[2?]") }
    #expect(throws: LayoutError(.invalidComplex(.scalar(.bool)))) { try Self.layout("jB") }
    #expect(throws: LayoutError(.invalidComplex(.pointer(.scalar(.int))))) { try Self.layout("j^i") }
    #expect(throws: LayoutError(.invalidVector("alignment 3 is not a power of two"))) { try Self.layout("![12,3f]") }
    #expect(throws: LayoutError(.invalidVector("size 6 is not a whole number of 4-byte elements"))) {
      try Self.layout("![6,8f]")
    }
    #expect(throws: LayoutError(.invalidVector("size 5 is not a whole number of its alignment, 4"))) {
      try Self.layout("![5,4c]")
    }
    #expect(throws: LayoutError(.recordLayoutUnknown("an anonymous struct"))) { try Self.layout("{?}") }
    #expect(throws: LayoutError(.recordLayoutUnknown("union U"), at: [.position(0)])) { try Self.layout("{S=(U)}") }
  }

  @Test("an error deep inside names the whole path: members, elements, anonymous members, definitions")
  func deepErrorPaths() throws {
    #expect(throws: LayoutError(.voidHasNoSize, at: [.member("b"), .member("c"), .index(0), .member("d")])) {
      try Self.layout(#"{S="a"i"b"{T="c"[3{U="d"v}]}}"#)
    }
    #expect(throws: LayoutError(.voidHasNoSize, at: [.position(1), .position(0), .index(0), .position(1)])) {
      try Self.layout("{S=i{T=[3{U=iv}]}}")
    }
    // The members of an anonymous member are reached directly; qualifiers add nothing.
    #expect(throws: LayoutError(.unknownHasNoSize, at: [.member("u"), .member("x"), .index(0)])) {
      try Self.layout(#"{S="a"i"u"{?="n"i(?="x"rA[2?])}}"#)
    }
    // A record named alone is laid out from its definition, under the member that names it.
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.register(record: #"{T="b"i"c"[2v]}"#)
    #expect(throws: LayoutError(.voidHasNoSize, at: [.member("t"), .index(0), .member("c"), .index(0)])) {
      try catalog.layout(of: #"{S="t"[2{T}]}"#)
    }
    let error = #expect(throws: LayoutError.self) { try catalog.layout(of: #"{S="t"[2{T}]}"#) }
    #expect(error?.description.hasSuffix("(at .t[0].c[0])") == true, "\(String(describing: error))")
  }

  @Test("values built in code with negative numbers are refused, not trapped on")
  func negativeNumbers() {
    let catalog = TypeCatalog(includingBuiltins: false)
    #expect(throws: LayoutError(.negativeNumber("array count -1"))) {
      try catalog.layout(of: TypeEncoding.array(count: -1, element: .scalar(.int)))
    }
    let negativeWidth = TypeEncoding.structure(
      .init(name: "S", fields: [.init(type: .bitfield(.init(bitOffset: 0, declaredType: .int, width: -3)))]))
    #expect(throws: LayoutError(.negativeNumber("bitfield width -3 or offset 0"), at: [.position(0)])) {
      try catalog.layout(of: negativeWidth)
    }
    let negativeOffset = TypeEncoding.structure(
      .init(name: "S", fields: [.init(type: .bitfield(.init(bitOffset: -8, declaredType: .int, width: 3)))]))
    #expect(throws: LayoutError(.negativeNumber("bitfield width 3 or offset -8"), at: [.position(0)])) {
      try catalog.layout(of: negativeOffset)
    }
    #expect(throws: LayoutError(.invalidVector("size -16 is not a whole number of 4-byte elements"))) {
      try catalog.layout(of: TypeEncoding.vector(size: -16, alignment: 16, element: .scalar(.float)))
    }
  }

  @Test("layout errors read as sentences with the field path")
  func layoutErrorText() {
    #expect(LayoutError(.voidHasNoSize, at: [.member("a"), .index(2)]).description == "void has no size (at .a[2])")
    #expect(
      LayoutError(.recordLayoutUnknown("struct Node"), at: [.member("next")]).description
        == "layout unknown for struct Node: the encoding omits its members and no definition is registered (at .next)")
    #expect(LayoutError(.tooLarge).description == "type larger than 1099511627776 bytes")
  }

  @Test("a huge array lays out in constant time and its fields are computed on demand")
  func hugeArrays() throws {
    let layout = try Self.layout("[1000000000{?=cd}]")
    #expect(layout.size == 16_000_000_000)
    #expect(layout.fields.count == 2_000_000_000)
    #expect(layout.fields.dropFirst(1_999_999_999).first?.description == "[999999999].1 @15999999992 +8 d")
    #expect(Array(layout.fields.prefix(3)).map(\.description) == ["[0].0 @0 +1 c", "[0].1 @8 +8 d", "[1].0 @16 +1 c"])
    // Padding is computed as it is read: the first holes of a 16 GB type come without walking the rest.
    #expect(Array(layout.padding.prefix(3)) == [1..<8, 17..<24, 33..<40])
    #expect(try Array(Self.layout("{S=c[1000000000c]d}").padding) == [1_000_000_001..<1_000_000_008])
    #expect(throws: LayoutError(.tooLarge)) { try Self.layout("[1099511627776q]") }
    #expect(throws: LayoutError(.tooLarge)) { try Self.layout("[1048576[1048576[1048576c]]]") }
    #expect(throws: LayoutError(.tooLarge, at: [.position(1)])) { try Self.layout("{S=[1099511627776c]c}") }
  }

  @Test("indexing the fields gives the same leaves as iterating them", arguments: LayoutVector.all.prefix(120))
  func fieldsIndexingMatchesIteration(_ vector: LayoutVector) throws {
    let layout = try TypeCatalog(includingBuiltins: false).layout(of: vector.encoding, abi: .x86_64Linux)
    let iterated = Array(layout.fields)
    #expect(iterated.count == layout.fields.count)
    #expect(layout.fields.indices.map { layout.fields[$0] } == iterated)
  }
}
