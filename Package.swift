// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "CValueKit",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "CValueKit", targets: ["CValueKit"]),
    .executable(name: "cvalue", targets: ["cvalue"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2")
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
    .target(
      name: "CValueKit",
      dependencies: ["CValueShim", "CFFI"]
    ),
    .executableTarget(
      name: "cvalue",
      dependencies: [
        "CValueKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
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
    .testTarget(
      name: "CValueKitTests",
      dependencies: ["CValueKit", "CValueShim", "CFFI", "TestSupport", "CShimChecks", "CFFIFixtures"]
    ),
    .testTarget(
      name: "CValueCLITests",
      dependencies: ["cvalue", "CValueKit", "TestSupport"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
