import CFFIFixtures
import CValueKit
import Foundation
import TestSupport

/// The fixture shapes of Tests/CFFIFixtures with the encodings clang's `@encode` gives them
/// (`clang -x objective-c -fobjc-runtime=macosx`, x86_64 Linux).
struct FixtureShape: Sendable, CustomStringConvertible {
  var tag: String
  var encoding: String

  var description: String { tag }

  static let all: [FixtureShape] = [
    FixtureShape(tag: "s_ucdi", encoding: "{s_ucdi=CdI}"),
    FixtureShape(tag: "s_dd", encoding: "{s_dd=dd}"),
    FixtureShape(tag: "s_i", encoding: "{s_i=i}"),
    FixtureShape(tag: "s_cc", encoding: "{s_cc=cc}"),
    FixtureShape(tag: "s_fd", encoding: "{s_fd=fd}"),
    FixtureShape(tag: "s_ffd", encoding: "{s_ffd=ffd}"),
    FixtureShape(tag: "s_f4", encoding: "{s_f4=ffff}"),
    FixtureShape(tag: "s_fi", encoding: "{s_fi=fi}"),
    FixtureShape(tag: "s_ifc", encoding: "{s_ifc=ifc}"),
    FixtureShape(tag: "s_ulf", encoding: "{s_ulf=Qf}"),
    FixtureShape(tag: "s_u17", encoding: "{s_u17=[17I]}"),
    FixtureShape(tag: "s_i8", encoding: "{s_i8=[8i]}"),
    FixtureShape(tag: "s_uc32", encoding: "{s_uc32=[32C]}"),
    FixtureShape(tag: "s_csc", encoding: "{s_csc=csc}"),
    FixtureShape(tag: "s_cic", encoding: "{s_cic=cic}"),
    FixtureShape(tag: "s_cqc", encoding: "{s_cqc=cqc}"),
    FixtureShape(tag: "s_cfc", encoding: "{s_cfc=cfc}"),
    FixtureShape(tag: "s_cdc", encoding: "{s_cdc=cdc}"),
    FixtureShape(tag: "s_cDc", encoding: "{s_cDc=cDc}"),
    FixtureShape(tag: "s_cpc", encoding: "{s_cpc=c^vc}"),
    FixtureShape(tag: "s_nested", encoding: "{s_nested=c{s_fd=fd}{s_ifc=ifc}c}"),
    FixtureShape(tag: "s_deep", encoding: "{s_deep={s_fi=fi}{s_nested=c{s_fd=fd}{s_ifc=ifc}c}[3f]}"),
  ]
}

/// Random values of a laid-out type: every leaf random (floats finite), padding zero, so that a C
/// describer's text parses back to the same bytes.
struct RandomValues {
  var generator: SystemRandomNumberGenerator = SystemRandomNumberGenerator()

  mutating func value(_ layout: CLayout) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: layout.size)
    for field in layout.fields { write(field, into: &bytes) }
    return bytes
  }

  /// A copy of `bytes` with one leaf changed to a different value.
  mutating func changingOneField(of bytes: [UInt8], _ layout: CLayout) -> (bytes: [UInt8], path: FieldPath) {
    let fields = Array(layout.fields)
    let field = fields[Int.random(in: 0..<fields.count, using: &generator)]
    var changed = bytes
    switch field.type.unqualified {
    case .scalar(.float):
      store(
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: field.offset, as: Float.self) } + 1.5, field, &changed)
    case .scalar(.double):
      store(
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: field.offset, as: Double.self) } + 1.5, field, &changed
      )
    case .scalar(.longDouble):
      #if arch(x86_64)
        let value = bytes.withUnsafeBytes { raw in
          withUnsafeTemporaryAllocation(of: Float80.self, capacity: 1) { slot in
            UnsafeMutableRawBufferPointer(slot).copyMemory(
              from: UnsafeRawBufferPointer(rebasing: raw[field.offset..<field.offset + 10]))
            return slot[0]
          }
        }
        store(value + 1.5, field, &changed)
      #endif
    default:
      changed[field.offset] ^= 1
    }
    return (changed, field.path)
  }

  private mutating func write(_ field: CLayout.Field, into bytes: inout [UInt8]) {
    switch field.type.unqualified {
    case .scalar(.float): store(Float(Double.random(in: -1e6...1e6, using: &generator)), field, &bytes)
    case .scalar(.double): store(Double.random(in: -1e12...1e12, using: &generator), field, &bytes)
    case .scalar(.longDouble):
      #if arch(x86_64)
        store(Float80(Double.random(in: -1e12...1e12, using: &generator)) / 3, field, &bytes)
      #endif
    default:
      for index in field.offset..<field.offset + field.size { bytes[index] = .random(in: 0...255, using: &generator) }
    }
  }

  private func store<Value>(_ value: Value, _ field: CLayout.Field, _ bytes: inout [UInt8]) {
    withUnsafeBytes(of: value) { raw in
      let count = min(raw.count, field.size, field.type.unqualified == .scalar(.longDouble) ? 10 : raw.count)
      for index in 0..<count { bytes[field.offset + index] = raw[index] }
    }
  }
}

/// The fixture functions by name, at their addresses in this test process.
enum LinkedFixtures {
  static let addresses: [String: UInt] = {
    var table: [String: UInt] = [:]
    for index in 0..<cv_fixture_function_count() {
      guard let entry = cv_fixture_function_at(index)?.pointee else { continue }
      table[String(cString: entry.name)] = UInt(bitPattern: entry.address)
    }
    return table
  }()

  /// The linked function `name`; a name the fixtures do not have gives an address no test can call.
  static func function(_ name: String) -> CFunction {
    guard let address = addresses[name].flatMap({ UnsafeRawPointer(bitPattern: $0) }) else {
      preconditionFailure("the C fixtures have no function \(name)")
    }
    return CFunction(address: address, name: name)
  }
}
