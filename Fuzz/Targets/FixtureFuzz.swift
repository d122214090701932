// libFuzzer target: fixture files, each input read as JSON and as a property list.
//
// Every case that loads has a type that resolves and values of that type's size: each is described, and
// the description must parse back to the same bytes, as a fixture written from `describe` output would.
import CValueFixtures
import CValueKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The target's own registry, replaced every 1024 inputs. Its handle caches are bounded anyway (4,096
/// handles each); a new registry now and then also drops the old one (and all it holds) under the fuzzer,
/// and limits the state a finding can depend on to the inputs since the last replacement.
nonisolated(unsafe) private var registry = ValueRegistry()
nonisolated(unsafe) private var registryUses = 0

/// libFuzzer's entry point: one input, `size` bytes at `data`; returns 0 (the input is never rejected).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  registryUses += 1
  if registryUses == 1024 {
    registry = ValueRegistry()
    registryUses = 0
  }
  let data = Data(UnsafeBufferPointer(start: data, count: size))
  for format in [FixtureFormat.json, .propertyList] {
    let fixtures: [ValueFixture]
    do { fixtures = try ValueFixture.load(data, format: format, file: "fuzz", registry: registry) } catch {
      _ = error.description
      continue
    }
    for fixture in fixtures { check(fixture) }
  }
  return 0
}

private func check(_ fixture: ValueFixture) {
  let handle: ValueType
  do { handle = try registry.resolve(fixture.type) } catch { fatalError("a parsed type always resolves: \(error)") }
  guard let size = handle.size else { fatalError("\(fixture.name): \(fixture.type) loaded without a layout") }
  for (role, bytes) in fixture.values {
    guard bytes.count == size else {
      fatalError("\(fixture.name): \(role) has \(bytes.count) bytes, but \(fixture.type) is \(size)")
    }
    guard size <= 1 << 16 else { continue }
    let description: String
    do { description = try handle.describe(bytes: bytes, options: DescriptionOptions(maximumElements: nil)) } catch {
      fatalError("\(fixture.name): \(role) does not describe: \(error)")
    }
    guard let again = try? handle.parse(description), again == bytes else {
      fatalError("\(fixture.name): \(role) describes as \(String(reflecting: description)), which does not parse back")
    }
  }
  if let actual = fixture.actual, let expected = fixture.expected {
    _ = try? handle.compare(bytes: actual, expected, options: fixture.options)
  }
}
