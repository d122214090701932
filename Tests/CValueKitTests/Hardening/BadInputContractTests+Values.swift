import CTestTypes
import CValueFixtures
import Foundation
import Testing

@testable import CValueKit

/// The second half of the contract's index: values, C functions, derivation, fixtures and union casts.
extension BadInputContractTests {
  final class Reference {}
  enum Mode { case on, off }
  struct HoldsEnum { var mode = Mode.on }

  static let valueRows: [ContractRow] =
    [
      ContractRow("encoding", "unterminated struct at offset 11 in \"{CGPoint=dd\"", "") {
        thrown { _ = try ValueRegistry.shared.resolve("{CGPoint=dd") }
      },
      ContractRow(
        "layoutUnknown",
        "cannot lay out {X}: layout unknown for struct X: the encoding omits its members and no definition is registered",
        ""
      ) { thrown { _ = try ValueRegistry.shared.resolve("{X}").parse("0") } },
      ContractRow("wrongSize", "the actual value has 12 bytes, but {CGPoint=dd} is 16 bytes", "") {
        thrown {
          _ = try ValueRegistry.shared.resolve("point").compare(
            bytes: [UInt8](repeating: 0, count: 12), [UInt8](repeating: 0, count: 16))
        }
      },
      ContractRow("sizesDiffer", "the actual value has 4 bytes and the expected value 3", "") {
        thrown { _ = try ValueRegistry.shared.resolve("{X}").compare(bytes: [0, 0, 0, 0], [0, 0, 0]) }
      },
      ContractRow("swiftTypeSize", "Int32 is 4 bytes, but d is 8 bytes", "") {
        thrown { _ = try ValueRegistry.shared.resolve("d").compare(Int32(1), Int32(1)) }
      },
      ContractRow("invalidTolerance", "absolute tolerance -1 is not a finite number ≥ 0 (for .x)", "path .x") {
        thrown {
          _ = try ValueRegistry.shared.resolve("point").compare(
            bytes: [UInt8](repeating: 0, count: 16), [UInt8](repeating: 0, count: 16),
            options: ComparisonOptions(fieldTolerances: [".x": .absolute(-1)]))
        }
      },
      ContractRow("unknownFieldPath", "{CGPoint=dd} has no field .z", "path .z") {
        thrown {
          _ = try ValueRegistry.shared.resolve("point").compare(
            bytes: [UInt8](repeating: 0, count: 16), [UInt8](repeating: 0, count: 16),
            options: ComparisonOptions(fieldTolerances: [".z": .absolute(1)]))
        }
      },
      ContractRow("nothingToRegister", "a registration for i needs a comparer or a describer", "") {
        thrown { try ValueRegistry().register("i") }
      },
      ContractRow("literal", "bad number '09' at offset 0 in \"09\"", "") {
        thrown { _ = try ValueRegistry.shared.resolve("int32").parse("09") }
      },
      ContractRow(
        "notPlainData",
        "Reference is not plain data (it holds references, or copying it runs code, as copying a C++ type with a "
          + "std::string member does), so its bytes are not a C value: compare values of it through pointers to them",
        ""
      ) { thrown { _ = try ValueRegistry.shared.resolve("^v").describe(Reference()) } },
      ContractRow("cFunction", "no function cv_no_such_function in the running process", "") {
        thrown {
          do throws(CFunctionError) { _ = try CFunction.lookup("cv_no_such_function") } catch {
            throw ValueError.cFunction(error)
          }
        }
      },
      ContractRow("invalidCount", "invalid count of values: -1", "") {
        thrown {
          _ = try ValueRegistry.shared.resolve("i").describe(
            bytes: UnsafeRawBufferPointer(start: nil, count: 0), count: -1)
        }
      },
      ContractRow(
        "tooLargeToParse",
        "[1073741825c] is 1073741825 bytes, larger than the 1073741824 bytes a literal is parsed into",
        ""
      ) { thrown { _ = try ValueRegistry.shared.resolve("[1073741825c]").parse("{0}") } },
      ContractRow(
        "cannotDerive",
        "cannot derive the C encoding of HoldsEnum: the field .mode of Swift type Mode has no C encoding; set its "
          + "encoding with registry.register(\"…\", swiftType: HoldsEnum.self) or pass encoding: explicitly; for a type from a C header, import the header (catalog.importHeaders)",
        ""
      ) { thrown { _ = try ValueRegistry().encoding(of: HoldsEnum.self) } },
      ContractRow("unknownFieldPath, an ignored path", "{CGPoint=dd} has no field .z", "path .z") {
        thrown {
          _ = try ValueRegistry.shared.resolve("point").compare(
            bytes: [UInt8](repeating: 0, count: 16), [UInt8](repeating: 0, count: 16),
            options: ComparisonOptions(ignoredPaths: [".z"]))
        }
      },
      ContractRow(
        "unknownFieldPath, a registered ignored path", "{S=\"a\"[2{T=\"b\"i}]} has no field .a[*].c", "path .a[*].c"
      ) {
        thrown { try ValueRegistry().register("{S=\"a\"[2{T=\"b\"i}]}", ignoring: [".a[*].c"]) }
      },
      ContractRow(
        "pathThroughElement",
        "{S=\"a\"[2{T=\"b\"i}]}: .a[1].b names one array element; ignored paths and field comparers apply to "
          + "every element, written [*]",
        "path .a[1].b"
      ) {
        thrown {
          _ = try ValueRegistry().resolve("{S=\"a\"[2{T=\"b\"i}]}").compare(
            bytes: [UInt8](repeating: 0, count: 8), [UInt8](repeating: 0, count: 8),
            options: ComparisonOptions(ignoredPaths: [".a[1].b"]))
        }
      },
      ContractRow(
        "comparerDoesNotFit", "{S=\"a\"[2{T=\"b\"i}]}: the comparer Int64 does not fit .a[*].b (int)", "path .a[*].b"
      ) {
        thrown {
          try ValueRegistry().register(
            "{S=\"a\"[2{T=\"b\"i}]}", comparer: FieldComparer(Int64.self) { $0 == $1 }, at: ".a[*].b")
        }
      },
    ] + unionMemberRows

