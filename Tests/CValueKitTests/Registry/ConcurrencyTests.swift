import CValueKit
import Testing

/// Registering and resolving from many tasks at once loses nothing and never sees a torn state.
@Suite struct ConcurrencyTests {
  @Test func concurrentRegistrationsAndLookupsLoseNothing() async throws {
    let registry = ValueRegistry(catalog: TypeCatalog())
    let writers = 8
    let perWriter = 50
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<writers {
        group.addTask {
          for index in 0..<perWriter {
            // Each type is a distinct struct; its comparator says equal only to values of `index`.
            let encoding = "{W\(writer)_\(index)=i}"
            try registry.register(encoding, as: Int32.self, comparer: { $0 == $1 && $0 == Int32(index) })
          }
        }
        group.addTask {
          for index in 0..<perWriter {
            let type = try registry.resolve("{W\(writer)_\(index)=i}")
            // Before the registration lands the comparison is structural, after it registered; never anything else.
            switch type.strategy {
            case .structural, .registered: break
            default: Issue.record("unexpected strategy \(type.strategy)")
            }
            _ = type.isEqual(Int32(index), Int32(index))
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(registry.registeredTypes.count == writers * perWriter)
    for writer in 0..<writers {
      for index in 0..<perWriter {
        let type = try registry.resolve("{W\(writer)_\(index)=i}")
        #expect(type.strategy == .registered(try TypeEncoding("{W\(writer)_\(index)=i}")))
        #expect(type.isEqual(Int32(index), Int32(index)))
        #expect(!type.isEqual(Int32(index + 1), Int32(index + 1)))
      }
    }
  }

  @Test func oneHandleComparesFromManyTasks() async throws {
    let rect = try ValueRegistry.shared.resolve("{S=\"a\"i\"b\"d}")
    struct S {
      var a: Int32
      var b: Double
    }
    let results = await withTaskGroup(of: Bool.self, returning: [Bool].self) { group in
      for index in 0..<64 {
        group.addTask { rect.isEqual(S(a: Int32(index), b: 1), S(a: Int32(index), b: index % 2 == 0 ? 1 : 2)) }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.filter { $0 }.count == 32)
  }
}
