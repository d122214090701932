import CFFIFixtures
import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueKit

/// Unions by value (libffi has none: each becomes a struct its calling convention classifies alike),
/// long double by value, and `struct tm` by pointer.
@Suite struct CFunctionValueKindTests {
  static func registry(_ encoding: String, _ function: String, _ signature: String) throws -> ValueRegistry {
    let registry = ValueRegistry()
    try registry.register(
      encoding, comparer: LinkedFixtures.function(function), signature: signature, convention: .nonZeroMeansEqual)
    return registry
  }

  @Test func unionsByValue() throws {
    // Values that differ only where the union's classification matters: an int in an INTEGER eightbyte,
    // doubles and floats in SSE ones, a 12-byte char array over two INTEGER eightbytes.
    let ifRegistry = try Self.registry("(u_if=if)", "u_if_equal", "B(u_if=if)(u_if=if)")
    #expect(try ifRegistry.resolve("(u_if=if)").compare(u_if(i: 5), u_if(i: 5)).isEqual)
    #expect(try !ifRegistry.resolve("(u_if=if)").compare(u_if(i: 5), u_if(i: 6)).isEqual)

    let fdRegistry = try Self.registry("(u_fd=[2f]d)", "u_fd_equal", "B(u_fd=[2f]d)(u_fd=[2f]d)")
    #expect(try fdRegistry.resolve("(u_fd=[2f]d)").compare(u_fd(d: 2.5), u_fd(d: 2.5)).isEqual)
    #expect(try !fdRegistry.resolve("(u_fd=[2f]d)").compare(u_fd(d: 2.5), u_fd(d: -2.5)).isEqual)

    let ffRegistry = try Self.registry("(u_ff=f[2f])", "u_ff_equal", "B(u_ff=f[2f])(u_ff=f[2f])")
    #expect(try ffRegistry.resolve("(u_ff=f[2f])").compare(u_ff(g: (1, 2)), u_ff(g: (1, 2))).isEqual)
    #expect(try !ffRegistry.resolve("(u_ff=f[2f])").compare(u_ff(g: (1, 2)), u_ff(g: (1, 3))).isEqual)

    let cdRegistry = try Self.registry("(u_c12d=[12c]d)", "u_c12d_equal", "B(u_c12d=[12c]d)(u_c12d=[12c]d)")
    var a = u_c12d()
    var b = u_c12d()
    withUnsafeMutableBytes(of: &a.c) { for index in $0.indices { $0[index] = UInt8(index + 1) } }
    withUnsafeMutableBytes(of: &b.c) { for index in $0.indices { $0[index] = UInt8(index + 1) } }
    #expect(try cdRegistry.resolve("(u_c12d=[12c]d)").compare(a, b).isEqual)
    b.c.11 = 99
    #expect(try !cdRegistry.resolve("(u_c12d=[12c]d)").compare(a, b).isEqual)

    let fuRegistry = try Self.registry("{s_fu=f(u_if=if)}", "s_fu_equal", "B{s_fu=f(u_if=if)}{s_fu=f(u_if=if)}")
    let fu = s_fu(a: 1.5, b: u_if(i: 7))
    #expect(try fuRegistry.resolve("{s_fu=f(u_if=if)}").compare(fu, fu).isEqual)
    #expect(try !fuRegistry.resolve("{s_fu=f(u_if=if)}").compare(fu, s_fu(a: 1.5, b: u_if(i: 8))).isEqual)
  }

