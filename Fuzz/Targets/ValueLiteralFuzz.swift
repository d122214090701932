// libFuzzer target: value literals (C initializers) parsed into a type's bytes.
//
// The input is `<encoding>\n<literal>`. When the first line is not an encoding of at most
// `maximumValueSize` bytes, the whole input is the literal and the type is one of `fixedTypes`, picked by
// the first byte (`{En}` has enumerations, so that constant names are fuzzed too). Every literal that parses is described, and the description must parse back to the same
// bytes and describe the same way again: a failed round trip stops the run with both texts.
import CValueKit

private let maximumValueSize = 1 << 16

private let fixedTypes = [
  "rect", "int32", "double", "{S=\"a\"c\"b\"d\"c\"[3s]}", "(U=\"i\"i\"f\"f\"c\"[4c])", "[8c]",
  "{B=\"a\"b3\"b\"b5\"c\"b7}", "{N={?=\"x\"i\"y\"i}(?=\"p\"^v\"q\"Q)}", "{F=fdD}", "{Z=jfjd}", "[2[3{P=cs}]]",
  "{Q=BCSILQ}", "{P=^v*r*^{Node}}", "{E=}", "{En}",
]

/// A catalog in which every member of `{En}` but `.c` has an enumeration: an `int`, an unsigned and a
/// signed enum bitfield, and an array of enums; with a value two constants share, a negative one, and
/// constants named like the parser's words (`NULL`, `nan`), which an enum field reads as its constants.
private func makeCatalog() -> TypeCatalog {
  let catalog = TypeCatalog()
  func constants(_ pairs: KeyValuePairs<String, Int64>) -> [(name: String, value: Int64)] {
    pairs.map { (name: $0.key, value: $0.value) }
  }
  do {
    try catalog.register(record: "{En=\"k\"i\"c\"I\"m\"b64I3\"s\"b67i4\"h\"[3C]}")
    let kind = CEnumeration(name: "enum kind", constants: constants(["K_A": 1, "K_B": 2, "K_C": 2, "K_Q": -1]))
    try catalog.register("{En}", enumeration: kind, member: "k")
    let mode = CEnumeration(name: "enum mode", constants: constants(["M_R": 1, "M_W": 2, "NULL": 0]))
    try catalog.register("{En}", enumeration: mode, member: "m")
    let sign = CEnumeration(name: nil, constants: constants(["S_LOW": -8, "nan": 0, "S_HIGH": 7]))
    try catalog.register("{En}", enumeration: sign, member: "s")
    let step = CEnumeration(name: "enum step", constants: constants(["ST_A": 0, "ST_B": 255]))
    try catalog.register("{En}", enumeration: step, member: "h")
  } catch {
    fatalError("the fuzz catalog: \(error)")
  }
  return catalog
}

private let catalog = makeCatalog()

/// libFuzzer's entry point: one input, `size` bytes at `data`; returns 0 (the input is never rejected).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: size)
  guard let first = input.first else { return 0 }
  var handle: ValueType?
  var literal = input[...]
  if let newline = input.firstIndex(of: UInt8(ascii: "\n")) {
    let encoding = String(decoding: input[..<newline], as: UTF8.self)
    if let candidate = resolve(encoding), let size = candidate.size, size <= maximumValueSize {
      handle = candidate
      literal = input[(newline + 1)...]
    }
  }
  let fixed = fixedTypes[Int(first) % fixedTypes.count]
  guard let type = handle ?? resolve(fixed) else { fatalError("\(fixed) does not resolve") }
  check(String(decoding: literal, as: UTF8.self), as: type)
  return 0
}

/// The target's own registry, replaced every 1024 inputs. Its handle caches are bounded anyway (4,096
/// handles each); a new registry now and then also drops the old one (and all it holds) under the fuzzer,
/// and limits the state a finding can depend on to the inputs since the last replacement.
nonisolated(unsafe) private var registry = ValueRegistry(catalog: catalog)
nonisolated(unsafe) private var registryUses = 0