  /// `ValueError.unionMember`, one row per `UnionMemberError.Reason`.
  static let unionMemberRows: [ContractRow] = {
    let tagged = "{M=\"k\"i\"f\"f\"u\"(?=\"a\"i\"b\"f)\"v\"[2(?=\"c\"i\"d\"f)]\"w\"(?=\"e\"i)}"
    // The type is named as C names it, not by its encoding.
    let prefix = "struct M: "
    let anonymous = "{A=\"t\"i(?=\"a\"i\"b\"f)(?=\"c\"i\"d\"f)}"
    @Sendable func rule(_ member: UnionMember, at path: FieldPath, of type: String = tagged) -> (any Error)? {
      thrown { try ValueRegistry().register(type, unionMember: member, at: path) }
    }
    return [
      ContractRow("unionMember noSuchField", prefix + ".x: no field .x", "path .x") { rule("a", at: ".x") },
      ContractRow(
        "unionMember throughArray",
        prefix + ".v[1]: .v[1] goes through an array element; a union member rule applies to every value of a "
          + "record type, so register it for the element's record type (ValueRegistry.register(_:unionMember:at:))",
        "path .v[1]"
      ) { rule("c", at: ".v[1]") },
      ContractRow(
        "unionMember noSuchMember",
        prefix + ".u: no union there has a member \"z\", nor an anonymous member holding it (members: a, b)", "path .u"
      ) { rule("z", at: ".u") },
      ContractRow(
        "unionMember notAUnion", prefix + ".k is not a union, nor a record holding an anonymous union", "path .k"
      ) { rule("a", at: ".k") },
      ContractRow(
        "unionMember membersInDifferentUnions",
        "struct A: the value: \"a\" and \"c\" are members of different unions",
        "path "
      ) { rule(.tagged(by: ".t", members: [1: "a", 2: "c"]), at: FieldPath(), of: anonymous) },
      ContractRow(
        "unionMember noTaggedMembers", prefix + ".u: a tagged rule needs at least one tag value and its member",
        "path .u"
      ) { rule(.tagged(by: ".k", members: [:]), at: ".u") },
      ContractRow(
        "unionMember tagNotAnInteger",
        prefix + ".u: the tag .f is f, not an integer, enum, _Bool or bitfield of up to 64 bits",
        "path .u"
      ) { rule(.tagged(by: ".f", members: [1: "a"]), at: ".u") },
      ContractRow(
        "unionMember tagInsideUnion",
        prefix
          + ".u: the tag .u.a is inside the union it selects a member of, and not a field all its members start with",
        "path .u"
      ) { rule(.tagged(by: ".u.a", members: [1: "b"]), at: ".u") },
      ContractRow("unionMember notARecord", "i: i has no members to hold a union", "path ") {
        rule("a", at: FieldPath(), of: "i")
      },
    ]
  }()