  /// The stand-in structs, per calling convention.
  @Test(arguments: [
    ("(u_if=if)", [UnionPassing.Element.integer(size: 4)], [UnionPassing.Element.integer(size: 4)]),
    // Float and double members: not homogeneous, so AArch64 passes it in an integer register.
    ("(u_fd=[2f]d)", [.double], [.integer(size: 8)]),
    ("(u_ff=f[2f])", [.float, .float], [.float, .float]),
    ("(u_c12d=[12c]d)", [.integer(size: 8), .integer(size: 8)], [.integer(size: 8), .integer(size: 8)]),
    (
      "(U=[3f]i)", [.integer(size: 4), .integer(size: 4), .float],
      [.integer(size: 4), .integer(size: 4), .integer(size: 4)]
    ),
    ("(U=sc)", [.integer(size: 2)], [.integer(size: 2)]),
    (
      "(U=[5d])", Array(repeating: UnionPassing.Element.integer(size: 8), count: 5),
      Array(repeating: .integer(size: 8), count: 5)
    ),
    // Aligned to 4: two SSE eightbytes of floats (a double would change the alignment).
    ("(U=[4f]{P=ff})", [.float, .float, .float, .float], [.float, .float, .float, .float]),
  ])
  func unionStandIns(encoding: String, systemV: [UnionPassing.Element], aapcs64: [UnionPassing.Element]) throws {
    let layout = try TypeCatalog.shared.layout(of: encoding)
    let type = try TypeEncoding(encoding)
    #expect(try UnionPassing(convention: .systemVx86_64, valueType: type).plan(for: layout.root, path: []) == systemV)
    #expect(try UnionPassing(convention: .aapcs64, valueType: type).plan(for: layout.root, path: []) == aapcs64)
  }

  #if arch(x86_64)
    @Test func longDoubleByValue() throws {
      let registry = try Self.registry("D", "ld_equal", "BDD")
      let third: Float80 = 1 / 3
      #expect(try registry.resolve("D").compare(third, third).isEqual)
      #expect(try !registry.resolve("D").compare(third, third.nextUp).isEqual)
      #expect(
        try registry.resolve("D").compare(third, third).strategy
          == .cFunction(name: "ld_equal", type: try TypeEncoding("D")))
    }
  #endif

  @Test func structTmByPointer() throws {
    let encoding = "{tm=iiiiiiiiiq*}"
    let registry = ValueRegistry()
    try registry.register(
      encoding, comparer: LinkedFixtures.function("tm_compare"), signature: "i^{tm}^{tm}", convention: .zeroMeansEqual)
    var a = tm()
    a.tm_year = 126
    a.tm_yday = 325
    a.tm_hour = 20
    var b = a
    // tm_compare looks at the year, day and time only: a different weekday is still the same moment.
    b.tm_wday = 3
    let same = try registry.resolve(encoding).compare(a, b)
    #expect(same.isEqual)
    #expect(same.strategy == .cFunction(name: "tm_compare", type: try TypeEncoding(encoding)))
    b.tm_min = 1
    #expect(try !registry.resolve(encoding).compare(a, b).isEqual)
  }

  @Test func aCFunctionDecidesForAFieldInsideALargerValue() throws {
    let registry = try Self.registry("{s_fi=fi}", "s_fi_equal", "B{s_fi=fi}{s_fi=fi}")
    let outer = "{Pair={s_fi=fi}{s_fi=fi}}"
    let a = try registry.resolve(outer).parse("{{1, 2}, {3, 4}}")
    let b = try registry.resolve(outer).parse("{{1, 2}, {3, 5}}")
    let result = try registry.resolve(outer).compare(bytes: a, b)
    #expect(result.strategy == .structural)
    #expect(result.mismatches.map(\.path) == [".1"])
  }

  @Test func concurrentComparisonsThroughOneFunction() async throws {
    let registry = ValueRegistry()
    try registry.register(
      "{s_nested=c{s_fd=fd}{s_ifc=ifc}c}", comparer: LinkedFixtures.function("s_nested_equal"),
      signature: "B{s_nested=c{s_fd=fd}{s_ifc=ifc}c}{s_nested=c{s_fd=fd}{s_ifc=ifc}c}", convention: .nonZeroMeansEqual)
    let value = try registry.resolve("{s_nested}")
    let wrong = try await withThrowingTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var wrong = 0
          for index in 0..<2000 {
            let a = s_nested(a: 1, b: s_fd(a: Float(index), b: Double(task)), c: s_ifc(a: 3, b: 4, c: 5), d: 6)
            var b = a
            if index % 2 == 1 { b.c.b += 1 }
            if try value.compare(a, b).isEqual != (index % 2 == 0) { wrong += 1 }
          }
          return wrong
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(wrong == 0)
  }
}