private func resolve(_ encoding: String) -> ValueType? {
  registryUses += 1
  if registryUses == 1024 {
    registry = ValueRegistry(catalog: catalog)
    registryUses = 0
  }
  return try? registry.resolve(encoding)
}

private func check(_ literal: String, as type: ValueType) {
  let bytes: [UInt8]
  do { bytes = try type.parse(literal) } catch {
    _ = error.description
    _ = error.caretDiagnostic
    return
  }
  guard bytes.count == type.size else {
    fatalError("\(type): \(debug(literal)) parsed to \(bytes.count) bytes, not \(String(describing: type.size))")
  }
  let options = DescriptionOptions(maximumElements: nil)
  let description = describe(bytes, as: type, options: options, what: literal)
  let again: [UInt8]
  do { again = try type.parse(description) } catch {
    fatalError("\(type): \(debug(literal)) describes as \(debug(description)), which does not parse: \(error)")
  }
  guard again == bytes else {
    // A union lists every member and reads them back in order, so bytes one member wrote can be another
    // member's value in an encoding no C text gives back (documented in LeafDescription): a NaN with a
    // payload (or an x87 encoding the FPU rejects), written `nan`, reads back as the default NaN; an x87
    // pseudo-denormal reads back as the normal number it equals. Either lands over what the members before
    // it wrote. Then the bytes read back must be a fixed point: they describe and read back as themselves.
    let unionHoldsNaN = holdsInUnion(type.type, where: \.isFloatingPoint) && containsNaN(description)
    if unionHoldsNaN || holdsInUnion(type.type, where: { $0 == .longDouble }) {
      let settled = describe(again, as: type, options: options, what: description)
      guard (try? type.parse(settled)) == again else {
        fatalError("\(type): \(debug(description)) reads back as \(hex(again)), which does not read back as itself")
      }
      return
    }
    fatalError(
      "\(type): \(debug(literal)) is \(hex(bytes)) and describes as \(debug(description)), which parses as \(hex(again))"
    )
  }
  let redescribed = describe(again, as: type, options: options, what: description)
  guard redescribed == description else {
    fatalError("\(type): \(debug(description)) parses back and describes as \(debug(redescribed))")
  }
  // The default options cap long arrays; that text is for people, so it only has to be produced.
  _ = describe(bytes, as: type, options: .default, what: literal)
  do {
    guard try type.compare(bytes: bytes, again).isEqual || containsNaN(description) else {
      fatalError("\(type): \(debug(literal)) is not equal to itself read back from \(debug(description))")
    }
  } catch {
    fatalError("\(type): comparing \(debug(literal)) with itself threw \(error)")
  }
}

private func describe(_ bytes: [UInt8], as type: ValueType, options: DescriptionOptions, what: String) -> String {
  do { return try type.describe(bytes: bytes, options: options) } catch {
    fatalError("\(type): the bytes of \(debug(what)) do not describe: \(error)")
  }
}

/// Whether a union inside `type` (at any depth) has a scalar leaf for which `leaf` is true.
private func holdsInUnion(
  _ type: TypeEncoding, insideUnion: Bool = false, where leaf: (TypeEncoding.Scalar) -> Bool
) -> Bool {
  switch type {
  case .scalar(let scalar): return insideUnion && leaf(scalar)
  case .array(_, let element), .complex(let element), .qualified(_, let element):
    return holdsInUnion(element, insideUnion: insideUnion, where: leaf)
  case .structure(let record):
    return record.fields?.contains { holdsInUnion($0.type, insideUnion: insideUnion, where: leaf) } ?? false
  case .union(let record):
    return record.fields?.contains { holdsInUnion($0.type, insideUnion: true, where: leaf) } ?? false
  default: return false
  }
}

/// NaN is unequal to itself unless a tolerance says otherwise.
private func containsNaN(_ description: String) -> Bool { description.contains("nan") }

private func hex(_ bytes: [UInt8]) -> String {
  bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

private func debug(_ text: String) -> String { String(reflecting: text) }
