import Testing

@testable import CValueKit

@Suite("Handle caches")
struct HandleCacheTests {
  @Test("a registry resolving ever new types keeps a bounded number of handles")
  func cachesAreBounded() throws {
    let registry = ValueRegistry()
    let first = try registry.resolve("[1i]")
    for count in 1...(ValueRegistry.handleCacheLimit + 1000) {
      _ = try registry.resolve("[\(count)i]")
    }
    // One cache by text, one by type: each starts afresh when full.
    #expect(registry.cachedHandleCount <= 2 * ValueRegistry.handleCacheLimit)
    #expect(registry.cachedHandleCount > 0)
    // A handle from before still works, and resolving again gives the same type.
    #expect(first.isEqual(Int32(7), Int32(7)))
    #expect(try registry.resolve("[1i]").type == first.type)
  }

  @Test("the same text resolves to the same cached handle")
  func sameTextSameHandle() throws {
    let registry = ValueRegistry()
    let encoding = "{CGRect={CGPoint=dd}{CGSize=dd}}"
    let a = try registry.resolve(encoding)
    for other in ["i", "d", "[4f]", "{S=cdi}", "q", "Q", "s", "S", "c"] { _ = try registry.resolve(other) }
    #expect(try registry.resolve(encoding) === a)
    #expect(try registry.resolve(String(encoding.map { $0 })) === a)  // equal text, another string
    #expect(try registry.resolve(encoding, abi: .arm64Darwin) !== a)
  }

  @Test("registering forgets cached handles, including those found by Swift type")
  func registeringInvalidates() throws {
    struct Pair { var a: Int32, b: Int32 }
    let registry = ValueRegistry()
    let derived = try registry.resolve(swiftType: Pair.self)
    #expect(try registry.resolve(swiftType: Pair.self) === derived)
    try registry.register("{Pair=\"x\"i\"y\"i}", swiftType: Pair.self)
    let registered = try registry.resolve(swiftType: Pair.self)
    #expect(registered !== derived)
    #expect(registered.type.description == "{Pair=\"x\"i\"y\"i}")
  }
}
