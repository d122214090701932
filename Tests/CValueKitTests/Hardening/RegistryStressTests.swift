import CFFIFixtures
import Dispatch
import Synchronization
import Testing

@testable import CValueKit

/// Eight threads mixing registrations (Swift closures and C functions), resolutions, comparisons,
/// descriptions and parses on one registry; then every registration must be present and every answer must
/// have been right. Each thread also resolves a type no one resolved before on every iteration, so the
/// handle caches fill and start afresh (twice) while the others read them, and keeps one handle from
/// before the first reset to use at the end. Run under ThreadSanitizer by `.ci/run`.
@Suite struct RegistryStressTests {
  static let threads = 8
  static let iterations = 1000
  /// Every this many iterations a thread registers a new type.
  static let registerEvery = 5

  /// The type thread `thread` registers at step `index`: two ints, of which its comparator reads only the
  /// first, so a registered comparison and a structural one give different answers.
  static func typeName(_ thread: Int, _ index: Int) -> String { "T\(thread)_\(index)" }

  /// `type.isEqual(pointers:)` of two byte arrays.
  static func isEqual(_ type: ValueType, _ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.withUnsafeBytes { x in
      b.withUnsafeBytes { y in
        guard let x = x.baseAddress, let y = y.baseAddress else { return false }
        return type.isEqual(pointers: x, y)
      }
    }
  }

  @Test func eightThreadsOneRegistry() throws {
    let registry = ValueRegistry()
    let wrong = Mutex<[String]>([])
    let operations = Atomic<Int>(0)
    @Sendable func fail(_ text: String) { wrong.withLock { if $0.count < 20 { $0.append(text) } } }

    let keptHandles = Mutex<[ValueType]>([])
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      var registered: [String] = []
      var count = 0
      var kept: ValueType?
      for iteration in 0..<Self.iterations {
        do {
          if iteration % Self.registerEvery == 0 {
            let name = Self.typeName(thread, registered.count)
            let encoding = "{\(name)=ii}"
            if registered.count % 4 == 3 {
              // Every fourth through a C function, compared by pointer: s_i_compare reads the first int.
              try registry.register(
                encoding, comparer: LinkedFixtures.function("s_i_compare"), signature: "i^{\(name)}^{\(name)}",
                convention: .zeroMeansEqual)
            } else {
              try registry.register(
                encoding, comparer: { $0.load(as: Int32.self) == $1.load(as: Int32.self) },
                describer: { "\(name)#\($0.load(as: Int32.self))" })
            }
            registered.append(name)
            count += 1
          }
          // A type registered earlier by this thread: the registered comparator decides.
          let index = iteration % registered.count
          let name = registered[index]
          let value = try registry.resolve("{\(name)}")
          let a: [Int32] = [Int32(iteration), 1]
          let b: [Int32] = [Int32(iteration), 2]
          let result = try a.withUnsafeBytes { x in try b.withUnsafeBytes { y in try value.compare(bytes: x, y) } }
          if !result.isEqual { fail("\(name): registered comparator not used (\(result.strategy))") }
          if index % 4 != 3 {
            let text = try a.withUnsafeBytes { try value.describe(bytes: $0) }
            if text != "\(name)#\(iteration)" { fail("\(name): described as \(text)") }
          }
          // The answer without a report, by the encoding's text (the recent texts, then the cache) and
          // by the handle (a C comparator is called directly).
          let pairs = ((Int32(iteration), Int32(1)), (Int32(iteration), Int32(2)))
          if try !registry.resolve("{\(name)}").isEqual(pairs.0, pairs.1) {
            fail("\(name): isEqual(as:) said different")
          }
          if !a.withUnsafeBytes({ x in b.withUnsafeBytes { value.isEqual(pointers: x.baseAddress!, $0.baseAddress!) } })
          {
            fail("\(name): isEqual(pointers:) said different")
          }
          // A type never resolved before: 8,000 of them in all fill the caches, which start afresh.
          let fresh = try registry.resolve("[\(thread * Self.iterations + iteration + 1)c]")
          let zeros = [UInt8](repeating: 0, count: fresh.layout!.size)
          var last = zeros
          last[last.count - 1] = 1
          if !Self.isEqual(fresh, zeros, zeros) || Self.isEqual(fresh, zeros, last) {
            fail("\(fresh.type): wrong answer")
          }
          if kept == nil { kept = fresh }
          // Built-in and structural comparisons stay right while others register.
          let rect = try registry.resolve("rect").compare(
            bytes:
              registry.resolve("rect").parse("{{0, 0}, {10, 20}}"),
            registry.resolve("rect").parse("{{0, 0}, {10, 20.5}}"))
          if rect.isEqual || rect.mismatches.map(\.path) != [".size.height"] { fail("rect: \(rect.summary)") }
          let pair = try registry.resolve("{P=ii}").compare(
            bytes: [UInt8](repeating: 1, count: 8), [UInt8](repeating: 1, count: 8))
          if !pair.isEqual || pair.strategy != .structural { fail("{P=ii}: \(pair.summary)") }
          count += 7
        } catch {
          fail("thread \(thread) iteration \(iteration): \(error)")
        }
      }
      operations.add(count, ordering: .relaxed)
      if let kept { keptHandles.withLock { $0.append(kept) } }
    }

    #expect(wrong.withLock { $0 } == [])
    let perThread = (Self.iterations + Self.registerEvery - 1) / Self.registerEvery
    #expect(operations.load(ordering: .relaxed) == Self.threads * (perThread + 7 * Self.iterations))
    // The caches stayed bounded, and handles from before they started afresh still compare.
    #expect(registry.cachedHandleCount <= 2 * ValueRegistry.handleCacheLimit)
    let kept = keptHandles.withLock { $0 }
    #expect(kept.count == Self.threads)
    for handle in kept {
      let zeros = [UInt8](repeating: 0, count: handle.layout!.size)
      #expect(Self.isEqual(handle, zeros, zeros))
      #expect(try !handle.compare(bytes: zeros, [UInt8](repeating: 7, count: zeros.count)).isEqual)
    }
    let names = Set(registry.registeredTypes.compactMap { $0.record?.name })
    for thread in 0..<Self.threads {
      for index in 0..<perThread {
        let name = Self.typeName(thread, index)
        #expect(names.contains(name), "\(name) was lost")
        let strategy = try registry.resolve("{\(name)}").strategy
        let expected: Comparison.Strategy =
          index % 4 == 3
          ? .cFunction(name: "s_i_compare", type: try TypeEncoding("{\(name)=ii}"))
          : .registered(try TypeEncoding("{\(name)=ii}"))
        #expect(strategy == expected)
      }
    }
    #expect(names.count == Self.threads * perThread)
  }
}
