import Synchronization
import Testing

@testable import CValueKit

/// The small records a handle's `isEqual` compares inline, member by member at each member's width: which
/// records take that form, the members they get, and answers equal to the field-by-field walk's on values
/// whose padding holds anything and whose floating-point members are zeros of both signs, NaNs and
/// infinities.
@Suite("Inline fields")
struct InlineFieldsTests {
  /// The inline form of a handle, written out: `byte 0 ff; double 8; word 16 ffffffff`.
  private static func render(_ type: ValueType) -> String {
    // "none": the values are not compared member by member inline.
    guard case .fields = type.ownPlan.verdict, let inline = type.ownPlan.inlineFields else { return "none" }
    return inline.fields.map { field in
      switch field.kind {
      case .float, .double: "\(field.kind) \(field.offset)"
      default: "\(field.kind) \(field.offset) \(String(field.mask, radix: 16))"
      }
    }.joined(separator: "; ")
  }

  @Test(
    "the records compared inline, and their members",
    arguments: [
      (#"{S="tag"c"value"d"count"i}"#, "byte 0 ff; double 8; word 16 ffffffff"),
      (#"{S="a"c"b"i}"#, "byte 0 ff; word 4 ffffffff"),
      (#"{S="a"i"b"i"c"c}"#, "word 0 ffffffff; word 4 ffffffff; byte 8 ff"),
      (#"{S="a"c"b"f"c"s"d"d}"#, "byte 0 ff; float 4; halfWord 8 ffff; double 16"),
      (#"{S="x"f"y"f"z"f"n"i}"#, "float 0; float 4; float 8; word 12 ffffffff"),
      // Bitfields sharing a byte are one member under the mask of their bits.
      (#"{S="a"b0I3"b"b3I2"c"c"d"d}"#, "byte 0 1f; byte 1 ff; double 8"),
      // A union with no member chosen: the bytes its members cover.
      (#"{S="a"c"u"(U="i"i"f"f)}"#, "byte 0 ff; word 4 ffffffff"),
      (#"{S="a"c"b"d"c"c"d"d}"#, "byte 0 ff; double 8; byte 16 ff; double 24"),
      (#"{S="a"c"b"s}"#, "byte 0 ff; halfWord 2 ffff"),
      // An array is loaded in the widest pieces its alignment allows.
      (#"{S="a"s"b"[6c]}"#, "halfWord 0 ffff; halfWord 2 ffff; word 4 ffffffff"),
    ])
  func inlineForm(encoding: String, expected: String) throws {
    #expect(Self.render(try ValueRegistry().resolve(encoding)) == expected)
  }

  @Test(
    "records the inline members do not cover take the plan",
    arguments: [
      #"{S="a"c"b"c"c"c"d"c"e"c"f"c"g"c"h"c"i"c}"#,  // nine members
      #"{S="a"c"b"[8d]}"#,  // larger than 64 bytes
      #"{S="a"c"b"D}"#,  // a long double
      #"{S="a"c"b"[10{?="x"c"y"i}]}"#,  // a loop
    ])
  func notInline(encoding: String) throws {
    #expect(Self.render(try ValueRegistry().resolve(encoding)) == "none")
  }

  @Test("a tolerance that is not `==` keeps the floating-point records out, and integer records in")
  func tolerances() throws {
    let registry = ValueRegistry(defaultTolerance: .absolute(1e-3))
    #expect(Self.render(try registry.resolve(#"{S="tag"c"value"d"count"i}"#)) == "none")
    #expect(Self.render(try registry.resolve(#"{S="a"c"b"i}"#)) == "byte 0 ff; word 4 ffffffff")
    let nanEqual = ValueRegistry(defaultTolerance: FloatTolerance(nanEqualsNaN: true))
    #expect(Self.render(try nanEqual.resolve(#"{S="tag"c"value"d"count"i}"#)) == "none")
  }

  @Test("an ignored field is left out of the members")
  func ignoredField() throws {
    let registry = ValueRegistry()
    let encoding = #"{S="tag"c"value"d"count"i}"#
    try registry.register(encoding, ignoring: [".count"])
    let type = try registry.resolve(encoding)
    #expect(Self.render(type) == "byte 0 ff; double 8")
    var a = [UInt8](repeating: 0, count: 24)
    var b = a
    a[16] = 1
    b[16] = 2
    #expect(a.withUnsafeBytes { x in b.withUnsafeBytes { type.isEqual(pointers: x.baseAddress!, $0.baseAddress!) } })
  }

  /// Random values of each record, their padding random too, against the walk (forced by a tolerance given
  /// for a floating-point field, which no shortcut runs) or, for a record of integers, steps compiled apart
  /// (a field comparer giving `==` at an integer field), and against the step loop.
  @Test(
    "the inline answer is the walk's, whatever the padding and the floating-point values",
    arguments: [
      (#"{S="tag"c"value"d"count"i}"#, ".value"),
      (#"{S="a"c"b"i}"#, ".b"),
      (#"{S="a"i"b"i"c"c}"#, ".a"),
      (#"{S="a"c"b"f"c"s"d"d}"#, ".b"),
      (#"{S="x"f"y"f"z"f"n"i}"#, ".x"),
      (#"{S="a"b0I3"b"b3I2"c"c"d"d}"#, ".d"),
      (#"{S="a"c"u"(U="i"i"f"f)}"#, ".a"),
      (#"{S="a"c"b"d"c"c"d"d}"#, ".b"),
    ])
  func agreesWithTheWalk(encoding: String, path: String) throws {
    let type = try ValueRegistry().resolve(encoding)
    guard case .fields = type.ownPlan.verdict, let inline = type.ownPlan.inlineFields, let size = type.size else {
      Issue.record("\(encoding) is not compared inline")
      return
    }
    var apart = ComparisonOptions()
    let field = try FieldPath(parsing: path)
    if inline.fields.contains(where: { $0.kind == .float || $0.kind == .double }) {
      apart.fieldTolerances[field] = .exact
    } else if path == ".a" && encoding.contains(#""a"c"#) {
      apart.fieldComparers[field] = FieldComparer(CChar.self) { $0 == $1 }
    } else {
      apart.fieldComparers[field] = FieldComparer(Int32.self) { $0 == $1 }
    }
    var leaves: [(offset: Int, isDouble: Bool)] = []
    for step in type.steps {
      switch step {
      case .floats(let offset, let count): leaves += (0..<count).map { (offset + $0 * 4, false) }
      case .doubles(let offset, let count): leaves += (0..<count).map { (offset + $0 * 8, true) }
      default: break
      }
    }
    let specials: [Double] = [0, -0.0, .nan, .infinity, -.infinity, 1, 1.5]
    var random = SplitMix64(seed: UInt64(size) &* 0x9E37 &+ UInt64(encoding.utf8.count))
    var equalSeen = 0
    for _ in 0..<3_000 {
      var a = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      var b = a
      // Mutations: a byte anywhere (padding or not), a bit, or floating-point members set to special values.
      switch random.next() % 4 {
      case 0: b[Int(random.next() % UInt64(size))] = UInt8(truncatingIfNeeded: random.next())
      case 1: b[Int(random.next() % UInt64(size))] ^= 1 << UInt8(random.next() % 8)
      case 2: break
      default:
        for leaf in leaves {
          for bytes in [0, 1] where random.next() % 2 == 0 {
            let value = specials[Int(random.next() % UInt64(specials.count))]
            if bytes == 0 {
              Self.store(value, into: &a, at: leaf.offset, isDouble: leaf.isDouble)
            } else {
              Self.store(value, into: &b, at: leaf.offset, isDouble: leaf.isDouble)
            }
          }
        }
      }
      let inline = a.withUnsafeBytes { x in
        b.withUnsafeBytes { type.isEqual(pointers: x.baseAddress!, $0.baseAddress!) }
      }
      let stepped = a.withUnsafeBytes { x in
        b.withUnsafeBytes {
          ComparisonStep.run(type.steps, x.baseAddress!, $0.baseAddress!, tolerance: type.defaultTolerance)
        }
      }
      let walk = try type.compare(bytes: a, b, options: apart)
      #expect(inline == walk.isEqual, "\(encoding): \(a) vs \(b): \(walk.report)")
      #expect(inline == stepped, "\(encoding): \(a) vs \(b)")
      if inline { equalSeen += 1 }
    }
    // Both answers were exercised.
    #expect(equalSeen > 100 && equalSeen < 2_900, "\(equalSeen) equal of 3000")
  }

  /// The members of a handle compared by its plan's one loop (``Verdict/fieldsCalling(_:)``) because a field has a
  /// registered comparer.
  private static func renderComparing(_ type: ValueType) -> String? {
    guard case .fieldsCalling = type.ownPlan.verdict else { return nil }
    return type.ownPlan.inlineFields.map { inline in
      inline.fields.map { field in
        switch field.kind {
        case .float, .double: "\(field.kind) \(field.offset)"
        case .comparer: "comparer \(field.offset) size \(field.mask)"
        default: "\(field.kind) \(field.offset) \(String(field.mask, radix: 16))"
        }
      }.joined(separator: "; ")
    }
  }

  @Test func fieldsWithAComparerAreComparedInOneLoopThatAgreesWithTheWalk() throws {
    let calls = Mutex(0)
    let registry = ValueRegistry()
    let encoding = #"{S="tag"c"value"d"count"i"flags"s}"#
    try registry.register(
      encoding,
      comparer: FieldComparer(Int32.self) { a, b in
        calls.withLock { $0 += 1 }
        return a % 16 == b % 16
      }, at: ".count")
    let type = try registry.resolve(encoding)
    // Not inlined into the caller (the call would cost every caller), compared by the plan's one loop.
    #expect(!type.ownPlan.verdict.isInlined)
    #expect(Self.renderComparing(type) == "byte 0 ff; double 8; comparer 16 size 4; halfWord 20 ffff")
    var random = SplitMix64(seed: 0x5EED)
    var equalSeen = 0
    var expectedCalls = 0
    for round in 0..<2_000 {
      var a = (0..<24).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      var b = a
      switch round % 4 {
      case 0: b[Int(random.next() % 24)] = UInt8(truncatingIfNeeded: random.next())
      case 1: b[16] &+= 16  // equal by the comparer, not by its bytes
      case 2: break
      default:
        Self.store([0, -0.0, .nan, 1][Int(random.next() % 4)], into: &a, at: 8, isDouble: true)
        Self.store([0, -0.0, .nan, 1][Int(random.next() % 4)], into: &b, at: 8, isDouble: true)
      }
      let before = calls.withLock { $0 }
      let inline = Self.isEqual(type, a, b)
      // The comparer is called only when every field before it is equal, once.
      let reached = a[0] == b[0] && Self.double(a, at: 8) == Self.double(b, at: 8)
      expectedCalls += reached ? 1 : 0
      #expect(calls.withLock { $0 } - before == (reached ? 1 : 0))
      let stepped = a.withUnsafeBytes { x in
        b.withUnsafeBytes {
          ComparisonStep.run(type.steps, x.baseAddress!, $0.baseAddress!, tolerance: type.defaultTolerance)
        }
      }
      let walk = try type.compare(bytes: a, b)
      #expect(inline == walk.isEqual, "\(a) vs \(b): \(walk.report)")
      #expect(inline == stepped, "\(a) vs \(b)")
      if inline { equalSeen += 1 }
    }
    #expect(equalSeen > 300 && equalSeen < 1_900, "\(equalSeen) equal of 2000")
    #expect(expectedCalls > 0)
  }

  @Test func fieldsWithAComparerAreLeftToTheStepsUnderAToleranceThatIsNotEquality() throws {
    let registry = ValueRegistry(defaultTolerance: .absolute(0.5))
    let encoding = #"{S="tag"c"value"d"count"i}"#
    try registry.register(encoding, comparer: FieldComparer(Int32.self) { $0 == $1 }, at: ".count")
    let type = try registry.resolve(encoding)
    #expect(Self.renderComparing(type) == nil)
    var a = [UInt8](repeating: 0, count: 24)
    var b = a
    Self.store(1, into: &a, at: 8, isDouble: true)
    Self.store(1.25, into: &b, at: 8, isDouble: true)
    #expect(Self.isEqual(type, a, b))
    b[16] = 1
    #expect(!Self.isEqual(type, a, b))
  }

  private static func isEqual(_ type: ValueType, _ a: [UInt8], _ b: [UInt8]) -> Bool {
    type.isEqual(pointers: a, b)
  }

  private static func double(_ bytes: [UInt8], at offset: Int) -> Double {
    bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Double.self) }
  }

  private static func store(_ value: Double, into bytes: inout [UInt8], at offset: Int, isDouble: Bool) {
    bytes.withUnsafeMutableBytes { raw in
      if isDouble {
        raw.storeBytes(of: value, toByteOffset: offset, as: Double.self)
      } else {
        raw.storeBytes(of: Float(value), toByteOffset: offset, as: Float.self)
      }
    }
  }
}
