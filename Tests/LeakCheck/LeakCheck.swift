import CFFIFixtures
import CValueKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creates and drops registries, resolved handles and libffi registrations ROUNDS times, under
/// LeakSanitizer (`swift build --sanitize=address`, run with `ASAN_OPTIONS=detect_leaks=1`).
///
/// `Scripts/leak-check.sh` runs it for few and for many rounds: what they own must all be freed, so the bytes
/// LeakSanitizer reports must not grow with the rounds (the few it reports either way are tables built once
/// per process). `--leak-on-purpose` leaks 64 bytes a round, to show that the check catches a leak.
@main
struct LeakCheck {
  static func main() throws {
    let arguments = CommandLine.arguments.dropFirst()
    let rounds = arguments.compactMap { Int($0) }.first ?? 200
    let leakOnPurpose = arguments.contains("--leak-on-purpose")
    for round in 0..<rounds {
      try exercise(round)
      if leakOnPurpose { UnsafeMutablePointer<UInt8>.allocate(capacity: 64).initialize(repeating: 1, count: 64) }
    }
    print("\(rounds) rounds of registries, handles and C function registrations created and dropped")
    // LeakSanitizer reports and exits before a pipe's buffered output would be written.
    fflush(nil)
  }

  static func exercise(_ round: Int) throws {
    let catalog = TypeCatalog()
    try catalog.register(record: TypeEncoding("{Pair=\"a\"d\"b\"i}"))
    let registry = ValueRegistry(catalog: catalog)
    try registry.register("{Temp=d}", as: Double.self, comparer: { abs($0 - $1) < 0.5 }, describer: { "\($0) K" })
    try registry.register(
      "{s_nested=c{s_fd=fd}{s_ifc=ifc}c}", comparer: function("s_nested_equal"),
      signature: "B{s_nested=c{s_fd=fd}{s_ifc=ifc}c}{s_nested=c{s_fd=fd}{s_ifc=ifc}c}", convention: .nonZeroMeansEqual)
    try registry.register(
      "(u_if=if)", comparer: function("u_if_equal"), signature: "B(u_if=if)(u_if=if)", convention: .nonZeroMeansEqual)
    try registry.register(
      "{s_dd=dd}", describer: function("s_dd_describe_alloc"), signature: "*^{s_dd=dd}",
      convention: .returnsStringCallerFrees)
    try registry.register(
      "{s_dd=dd}", describer: function("s_dd_print"), signature: "i*Q^{s_dd=dd}", convention: .writesIntoBuffer)
    try registry.register("*", comparer: CFunction.lookup("strcmp"), signature: "ir*r*", convention: .zeroMeansEqual)

    let nested = s_nested(a: 1, b: s_fd(a: 2, b: Double(round)), c: s_ifc(a: 3, b: 4, c: 5), d: 6)
    guard try registry.resolve("{s_nested}").compare(nested, nested).isEqual,
      try !registry.resolve("(u_if=if)").compare(u_if(i: 1), u_if(i: 2)).isEqual,
      try registry.resolve("{s_dd=dd}").describe(s_dd(a: 1, b: 2)) == "{0x1p+0, 0x1p+1}",
      try registry.resolve("{Temp=d}").compare(21.0, 21.2).isEqual,
      try !registry.resolve("{Pair}").compare(Pair(1.5, 2), Pair(1.5, 3)).isEqual
    else { fatalError("a comparison gave the wrong answer in round \(round)") }
    // Options passed again keep the handle's plan with them (and a handle's steps and fields keep their
    // comparers): all freed with the options and the handle, a changed copy included.
    let pair = try registry.resolve("{Pair}")
    var options = ComparisonOptions(ignoredPaths: [".a"])
    options.fieldComparers[".b"] = FieldComparer(Int32.self) { $0 == $1 }
    for _ in 0..<3 {
      guard try pair.compare(Pair(1.5, 2), Pair(2.5, 2), options: options).isEqual else {
        fatalError("options kept a wrong plan in round \(round)")
      }
    }
    options.ignoredPaths = []
    guard try !pair.compare(Pair(1.5, 2), Pair(2.5, 2), options: options).isEqual else {
      fatalError("changed options found the old plan in round \(round)")
    }
    _ = try registry.resolve("rect").describe(bytes: [UInt8](repeating: 0, count: 32))
    _ = try registry.resolve("{Pair}").parse("{.a = 1, .b = 2}")
  }

  /// A plain-data stand-in for `{Pair=di}`.
  struct Pair {
    var a: Double
    var b: Int32
    init(_ a: Double, _ b: Int32) {
      self.a = a
      self.b = b
    }
  }

  static func function(_ name: String) -> CFunction {
    for index in 0..<cv_fixture_function_count() {
      if let entry = cv_fixture_function_at(index)?.pointee, String(cString: entry.name) == name,
        let address = entry.address
      {
        return CFunction(address: UnsafeRawPointer(address), name: name)
      }
    }
    fatalError("the C fixtures have no function \(name)")
  }
}
