import Benchmark
import BenchmarkCTypes
import CValueCHeader
import CValueKit

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - 7. The C library (cvalue.h) against the Swift handle it calls

/// One `cv_compare` through `cvalue.h` against the Swift handle's `compare` and `isEqual`, and `memcmp`, on
/// equal `bench_rect` pairs: what a C test pays for the C API over the Swift call (target ≤ 1.3×).
func cLibraryBenchmarks() throws {
  let (actual, expected) = makeRects()
  let handle = try ValueRegistry().resolve(Encodings.rect)
  let size = MemoryLayout<bench_rect>.size

  var catalog: OpaquePointer?
  var registry: OpaquePointer?
  var type: OpaquePointer?
  guard cv_catalog_new(&catalog, nil) == CV_OK, cv_registry_new(catalog, &registry, nil) == CV_OK,
    cv_type_resolve(registry, Encodings.rect, size, &type, nil) == CV_OK
  else { fatalError("c-library: cannot resolve \(Encodings.rect) through cvalue.h") }
  // The handle keeps its registry and catalog alive.
  cv_registry_free(registry)
  cv_catalog_free(catalog)

  Benchmark("c-library/cv_compare") { _ in
    forEachPairOfAddresses(actual, expected) { a, b in
      var result = cv_comparison()
      result.size = MemoryLayout<cv_comparison>.size
      _ = cv_compare(type, a, b, 1, nil, &result, nil)
      return result.is_equal != 0
    }
  }
  Benchmark("c-library/handle compare") { _ in
    forEachPairOfAddresses(actual, expected) { a, b in
      (try? handle.compare(
        bytes: UnsafeRawBufferPointer(start: a, count: size), UnsafeRawBufferPointer(start: b, count: size)))?
        .isEqual ?? false
    }
  }
  Benchmark("c-library/handle isEqual(pointers:)") { _ in
    forEachPairOfAddresses(actual, expected) { handle.isEqual(pointers: $0, $1) }
  }
  Benchmark("c-library/memcmp") { _ in
    forEachPairOfAddresses(actual, expected) { memcmp($0, $1, size) == 0 }
  }
}
