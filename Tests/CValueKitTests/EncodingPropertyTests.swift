import CValueKit
import Testing

/// Properties over many seeded random inputs built from the grammar's own characters, so that most of them
/// are almost-encodings: every one parses or throws a typed error, and whatever parses prints back to text
/// that parses to the same value and then lays out or throws a typed error.
@Suite("Encoding properties")
struct EncodingPropertyTests {
  /// A small deterministic generator (SplitMix64), so a failure names an input that reproduces.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let alphabet = Array("cCsSiIlLqQtTfdDBv*#:?%@^[]{}()=\"bj!,rnNoORVA0123456789xS_é")
  static let fragments = [
    "{S=", "(U=", "[4", "[0", "]", "}", ")", "\"x\"", "@\"NSView\"", "b3", "b8i4", "b0Q1", "![16,16f]", "^?", "{?=",
    "jd",
  ]

  static func randomInput(_ generator: inout SplitMix) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...14, using: &generator) {
      if Bool.random(using: &generator) {
        text += fragments.randomElement(using: &generator) ?? ""
      } else {
        text.append(alphabet.randomElement(using: &generator) ?? "i")
      }
    }
    return text
  }

  @Test("random near-encodings parse or throw; what parses round-trips and lays out or throws", arguments: 0..<8)
  func randomInputs(_ seed: UInt64) throws {
    var generator = SplitMix(state: seed)
    let catalog = TypeCatalog(includingBuiltins: false)
    var parsed = 0
    var tiled = 0
    for _ in 0..<5_000 {
      let text = Self.randomInput(&generator)
      let type: TypeEncoding
      do {
        type = try catalog.parse(text)
      } catch {
        #expect(error.offset >= 0 && error.offset <= text.utf8.count, "\(text)")
        continue
      }
      parsed += 1
      let printed = type.description
      #expect(try catalog.parse(printed) == type, "\(text) printed as \(printed)")
      if Self.layOutAndTile(type, catalog: catalog, input: text) { tiled += 1 }
    }
    #expect(parsed > 100)
    #expect(tiled > 50)
  }

  /// Lays out a type; when that succeeds and the type is small, checks that fields and holes tile the value
  /// exactly. Returns whether the tiling was checked.
  static func layOutAndTile(_ type: TypeEncoding, catalog: TypeCatalog, input: String) -> Bool {
    let layout: CLayout
    do {
      layout = try catalog.layout(of: type)
    } catch {
      #expect(!error.description.isEmpty)
      return false
    }
    // Walking every leaf and hole of a random type could take long; the small ones are checked whole:
    // iteration agrees with indexing, and fields and holes tile the value without overlapping.
    guard layout.size <= 1 << 16, layout.fields.count <= 1 << 12 else { return false }
    #expect(layout.fields.indices.map { layout.fields[$0] } == Array(layout.fields), "\(input)")
    var covered = [Bool](repeating: false, count: layout.size)
    for field in layout.fields { for byte in field.offset..<(field.offset + field.size) { covered[byte] = true } }
    for hole in layout.padding {
      #expect(hole.upperBound <= layout.size && covered[hole].allSatisfy { !$0 }, "\(input)")
      for byte in hole { covered[byte] = true }
    }
    #expect(covered.allSatisfy { $0 }, "\(input): a byte is neither a field's nor padding")
    return true
  }

  /// A random valid type, up to `depth` levels deep. Records name all their members or none, and only
  /// unnamed records hold typed objects, which keeps the printed text unambiguous.
  static func randomType(_ generator: inout SplitMix, depth: Int, inRecord: Bool = false) -> TypeEncoding {
    let scalars: [TypeEncoding.Scalar] = [
      .char, .unsignedChar, .short, .int, .unsignedInt, .longLong, .float, .double, .longDouble, .bool, .cString,
      .int128, .long, .selector,
    ]
    let pick = Int.random(in: 0..<(depth > 0 ? 14 : 3), using: &generator)
    switch pick {
    case 0, 1, 2: return .scalar(scalars.randomElement(using: &generator) ?? .int)
    case 3: return .pointer(randomType(&generator, depth: depth - 1))
    case 4, 5:
      return .array(count: Int.random(in: 0...4, using: &generator), element: randomType(&generator, depth: depth - 1))
    case 6, 7, 8, 9:
      let named = Bool.random(using: &generator)
      var fields: [TypeEncoding.Field] = []
      var bit = 0
      for index in 0..<Int.random(in: 0...4, using: &generator) {
        var type = randomType(&generator, depth: depth - 1, inRecord: !named)
        if Int.random(in: 0..<5, using: &generator) == 0 {
          // GNU bitfields at increasing offsets; the layout decides whether they fit among the other members.
          let width = Int.random(in: 1...16, using: &generator)
          type = .bitfield(.init(bitOffset: bit, declaredType: .unsignedInt, width: width))
          bit += width
        } else {
          bit += 1 << 10
        }
        fields.append(.init(name: named ? "m\(index)" : nil, type: type))
      }
      let record = TypeEncoding.Record(name: Bool.random(using: &generator) ? "R\(depth)" : nil, fields: fields)
      return pick == 9 ? .union(record) : .structure(record)
    case 10: return .complex(.scalar([.float, .double, .int].randomElement(using: &generator) ?? .double))
    case 11:
      return .qualified(
        TypeEncoding.Qualifier.allCases.randomElement(using: &generator) ?? .const,
        randomType(&generator, depth: depth - 1))
    case 12: return inRecord ? .object(className: "NSView") : .block
    default: return .vector(size: 16, alignment: 16, element: .scalar(.float))
    }
  }

  @Test(
    "random valid types print to text that parses back to the same type, and lay out consistently",
    arguments: 0..<4)
  func randomTypes(_ seed: UInt64) throws {
    var generator = SplitMix(state: seed)
    let catalog = TypeCatalog(includingBuiltins: false)
    var tiled = 0
    for _ in 0..<2_000 {
      let type = Self.randomType(&generator, depth: 4)
      let text = type.description
      #expect(try catalog.parse(text) == type, "\(text)")
      if Self.layOutAndTile(type, catalog: catalog, input: text) { tiled += 1 }
    }
    #expect(tiled > 500)
  }

  @Test(
    "a parsed method signature prints back to itself",
    arguments: ["v16@0:8", "B{CGPoint=dd}{CGPoint=dd}", "i24@0:8r^{tm}16"])
  func signatures(_ text: String) throws {
    #expect(try MethodSignature(text).description == text)
    #expect(try MethodSignature(MethodSignature(text).description) == MethodSignature(text))
  }
}