  @Test("ValueError", arguments: valueRows)
  func valueErrors(_ row: ContractRow) throws {
    let error = try #require(row.failure() as? ValueError)
    // A C function's lookup message ends with dlerror's text, which names the binary: only its start is fixed.
    if case .cFunction = error {
      #expect(error.description.hasPrefix(row.message + ": "))
    } else {
      #expect(error.description == row.message)
    }
    let path: FieldPath? =
      switch error {
      case .invalidTolerance(_, let path), .unknownFieldPath(let path, _), .pathThroughElement(let path, _),
        .comparerDoesNotFit(let path, _, _, _):
        path
      case .unionMember(let path, _, _): path
      default: nil
      }
    #expect(path.map { "path \($0)" } ?? "" == row.position)
  }

  static func register(_ type: String, _ signature: String) -> (any Error)? {
    thrown {
      let function = try CFunction.lookup("strlen")
      try ValueRegistry().register(type, comparer: function, signature: signature, convention: .nonZeroMeansEqual)
    }
  }

  static let cFunctionRows: [ContractRow] = [
    ContractRow("libraryNotFound", "cannot open library /nonexistent/libgeom.so: ", "") {
      thrown { _ = try CFunction.lookup("f", in: "/nonexistent/libgeom.so") }
    },
    ContractRow("symbolNotFound", "no function cv_no_such_function in the running process: ", "") {
      thrown { _ = try CFunction.lookup("cv_no_such_function") }
    },
    ContractRow(
      "notACFunction", "(Int) -> Int is not a C function pointer: pass a value of an @convention(c) function type", ""
    ) { thrown { _ = try CFunction({ (x: Int) in x }, name: "closure") } },
    ContractRow("signature", "bad signature: unterminated struct at offset 9 in \"B{s_dd=dd\"", "") {
      register("{s_dd=dd}", "B{s_dd=dd")
    },
    ContractRow(
      "frameOffsetsInSignature",
      "the signature \"B16{s_dd=dd}0{s_dd=dd}8\" has frame offsets: give the types only, return type first", ""
    ) { register("{s_dd=dd}", "B16{s_dd=dd}0{s_dd=dd}8") },
    ContractRow("arity", "strlen takes 1 argument, but a comparator takes 2", "") {
      register("{s_dd=dd}", "B{s_dd=dd}")
    },
    ContractRow(
      "argumentMismatch",
      "argument 2 of strlen is {s_i=i}, but the values are {s_dd=dd}: pass the value or a pointer to it", ""
    ) { register("{s_dd=dd}", "B{s_dd=dd}{s_i=i}") },
    ContractRow("unusableReturn", "strlen returns d, but a comparator returns bool or an integer", "") {
      register("{s_dd=dd}", "d{s_dd=dd}{s_dd=dd}")
    },
    ContractRow(
      "cannotPass", "cannot pass {B=ib32i4} to a C function through libffi at .1: libffi cannot describe bitfields",
      "path .1"
    ) { register("{B=ib32i4}", "B{B=ib32i4}{B=ib32i4}") },
    ContractRow(
      "layoutUnknown",
      "cannot pass {Opaque} by value: layout unknown for struct Opaque: the encoding omits its members and no "
        + "definition is registered", ""
    ) { register("{Opaque}", "B{Opaque}{Opaque}") },
    ContractRow(
      "layoutDisagrees (constructed)",
      "libffi lays out {P=cd} as 16 bytes aligned to 8, but C as 9 bytes aligned to 1 (packed and over-aligned "
        + "structs cannot be passed by value)", ""
    ) {
      CFunctionError.layoutDisagrees(
        .structure(.init(name: "P", fields: [.init(type: .scalar(.char)), .init(type: .scalar(.double))])),
        path: FieldPath(), cSize: 9, cAlignment: 1, ffiSize: 16, ffiAlignment: 8)
    },
    ContractRow(
      "preparationFailed (constructed)", "libffi cannot prepare a call to f (ffi_prep_cif returned 1)", ""
    ) { CFunctionError.preparationFailed(function: "f", status: 1) },
  ]

