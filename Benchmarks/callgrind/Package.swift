// swift-tools-version: 6.1
import PackageDescription

// The engine's rows counted in instructions (`measure.sh`): a program that calls one comparison N times, built
// in release against this checkout of CValueKit.
let package = Package(
  name: "EngineCalls",
  dependencies: [.package(name: "CValueKit", path: "../..")],
  targets: [.executableTarget(name: "EngineCalls", dependencies: [.product(name: "CValueKit", package: "CValueKit")])]
)
