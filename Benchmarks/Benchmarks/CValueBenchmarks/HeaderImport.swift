import Benchmark
@_spi(Benchmarks) import CValueHeaders
import CValueKit
import Foundation

// MARK: - 6. Headers: import against libclang's parse alone, and loading the catalog file

/// The headers of issue 14's speed target, zlib.h when it is installed: one translation unit, every record.
let importedHeaders: [String] = {
  var headers = [
    "sys/socket.h", "netinet/in.h", "netinet/ip.h", "netinet/tcp.h", "signal.h", "sys/stat.h", "time.h",
  ]
  if FileManager.default.fileExists(atPath: "/usr/include/zlib.h") { headers.append("zlib.h") }
  return headers
}()

func headerBenchmarks() throws {
  // The same translation unit both ways: the import parses exactly what the baseline parses, then reads
  // every record and typedef, checks each layout against clang's and registers them.
  let imported = try TypeCatalog(includingBuiltins: false).importHeaders(importedHeaders)
  let file = CatalogFile(imported)
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-benchmark-\(getpid()).json")
  try file.write(to: url)
  let loaded = TypeCatalog(includingBuiltins: false)
  try loaded.loadCatalogFile(at: url)
  precondition(
    imported.records.allSatisfy { (try? loaded.layout(of: $0.encoding).size) == $0.size },
    "the catalog file does not give the imported layouts")
  print(
    "headers: \(importedHeaders.joined(separator: " ")): \(imported.records.count) records, "
      + "\(imported.typedefs.count) typedefs, catalog file \(file.encoded().utf8.count) bytes")

  let config = Benchmark.Configuration(scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 200)
  Benchmark("headers/libclang parse", configuration: config) { benchmark in
    blackHole(try HeaderParseBaseline.parse(importedHeaders))
  }
  Benchmark("headers/import", configuration: config) { benchmark in
    blackHole(try TypeCatalog(includingBuiltins: false).importHeaders(importedHeaders))
  }
  Benchmark("headers/load catalog file", configuration: config) { benchmark in
    blackHole(try TypeCatalog(includingBuiltins: false).loadCatalogFile(at: url))
  }
  // The two halves of a load, for information: reading the JSON, and registering what it holds.
  Benchmark("headers/read catalog file", configuration: config) { benchmark in
    blackHole(try CatalogFile.read(from: url))
  }
  Benchmark("headers/register catalog file", configuration: config) { benchmark in
    try TypeCatalog(includingBuiltins: false).load(file)
  }
}
