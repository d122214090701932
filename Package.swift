// swift-tools-version: 6.1
import PackageDescription

/// The library targets import a module publicly only where their public declarations use its types
/// (`public import`); every other import is internal, so that clients never see CFFI, CValueShim,
/// Synchronization or Foundation through CValueKit. Swift 7 makes this the default.
let internalImports: [SwiftSetting] = [.enableUpcomingFeature("InternalImportsByDefault")]

let package = Package(
  name: "CValueKit",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "CValueKit", targets: ["CValueKit"]),
    .library(name: "CValueFixtures", targets: ["CValueFixtures"]),
    .library(name: "CValueTesting", targets: ["CValueTesting"]),
    .library(name: "CValueSnapshots", targets: ["CValueSnapshots"]),
    .library(name: "CValueNimble", targets: ["CValueNimble"]),
    .library(name: "CValueHeaders", targets: ["CValueHeaders"]),
    .library(name: "CValueDebugInfo", targets: ["CValueDebugInfo"]),
    .library(name: "CValueTargetLog", targets: ["CValueTargetLog"]),
    .library(name: "CValueCxxStandardLibrary", targets: ["CValueCxxStandardLibrary"]),
    .executable(name: "cvalue", targets: ["cvalue"]),
    // cvalue.h for C and C++ test suites; Scripts/install-c.sh installs it with pkg-config metadata.
    .library(name: "CValueC", type: .dynamic, targets: ["CValueC"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/Quick/Nimble", from: "14.0.0"),
  ],
  targets: [
    .target(
      name: "CValueShim",
      path: "CShims/CValueShim"
    ),
    .systemLibrary(
      name: "CFFI",
      path: "CShims/CFFI",
      pkgConfig: "libffi",
      providers: [.apt(["libffi-dev"]), .brew(["libffi"])]
    ),
    // libclang's C API, declared here and loaded with dlopen: nothing links libclang.
    .target(
      name: "CClang",
      path: "CShims/CClang",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
    ),
    // elfutils' libdw and libdwfl, declared here and loaded with dlopen: nothing links libdw.
    .target(
      name: "CDwarf",
      path: "CShims/CDwarf",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
    ),
    // zlib and zstd, declared and loaded with dlopen by a C function each: nothing links them.
    .target(
      name: "CDecompress",
      path: "CShims/CDecompress",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
    ),
    .target(
      name: "CValueKit",
      dependencies: ["CValueShim", "CFFI"],
      swiftSettings: internalImports
    ),
    // Fixture files read with Foundation's decoders: a target of its own, so that CValueKit needs none of them
    // (it imports FoundationEssentials internally for the JSONEncoder of its reports).
    .target(
      name: "CValueFixtures",
      dependencies: ["CValueKit"],
      swiftSettings: internalImports
    ),
    // C headers read through libclang into a catalog: Foundation for finding and running the toolchain.
    .target(
      name: "CValueHeaders",
      dependencies: ["CValueKit", "CClang"],
      swiftSettings: internalImports
    ),
    // Snapshot files of C values: Foundation for the files, so a target of its own beside CValueKit.
    .target(
      name: "CValueSnapshots",
      dependencies: ["CValueKit"],
      swiftSettings: internalImports
    ),
    // The C++ standard library's containers compared by what they hold: rules on CValueKit's layouts and
    // names, fed by any source of types (debug info today) through closures, so it knows no source.
    .target(
      name: "CValueCxxStandardLibrary",
      dependencies: ["CValueKit"],
      swiftSettings: internalImports
    ),
    // Types read from DWARF debug info (ELF) through libdw into the records every source fills (CValueKit's
    // Import/), as header import does: the two sources know nothing of each other. It feeds the C++
    // standard library's containers the running program's types.
    .target(
      name: "CValueDebugInfo",
      dependencies: ["CValueKit", "CValueCxxStandardLibrary", "CDwarf"],
      swiftSettings: internalImports
    ),
    // A target's log (cvalue_target.h's records) decoded on the host with its firmware's ELF: a door beside the
    // others, reading the ELF through the debug-info reader's public API and writing through CValueKit's reports.
    .target(
      name: "CValueTargetLog",
      dependencies: ["CValueKit", "CValueDebugInfo"],
      swiftSettings: internalImports
    ),
    // DWARF 2–5 read here, in Swift, over the section bytes each container (ELF, Mach-O with its debug map,
    // dSYM, universal) hands over: no libdw, no Foundation, so that it builds on macOS too.
    .target(
      name: "CValueDWARF",
      dependencies: ["CValueKit", "CDecompress"],
      swiftSettings: internalImports
    ),
    .target(
      name: "CValueTesting",
      dependencies: ["CValueKit", "CValueSnapshots"],
      swiftSettings: internalImports
    ),
    .target(
      name: "CValueNimble",
      dependencies: ["CValueKit", "CValueTesting", .product(name: "Nimble", package: "Nimble")],
      swiftSettings: internalImports
    ),
    // The hand-written C header (and the status names, in C); CValueC implements the rest in Swift.
    .target(
      name: "CValueCHeader",
      path: "CShims/CValueC",
      // glue: the test frameworks' headers; target: the firmware's header and C file, built by firmware only.
      exclude: ["glue", "target"]
    ),
    // cvalue.h implemented with @c @implementation, calling only CValueKit's and CValueHeaders' public API.
    .target(
      name: "CValueC",
      dependencies: [
        "CValueKit", "CValueHeaders", "CValueCHeader", "CValueSnapshots", "CValueDebugInfo", "CValueCxxStandardLibrary",
      ],
      swiftSettings: internalImports
    ),
    .executableTarget(
      name: "cvalue",
      dependencies: [
        "CValueKit",
        "CValueHeaders",
        // cvalue_version.h: `cvalue --version` is the C library's version.
        "CValueCHeader",
        "CValueSnapshots",
        "CValueDebugInfo",
        "CValueTargetLog",
        "CValueCxxStandardLibrary",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The raw walk of CValueDWARF timed on a file (Benchmarks/dwarf/walk.sh).
    .executableTarget(
      name: "dwarf-walk",
      dependencies: ["CValueDWARF"],
      path: "Benchmarks/dwarf/DWARFWalk"
    ),
    .target(
      name: "TestSupport",
      dependencies: ["CValueKit"],
      path: "Tests/Support"
    ),
    .target(
      name: "CShimChecks",
      dependencies: ["CValueShim"],
      path: "Tests/CShimChecks"
    ),
    .target(
      name: "CFFIFixtures",
      path: "Tests/CFFIFixtures"
    ),
    .target(
      name: "CTestTypes",
      path: "Tests/CTestTypes"
    ),
    .target(
      name: "CSystemHeaders",
      path: "Tests/CSystemHeaders"
    ),
    .testTarget(
      name: "CValueKitTests",
      dependencies: [
        "CValueKit", "CValueFixtures", "CValueHeaders", "CValueShim", "CFFI", "TestSupport", "CShimChecks",
        "CFFIFixtures", "CTestTypes", "CSystemHeaders",
      ]
    ),
    .testTarget(
      name: "CValueTestingTests",
      dependencies: [
        "CValueTesting", "CValueKit", "CValueFixtures", "CValueHeaders", "CValueDebugInfo", "CTestTypes",
        "CSystemHeaders",
        "TestSupport", "CValueSnapshots",
      ],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "CValueHeadersTests",
      dependencies: ["CValueHeaders", "CValueKit", "CTestTypes", "TestSupport"]
    ),
    .testTarget(
      name: "CValueDebugInfoTests",
      dependencies: ["CValueDebugInfo", "CValueCxxStandardLibrary", "CValueHeaders", "CValueKit", "TestSupport"],
      // C compiled during the test run, read by path.
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "CValueTargetLogTests",
      dependencies: ["CValueTargetLog", "CValueKit", "TestSupport"],
      // C built into firmware during the test run, read by path.
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "CValueDWARFTests",
      dependencies: ["CValueDWARF", "CValueKit", "TestSupport"],
      // C compiled during the test run, read by path.
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "CValueCxxStandardLibraryTests",
      dependencies: ["CValueCxxStandardLibrary", "CValueKit"]
    ),
    .testTarget(
      name: "CValueNimbleTests",
      dependencies: [
        "CValueNimble", "CValueKit", "CValueHeaders", "CTestTypes", "CSystemHeaders",
        .product(name: "Nimble", package: "Nimble"),
      ]
    ),
    .executableTarget(
      name: "LeakCheck",
      dependencies: ["CValueKit", "CFFIFixtures"],
      path: "Tests/LeakCheck"
    ),
    .testTarget(
      name: "CValueCLITests",
      dependencies: ["cvalue", "CValueKit", "TestSupport"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
