// swift-tools-version: 6.1
// A package with a C++ target whose structs a Swift test compares with C++ interoperability, their types
// read from the test binary's own debug info, as a user's package would (`.ci/run` runs its tests). A package
// of its own because C++ interoperability is a setting of the importing target: CValueKit is built without it.
import PackageDescription

let package = Package(
  name: "CxxInterop",
  dependencies: [.package(name: "CValueKit", path: "../..")],
  targets: [
    // clang leaves libstdc++'s std::string out of the debug info without -fstandalone-debug.
    .target(name: "Geometry", cxxSettings: [.unsafeFlags(["-fstandalone-debug"])]),
    .testTarget(
      name: "CxxInteropTests",
      dependencies: [
        "Geometry",
        .product(name: "CValueTesting", package: "CValueKit"),
        .product(name: "CValueDebugInfo", package: "CValueKit"),
      ],
      swiftSettings: [.interoperabilityMode(.Cxx)]
    ),
  ],
  cxxLanguageStandard: .cxx17
)