  @Test("CFunctionError", arguments: cFunctionRows)
  func cFunctionErrors(_ row: ContractRow) throws {
    let failure = try #require(row.failure())
    let error = try #require(
      (failure as? CFunctionError)
        ?? (failure as? ValueError).flatMap {
          if case .cFunction(let error) = $0 { error } else { nil }
        })
    // dlerror's text, after the colon, names the binary or the system's reason: only the start is fixed.
    if row.message.hasSuffix(": ") {
      #expect(error.description.hasPrefix(row.message))
    } else {
      #expect(error.description == row.message)
    }
    let path: FieldPath? = if case .cannotPass(_, let path, _) = error { path } else { nil }
    #expect(path.map { "path \($0)" } ?? "" == row.position)
  }

  static func derive<Value>(_ type: Value.Type) -> (any Error)? {
    thrown {
      // The registry's own derivation, for the detail the public error words as text.
      _ = try EncodingDerivation(catalog: TypeCatalog(), known: SwiftTypeEncodings()).derive(type)
    }
  }

  struct MixedTuple { var pair: (Int32, Double) = (0, 0) }
  struct TailPadded {
    var value: Double = 0
    var flag: Int8 = 0
  }
  /// Swift places .x in the tail padding of .inner (at 9), where C puts it at 16.
  struct InTailPadding {
    var inner = TailPadded()
    var x: Int8 = 0
  }

  static let derivationRows: [ContractRow] = [
    ContractRow("unsupportedType", "the field .mode of Swift type Mode has no C encoding", "path .mode") {
      derive(HoldsEnum.self)
    },
    ContractRow(
      "mixedTuple", "the tuple at .pair mixes element types (Int32, Double), so it is not a C array", "path .pair"
    ) { derive(MixedTuple.self) },
    ContractRow(
      "hiddenBytes",
      "bytes 4..<8 between .id and .after (likely bitfields or an anonymous struct or union) are not covered by "
        + "any field Mirror can see; Swift imports none of these as a stored property", "path .id"
    ) { derive(cv_flags.self) },
    ContractRow(
      "misplacedField", "the field .x is at offset 9, but the encoding derived from the visible fields puts it at 16",
      "path .x"
    ) { derive(InTailPadding.self) },
    ContractRow(
      "packed",
      "the type is packed (__attribute__((packed)) or #pragma pack): .count is at offset 1, but Int32 aligns to 4",
      "path .count"
    ) { derive(cv_packed.self) },
    ContractRow(
      "sizeMismatch",
      "the derived encoding {cv_aligned8=\"first\"i\"second\"i} has size 8 and alignment 4, but the Swift type has "
        + "size 8 and alignment 8 (likely an alignment attribute, such as __attribute__((aligned(8))) or "
        + "_Alignas(8), or a hidden member that fits in the padding)", ""
    ) { derive(cv_aligned8.self) },
    ContractRow(
      "opaqueField",
      "the field .number of type cv_number (bytes 8..<16) has no stored properties Mirror can see (likely a C "
        + "union, or a struct of bitfields only: Swift imports both with computed properties)",
      "path .number"
    ) { derive(cv_tagged.self) },
    ContractRow(
      "layoutFailed (constructed)", "the derived encoding v cannot be laid out: void has no size", ""
    ) { DerivationError.layoutFailed(.scalar(.void), LayoutError(.voidHasNoSize)) },
    ContractRow("unreadable (constructed)", "the bytes of .x do not come from one place in the value", "path .x") {
      DerivationError.unreadable(".x")
    },
  ]

  @Test("DerivationError", arguments: derivationRows)
  func derivationErrors(_ row: ContractRow) throws {
    let error = try #require(row.failure() as? DerivationError)
    #expect(error.problem == row.message)
    let path: FieldPath? =
      switch error.cause {
      case .unsupportedType(_, let path), .mixedTuple(let path, _), .misplacedField(let path, _, _),
        .opaqueField(let path, _, _), .unreadable(let path):
        path
      case .hiddenBytes(let runs): runs.first?.after
      case .packed(let evidence, _):
        switch evidence {
        case .misalignedField(let path, _, _, _), .underAligned(_, let path, _, _), .closerField(let path, _, _): path
        case .smallerSize: nil
        }
      case .sizeMismatch, .layoutFailed: nil
      }
    #expect(path.map { "path \($0)" } ?? "" == row.position)
  }

  static func fixture(_ json: String) -> (any Error)? {
    thrown { _ = try ValueFixture.load(Data(json.utf8), format: .json, file: "f.json") }
  }

  static let fixtureRows: [ContractRow] = [
    ContractRow("unreadable", "x.json: cannot be read: ", "file x.json") {
      thrown { _ = try ValueFixture.load(contentsOf: URL(fileURLWithPath: "/nonexistent/x.json")) }
    },
    ContractRow(
      "unknownFormat", "x.txt: \"x.txt\" is not a fixture file name: use .json for JSON or .plist for a property list",
      "file x.txt"
    ) { thrown { _ = try ValueFixture.load(contentsOf: URL(fileURLWithPath: "/nonexistent/x.txt")) } },
    ContractRow("malformed(json)", "f.json: not valid JSON", "file f.json") { fixture("[") },
    ContractRow("malformed(propertyList)", "f.plist: not a valid property list", "file f.plist") {
      thrown { _ = try ValueFixture.load(Data("<plist".utf8), format: .propertyList, file: "f.plist") }
    },
    ContractRow(
      "tooLarge",
      "f.json: more than 65536 values or nested more than 32 deep (a property list may repeat a value by reference)",
      "file f.json"
    ) { fixture(String(repeating: "[", count: 33) + String(repeating: "]", count: 33)) },
    ContractRow(
      "valuesTooLarge", "f.json: case \"b\", field \"value\": the file's values take more than 268435456 bytes in all",
      "case b field value"
    ) {
      fixture(
        #"[{"name": "a", "type": "[200000000c]", "value": "{0}"}, {"name": "b", "type": "[200000000c]", "value": "{0}"}]"#
      )
    },
    ContractRow("notACaseList", "f.json: expected a list of cases or an object keyed by case name", "file f.json") {
      fixture("42")
    },
    ContractRow(
      "caseNotAnObject", "f.json: case #0: a case must be an object with \"type\" and values", "case #0"
    ) { fixture(#"["point"]"#) },
    ContractRow("missingField", "f.json: case #0: missing field \"name\"", "case #0 field name") {
      fixture(#"[{"type": "int32", "value": "1"}]"#)
    },
    ContractRow("wrongKind", "f.json: case \"a\", field \"type\": expected a string", "case a field type") {
      fixture(#"[{"name": "a", "type": 1, "value": "1"}]"#)
    },
    ContractRow(
      "unknownField",
      "f.json: case \"a\": unknown field \"vlaue\" (a case has name, type, value, actual, expected, values, tolerance "
        + "and equal)", "case a field vlaue"
    ) { fixture(#"[{"name": "a", "type": "int32", "vlaue": "1"}]"#) },
    ContractRow("emptyName", "f.json: case #0, field \"name\": the name is empty", "case #0 field name") {
      fixture(#"[{"name": "", "type": "int32", "value": "1"}]"#)
    },
    ContractRow(
      "nameDiffersFromKey", "f.json: case \"a\", field \"name\": the name \"b\" is not the case's key",
      "case a field name"
    ) { fixture(#"{"a": {"name": "b", "type": "int32", "value": "1"}}"#) },
    ContractRow(
      "duplicateName", "f.json: case \"a\", field \"name\": another case has the same name", "case a field name"
    ) {
      fixture(#"[{"name": "a", "type": "int32", "value": "1"}, {"name": "a", "type": "int32", "value": "2"}]"#)
    },
    ContractRow(
      "valueGivenTwice", "f.json: case \"a\", field \"values.value\": the value is also given outside \"values\"",
      "case a field values.value"
    ) { fixture(#"{"a": {"type": "point", "value": "{0, 0}", "values": {"value": "{1, 1}"}}}"#) },
    ContractRow(
      "noValues", "f.json: case \"a\": the case has no value (value, actual, expected or values)", "case a"
    ) { fixture(#"[{"name": "a", "type": "int32"}]"#) },
    ContractRow(
      "value", "f.json: case \"a\", field \"value\": bad number '09' at offset 0 in \"09\"", "case a field value"
    ) { fixture(#"[{"name": "a", "type": "int32", "value": "09"}]"#) },
  ]

  @Test("FixtureError", arguments: fixtureRows)
  func fixtureErrors(_ row: ContractRow) throws {
    let error = try #require(row.failure() as? FixtureError)
    if case .unreadable = error.reason {
      #expect(error.description.hasPrefix(row.message))
    } else {
      #expect(error.description == row.message)
    }
    var position = error.caseName.map { "case \($0)" } ?? error.caseIndex.map { "case #\($0)" } ?? "file \(error.file)"
    if let field = error.field { position += " field \(field)" }
    #expect(position == row.position)
  }

  @Test("ValueError.unionCastSizes names both types and sizes")
  func unionCast() {
    #expect(throws: ValueError.unionCastSizes(source: "Int32", sourceSize: 4, target: "Double", targetSize: 8)) {
      _ = try CValueKit.unionCast(Int32(1), to: Double.self)
    }
    #expect(
      ValueError.unionCastSizes(source: "Int32", sourceSize: 4, target: "Double", targetSize: 8).description
        == "cannot union-cast Int32 (4 bytes) to Double (8 bytes): the sizes differ")
  }
}
