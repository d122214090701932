// swift-tools-version: 6.1
// The benchmarks of CValueKit against what users would pick instead: `swift package benchmark` here, or
// `Benchmarks/compare.sh` from the repository root for the ratios. A package of its own so that the
// library's users never resolve the benchmark's dependencies.
import PackageDescription

let package = Package(
  name: "CValueKitBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "CValueKit", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/Quick/Nimble", exact: "14.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", exact: "1.7.3"),
  ],
  targets: [
    // The C side of the benchmarks: the structs as a C header declares them, C comparators, and the raw
    // libffi call the library's by-value path is measured against.
    .target(
      name: "BenchmarkCTypes",
      path: "Sources/BenchmarkCTypes",
      linkerSettings: [.linkedLibrary("ffi")]
    ),
    .executableTarget(
      name: "CValueBenchmarks",
      dependencies: [
        "BenchmarkCTypes",
        .product(name: "CValueKit", package: "CValueKit"),
        .product(name: "CValueHeaders", package: "CValueKit"),
        .product(name: "CValueC", package: "CValueKit"),
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "Nimble", package: "Nimble"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      path: "Benchmarks/CValueBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
