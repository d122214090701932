import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A few hundred bad invocations of all four subcommands, generated from a fixed seed: every one must exit
/// with status 2 (never a signal, never 0 or 1), print nothing on stdout, and put on stderr a first line that
/// is complete on its own and names the problem. Context lines after it (the input with a caret, or
/// ArgumentParser's `Help:` and `Usage:`) are allowed; the first line must not need them.
@Suite("cvalue: generated bad invocations")
struct GeneratedBadInvocationTests {
  @Test("every generated bad invocation exits 2 with a first line that names the problem")
  func generated() async throws {
    let invocations = BadInvocations.generate(seed: 0x00C0_FFEE_BAD1_4B07)
    #expect(invocations.count >= 300)
    let results = try await BadInvocations.run(invocations, width: 8)
    #expect(results.count == invocations.count)
    for (invocation, run) in zip(invocations, results) {
      #expect(!run.crashed, "killed by signal \(run.status): \(invocation)\n\(run.stderr)")
      #expect(run.crashed || run.status == 2, "exit status \(run.status): \(invocation)\n\(run.stderr)")
      #expect(run.stdout.isEmpty, "stdout not empty: \(invocation)\n\(run.stdout)")
      let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
      let first = lines.first.map(String.init) ?? ""
      #expect(lines.count >= 2 && run.stderr.hasSuffix("\n"), "stderr is not whole lines: \(invocation)")
      #expect(!first.isEmpty && first.first?.isWhitespace == false, "first line is blank: \(invocation)")
      #expect(first.contains(invocation.fragment), "first line does not name the problem: \(invocation)\n\(first)")
    }
  }

  @Test("the generator covers every subcommand and category, and is the same for the same seed")
  func coverage() {
    let invocations = BadInvocations.generate(seed: 0x00C0_FFEE_BAD1_4B07)
    let subcommands = Set(invocations.compactMap { $0.arguments.first.map { String(decoding: $0, as: UTF8.self) } })
    #expect(subcommands.isSuperset(of: ["layout", "describe", "compare", "encode"]))
    let categories = Set(invocations.map(\.category))
    #expect(categories == Set(BadInvocations.Category.allCases))
    for category in BadInvocations.Category.allCases {
      #expect(invocations.filter { $0.category == category }.count >= 8, "few cases of \(category)")
    }
    #expect(invocations.contains { $0.arguments.contains { String(validating: $0, as: UTF8.self) == nil } })
    #expect(BadInvocations.generate(seed: 0x00C0_FFEE_BAD1_4B07) == invocations)
    #expect(BadInvocations.generate(seed: 1) != invocations)
  }
}

/// One bad invocation: its arguments as raw bytes (so that they can be invalid UTF-8) and a fragment that the
/// first line of stderr must contain.
struct BadInvocation: Equatable, Sendable, CustomStringConvertible {
  var category: BadInvocations.Category
  var arguments: [[UInt8]]
  var fragment: String

  var description: String {
    let words = arguments.map { String(decoding: $0, as: UTF8.self).debugDescription }
    return "[\(category)] cvalue \(words.joined(separator: " ")) (expecting \(fragment.debugDescription))"
  }
}

/// The seeded generator of bad invocations, and a runner that starts them a few at a time.
enum BadInvocations {
  enum Category: String, CaseIterable, Sendable {
    case badEncoding, unknownName, deepNesting, hugeCount, layoutProblem, wrongByteCount, oddHex, nonHex
    case hugeOptionNumber, emptyArgument, nonUTF8, badFieldPath, unknownOption, missingArgument, badABI
    case comparatorOptions, badLiteral, badOverride
  }

  /// SplitMix64: a small generator whose sequence is fixed by its seed, on every platform.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Types with their size on every supported ABI.
  static let sizedTypes: [(type: String, size: Int)] = [
    ("int32", 4), ("i", 4), ("double", 8), ("point", 16), ("rect", 32), ("{S=cdi}", 24), ("(U=if)", 4),
    ("[3s]", 6), ("c", 1), ("uint64", 8),
  ]

  /// Malformed encodings with the problem each one's first line names.
  static let malformedEncodings: [(String, String)] = [
    ("{CGPoint=dd", "unterminated struct at offset 11"), ("(U=if", "unterminated union at offset 5"),
    ("[4i", "unterminated array at offset 3"), ("[4", "expected a type at offset 2"),
    ("[i]", "missing array count at offset 1"), ("[4ii]", "expected ']' at offset 3"),
    ("^", "expected a type at offset 1"), ("b", "missing bitfield width at offset 1"),
    ("}", "unbalanced '}' at offset 0"), ("{S=i)}", "unbalanced ')' at offset 4"),
    ("dd", "unexpected characters after a complete type at offset 1"), ("x", "unknown type code 'x' at offset 0"),
    ("{=i}", "empty struct or union name at offset 1"), ("{S=\"x", "unterminated quoted name at offset 3"),
    ("![16f]", "malformed vector"), ("![16,16f", "unterminated vector at offset 8"),
    ("{S=i\n}", "unknown type code '\\u{a}' at offset 4"), ("{S=é}", "unknown type code 'é' at offset 3"),
  ]

  /// Valid encodings whose every proper prefix is malformed.
  static let truncatable = [
    "{CGRect={CGPoint=dd}{CGSize=dd}}", "{B001=b0S13b13Q43b56i4d{?=Cb8Q16}b192Q52b244i3b247Q7}",
    "(R037=^?C(?=[5S](?=Q){?={?=qD[2^?]^?c}Cq^s}^(R037)[5[2[2i]]])^?cq)", "{S=\"o\"@\"NSView\"\"n\"i}", "![16,16f]",
  ]

  static let zeros4 = "00000000"
  static let zeros8 = "0000000000000000"
  static let zeros16 = String(repeating: "0", count: 32)

  /// Every bad invocation the seed gives, in a fixed order.
  static func generate(seed: UInt64) -> [BadInvocation] {
    var builder = Builder(random: SeededGenerator(state: seed))
    builder.encodings()
    builder.byteCounts()
    builder.hex()
    builder.optionNumbers()
    builder.emptyArguments()
    builder.nonUTF8()
    builder.fieldPaths()
    builder.optionsAndArguments()
    builder.literalsAndOverrides()
    return builder.invocations
  }

  struct Builder {
    var random: SeededGenerator
    var invocations: [BadInvocation] = []

    mutating func add(_ category: Category, _ arguments: [String], _ fragment: String) {
      invocations.append(
        BadInvocation(category: category, arguments: arguments.map { Array($0.utf8) }, fragment: fragment))
    }

    mutating func addBytes(_ category: Category, _ arguments: [[UInt8]], _ fragment: String) {
      invocations.append(BadInvocation(category: category, arguments: arguments, fragment: fragment))
    }

    /// The arguments that run `type` through one of the four subcommands with otherwise good input.
    mutating func withType(_ type: String, subcommand: Int? = nil) -> [String] {
      switch subcommand ?? Int.random(in: 0..<4, using: &random) {
      case 0: return ["layout", type]
      case 1: return ["describe", type, zeros4]
      case 2: return ["compare", type, zeros4, zeros4]
      default: return ["encode", type, "0"]
      }
    }

    /// One of `items`, chosen by the seeded generator.
    mutating func pick<Element>(_ items: [Element]) -> Element {
      items[Int.random(in: 0..<items.count, using: &random)]
    }

    mutating func letters(_ count: ClosedRange<Int>) -> String {
      let alphabet = Array("abcdefghijklmnopqrstuvwxyz_")
      return String((0..<Int.random(in: count, using: &random)).map { _ in pick(alphabet) })
    }

    mutating func digits(_ count: ClosedRange<Int>) -> String {
      let length = Int.random(in: count, using: &random)
      return String(Int.random(in: 1...9, using: &random))
        + String((1..<length).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
    }

    mutating func hex(bytes: Int) -> String {
      (0..<bytes).map { _ in String(format: "%02x", Int.random(in: 0...255, using: &random)) }.joined(
        separator: Bool.random(using: &random) ? "" : " ")
    }

    // MARK: Encodings

    mutating func encodings() {
      for (text, problem) in BadInvocations.malformedEncodings {
        add(.badEncoding, withType(text), problem)
      }
      for _ in 0..<40 {
        let valid = pick(BadInvocations.truncatable)
        let prefix = String(
          decoding: Array(valid.utf8)[..<Int.random(in: 0..<valid.utf8.count, using: &random)], as: UTF8.self)
        add(.badEncoding, withType(prefix), "in \"\(prefix)\"")
      }
      for _ in 0..<20 {
        let name = "zq" + letters(1...10)
        add(.unknownName, withType(name), "unknown type name \"\(name)\"")
      }
      let limit = 256
      for _ in 0..<12 {
        let depth = Int.random(in: limit...(limit + 60), using: &random)
        let shapes = [
          String(repeating: "^", count: depth) + "i",
          String(repeating: "[1", count: depth) + "i" + String(repeating: "]", count: depth),
          String(repeating: "{S=", count: depth) + "i" + String(repeating: "}", count: depth),
        ]
        add(.deepNesting, withType(pick(shapes)), "types nested deeper than 256 levels")
      }
      for _ in 0..<24 {
        let number = digits(14...30)
        let shapes = ["[\(number)i]", "{S=b\(number)}", "{S=[\(number){P=dd}]}", "![\(number),16f]", "[2[\(number)c]]"]
        add(.hugeCount, withType(pick(shapes)), "number larger than 1099511627776")
      }
      let layoutProblems = [
        ("{X}", "layout unknown for struct X"), ("v", "void has no size"),
        ("b3", "a bitfield can only be a member of a struct or union"), ("{S=b5}", "bitfield b5 has no offset"),
        ("[1099511627776d]", "type larger than 1099511627776 bytes"),
        ("{S=b0c9}", "bitfield of width 9 does not fit its declared type c"),
        ("?", "'?' (an unknown type, such as a function) has no size"),
        ("j{S=ii}", "_Complex needs an integer or floating-point component"),
      ]
      for (text, problem) in layoutProblems {
        add(.layoutProblem, ["layout", text], "cannot lay out \(text): \(problem)")
        add(.layoutProblem, ["encode", text, "0"], "cannot lay out \(text): \(problem)")
      }
    }

    // MARK: Bytes

    mutating func byteCounts() {
      func bytes(_ count: Int) -> String { count == 1 ? "1 byte" : "\(count) bytes" }
      for _ in 0..<30 {
        let (type, size) = pick(BadInvocations.sizedTypes)
        var count = Int.random(in: 0...40, using: &random)
        if count == size { count += 1 }
        let wrong = hex(bytes: count)
        let good = hex(bytes: size)
        let canonical = ValueTypeName.encoding(type)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: add(.wrongByteCount, ["describe", type, wrong], "the value has \(bytes(count)), but \(canonical) is")
        case 1:
          add(
            .wrongByteCount, ["compare", type, wrong, good], "the actual value has \(bytes(count)), but \(canonical) is"
          )
        case 2:
          add(
            .wrongByteCount, ["compare", type, good, wrong],
            "the expected value has \(bytes(count)), but \(canonical) is")
        default:
          let values = Int.random(in: 2...5, using: &random)
          if count == values * size { count += 1 }
          add(
            .wrongByteCount, ["describe", type, hex(bytes: count), "--count", "\(values)"],
            "the \(values) values have \(bytes(count)), but \(values) × \(canonical) is")
        }
      }
    }

    mutating func hex() {
      for _ in 0..<20 {
        let digits = 2 * Int.random(in: 0...8, using: &random) + 1
        let text = String((0..<digits).map { _ in pick(Array("0123456789abcdefABCDEF")) })
        let slot = Int.random(in: 0..<3, using: &random)
        let arguments =
          slot == 0
          ? ["describe", "int32", text]
          : slot == 1 ? ["compare", "int32", text, zeros4] : ["compare", "int32", zeros4, text]
        add(.oddHex, arguments, "odd number of hex digits (\(digits))")
      }
      for _ in 0..<20 {
        var bytes = Array(hex(bytes: 4).replacingOccurrences(of: " ", with: ""))
        let bad = pick(Array("gGzZ+.,;!?é#"))
        let position = Int.random(in: 0...bytes.count, using: &random)
        bytes.insert(bad, at: position)
        let text = String(bytes)
        let offset = String(bytes[..<position]).utf8.count
        if Bool.random(using: &random) {
          add(.nonHex, ["describe", "int32", text], "invalid hex digit '\(bad)' at offset \(offset) in <bytes>")
        } else {
          add(
            .nonHex, ["compare", "int32", zeros4, text], "invalid hex digit '\(bad)' at offset \(offset) in <expected>")
        }
      }
      add(.nonHex, ["describe", "int32", "0x"], "'0x' without hex digits at offset 0 in <bytes>")
      add(.nonHex, ["compare", "int32", "0x 00", zeros4], "'0x' without hex digits at offset 0 in <actual>")
    }

    // MARK: Options

    mutating func optionNumbers() {
      let badIntegers = ["1e99", "99999999999999999999", "18446744073709551616", "1.5", "0x10", "four", "1_000"]
      for _ in 0..<10 {
        let number = Bool.random(using: &random) ? pick(badIntegers) : digits(20...40)
        add(
          .hugeOptionNumber, ["describe", "int32", zeros4, "--count=\(number)"], "'\(number)' is invalid for '--count")
      }
      for _ in 0..<8 {
        let number = Bool.random(using: &random) ? "18446744073709551616" : digits(21...40)
        add(
          .hugeOptionNumber, ["compare", "double", zeros8, zeros8, "--ulps", number],
          "'\(number)' is invalid for '--ulps")
      }
      for _ in 0..<12 {
        let exponent = Int.random(in: 309...9999, using: &random)
        let option = Bool.random(using: &random) ? "absolute" : "relative"
        let sign = Bool.random(using: &random) ? "" : "-"
        add(
          .hugeOptionNumber, ["compare", "point", zeros16, zeros16, "--\(option)", "\(sign)1e\(exponent)"],
          "\(option) tolerance \(sign)inf is not a finite number ≥ 0")
      }
      add(.hugeOptionNumber, ["compare", "double", zeros8, zeros8, "--absolute", "1e400"], "absolute tolerance inf")
      add(.hugeOptionNumber, ["compare", "double", zeros8, zeros8, "--relative", "nan"], "relative tolerance nan")
      add(.hugeOptionNumber, ["compare", "double", zeros8, zeros8, "--absolute=-1"], "absolute tolerance -1 is")
      add(
        .hugeOptionNumber, ["compare", "point", zeros16, zeros16, "--field-tolerance", ".x=1e400"],
        "absolute tolerance inf is not a finite number ≥ 0 (for .x)")
      add(.hugeOptionNumber, ["describe", "int32", zeros4, "--count", "0"], "--count must be 1 or more, not 0")
      add(.hugeOptionNumber, ["describe", "int32", zeros4, "--count=-7"], "--count must be 1 or more, not -7")
      add(
        .hugeOptionNumber, ["describe", "[0i]", "", "--count", "9223372036854775807", "--all-elements"],
        "invalid count of values: 9223372036854775807")
      add(
        .hugeOptionNumber, ["describe", "int32", zeros4, "--count", "9223372036854775807"],
        "but 9223372036854775807 × i is too many bytes")
    }

    mutating func emptyArguments() {
      for subcommand in 0..<4 {
        add(.emptyArgument, withType("", subcommand: subcommand), "empty type encoding at offset 0 in \"\"")
        add(.emptyArgument, withType("int32", subcommand: subcommand) + ["--abi", ""], "unknown ABI \"\"")
      }
      add(.emptyArgument, ["describe", "int32", ""], "the value has 0 bytes, but i is 4 bytes")
      add(.emptyArgument, ["compare", "int32", "", zeros4], "the actual value has 0 bytes")
      add(.emptyArgument, ["compare", "int32", zeros4, ""], "the expected value has 0 bytes")
      add(.emptyArgument, ["encode", "int32", ""], "empty value literal")
      add(.emptyArgument, ["describe", "int32", zeros4, "--count", ""], "'' is invalid for '--count")
      add(.emptyArgument, ["compare", "point", zeros16, zeros16, "--field-tolerance", ""], "\"\" is not .path=x")
      add(.emptyArgument, ["layout", "{S=ii}", "--size", "8", "--alignment", "4", "--offsets", ""], "--offsets: \"\"")
      add(.emptyArgument, ["describe", "int32", "--file", ""], "cannot read --file \"\"")
      add(
        .emptyArgument, ["compare", "int32", zeros4, zeros4, "--comparer", "f", "--signature", ""],
        "bad signature: empty type encoding")
      add(
        .emptyArgument,
        ["compare", "int32", zeros4, zeros4, "--comparer", "f", "--signature", "B^i^i", "--equal-when", ""],
        "--equal-when must be 'zero' or 'nonzero', not ''")
    }

    mutating func nonUTF8() {
      let garbage: [[UInt8]] = [
        [0xFF], [0xC3], [0x80], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80], [0xFE, 0xFF], [0xE2, 0x82],
      ]
      for _ in 0..<36 {
        let bad = pick(garbage)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
          let arguments = withType("")
          addBytes(
            .nonUTF8, [Array(arguments[0].utf8), bad] + arguments.dropFirst(2).map { Array($0.utf8) },
            "unknown type code '\u{FFFD}' at offset 0")
        case 1:
          addBytes(
            .nonUTF8, [Array("describe".utf8), Array("int32".utf8), Array("00".utf8) + bad],
            "invalid hex digit '\u{FFFD}' at offset 2 in <bytes>")
        case 2:
          addBytes(
            .nonUTF8, [Array("layout".utf8), Array("i".utf8), Array("--abi".utf8), bad], "unknown ABI \"\u{FFFD}")
        case 3:
          addBytes(
            .nonUTF8, [Array("encode".utf8), Array("int32".utf8), bad], "unexpected character '\u{FFFD}' at offset 0")
        case 4:
          addBytes(
            .nonUTF8, [Array("describe".utf8), Array("int32".utf8), Array(zeros4.utf8), Array("--".utf8) + bad],
            "Unknown option '--\u{FFFD}")
        default:
          addBytes(
            .nonUTF8,
            [
              Array("compare".utf8), Array("point".utf8), Array(zeros16.utf8), Array(zeros16.utf8),
              Array("--field-tolerance".utf8),
              Array(".".utf8) + bad + Array("=1".utf8),
            ],
            "{CGPoint=dd} has no field .\u{FFFD}")
        }
      }
    }

    mutating func fieldPaths() {
      let malformed = [".a..b", "..", "[x]", "[1", ".1a", ".", "a b", "[]", ".x[", "x.[0]", ".x-y"]
      for path in malformed {
        add(
          .badFieldPath, ["compare", "point", zeros16, zeros16, "--field-tolerance", "\(path)=0.5"],
          "--field-tolerance: malformed field path \"\(path)\" at offset")
      }
      for _ in 0..<10 {
        let path =
          "." + letters(1...8).replacingOccurrences(of: "x", with: "q").replacingOccurrences(of: "y", with: "q")
        add(
          .badFieldPath, ["compare", "point", zeros16, zeros16, "--field-tolerance", "\(path)=1"],
          "{CGPoint=dd} has no field \(path)")
      }
      add(
        .badFieldPath, ["compare", "rect", zeros16 + zeros16, zeros16 + zeros16, "--field-tolerance", ".size.depth=1"],
        "has no field .size.depth")
      add(.badFieldPath, ["compare", "point", zeros16, zeros16, "--field-tolerance", "[2]=1"], "has no field [2]")
      add(.badFieldPath, ["compare", "point", zeros16, zeros16, "--field-tolerance", ".x"], "\".x\" is not .path=x")
      add(
        .badFieldPath, ["compare", "point", zeros16, zeros16, "--field-tolerance", ".x=abc"],
        "\"abc\" in \".x=abc\" is not a number")
      add(
        .badFieldPath,
        ["compare", "point", zeros16, zeros16, "--field-tolerance", ".x=1", "--field-tolerance", ".x=2"],
        "--field-tolerance: .x is given more than once")
    }

    // MARK: Options and arguments

    mutating func optionsAndArguments() {
      let subcommandBodies = [
        ["layout", "i"], ["describe", "int32", zeros4], ["compare", "int32", zeros4, zeros4],
      ]
      for _ in 0..<18 {
        let body = pick(subcommandBodies)
        let option = Bool.random(using: &random) ? "--zz" + letters(1...8) : "-Z"
        add(.unknownOption, body + [option], "Unknown option '\(option)'")
      }
      // Unknown options whose letters include h: ArgumentParser would read them as clusters holding -h and print
      // help with status 0; every command refuses them by name. import adds how to pass clang's own.
      let bodies = subcommandBodies + [["check-padding", "int32", zeros4], ["import", "x.h"]]
      for option in ["-fshort", "-fshort-enums", "-help", "-h" + letters(1...6), letters(1...4).lowercased() + "h"] {
        let option = option.hasPrefix("-") ? option : "-" + option
        add(.unknownOption, pick(bodies) + [option], "Unknown option '\(option)'")
      }
      add(
        .unknownOption, ["import", "x.h", "-m32"], "Unknown option '-m32'; pass clang's own arguments with --clang-arg")
      // encode reads every word that is not its own option as the literal, so an unknown option is a bad literal.
      add(.unknownOption, ["encode", "int32", "--frobnicate"], "expected a value, found 'frobnicate'")
      add(.unknownOption, ["layout", "i", "--json=3"], "The option '--json' does not take any value")
      add(.unknownOption, ["bogus"], "Unexpected argument 'bogus'")

      for subcommand in ["layout", "describe", "compare", "encode"] {
        add(.missingArgument, [subcommand], "Missing expected argument '<type>'")
        add(.missingArgument, [subcommand, "int32", "--abi"], "Missing value for '--abi <abi>'")
      }
      add(.missingArgument, ["compare", "int32"], "Missing expected argument '<actual>'")
      add(.missingArgument, ["compare", "int32", zeros4], "Missing expected argument '<expected>'")
      add(.missingArgument, ["describe", "int32"], "missing the value's bytes")
      add(.missingArgument, ["encode", "int32"], "missing the literal")
      add(
        .missingArgument, ["describe", "int32", zeros4, "--file", "/nonexistent/\(letters(3...8))"],
        "give the bytes either as hex or with --file")

      let abiNames = ["x86", "arm64", "x86_64-win64", "X86_64-LINUX", "host", "i686-linux", "riscv32-linux"]
      for _ in 0..<16 {
        let name = Bool.random(using: &random) ? pick(abiNames) : letters(1...12)
        add(.badABI, withType("int32") + ["--abi", name], "unknown ABI \"\(name)\"; choose one of")
      }

      let compare = ["compare", "int32", zeros4, zeros4]
      add(.comparatorOptions, compare + ["--comparer", "f"], "--comparer needs --signature")
      add(
        .comparatorOptions, compare + ["--comparer", "int_equal", "--library", "libgeom.so"],
        "--comparer needs --signature")
      add(.comparatorOptions, compare + ["--library", "libgeom.so"], "--library needs --comparer")
      add(.comparatorOptions, compare + ["--signature", "B^i^i"], "--signature needs --comparer")
      add(.comparatorOptions, compare + ["--equal-when", "zero"], "--equal-when needs --comparer")
      add(
        .comparatorOptions, compare + ["--comparer", "f", "--signature", "i^i^i"],
        "--equal-when zero|nonzero is needed: f returns an integer")
      add(
        .comparatorOptions, compare + ["--comparer", "f", "--signature", "B^i^i", "--equal-when", "maybe"],
        "--equal-when must be 'zero' or 'nonzero', not 'maybe'")
      add(
        .comparatorOptions, compare + ["--comparer", "f", "--signature", "B^i^"],
        "bad signature: expected a type at offset 4")
      add(
        .comparatorOptions, compare + ["--comparer", "f", "--signature", "x"], "bad signature: unknown type code 'x'")
      let symbol = "cv_no_such_symbol_" + letters(3...8)
      add(
        .comparatorOptions, compare + ["--comparer", symbol, "--signature", "B^i^i"],
        "no function \(symbol) in the running process")
      add(
        .comparatorOptions,
        compare + ["--comparer", "f", "--library", "/nonexistent/libgeom.so", "--signature", "B^i^i"],
        "cannot open library /nonexistent/libgeom.so")
      add(
        .comparatorOptions, ["compare", "double", zeros8, zeros8, "--bitwise", "--ulps", "1"],
        "--bitwise compares bit patterns only")
    }

    // MARK: Literals and overrides

    mutating func literalsAndOverrides() {
      let ranges: [(String, String, ClosedRange<Int>)] = [
        ("int8", "signed char", -128...127), ("uint8", "unsigned char", 0...255), ("int16", "short", -32768...32767),
        ("uint16", "unsigned short", 0...65535),
      ]
      for _ in 0..<16 {
        let (name, cName, range) = pick(ranges)
        let value =
          Bool.random(using: &random)
          ? range.upperBound + Int.random(in: 1...100_000, using: &random)
          : range.lowerBound - Int.random(in: 1...100_000, using: &random)
        add(.badLiteral, ["encode", name, "\(value)"], "\(value) does not fit in \(cName) at offset 0")
      }
      add(.badLiteral, ["encode", "point", "{.z = 1}"], "no member named 'z' in struct CGPoint")
      add(.badLiteral, ["encode", "point", "{1, 2, 3}"], "too many elements for struct CGPoint at offset 7")
      add(.badLiteral, ["encode", "[3i]", "{[5] = 1}"], "index 5 out of range 0..<3 at offset 2")
      add(.badLiteral, ["encode", "int32", "1.5"], "expected an integer for int, found the floating-point number 1.5")
      add(.badLiteral, ["encode", "point", "{.x = 1"], "unterminated '{'")
      add(.badLiteral, ["encode", "[2c]", "\"abc\""], "string of 3 characters is too long")
      add(.badLiteral, ["encode", "int32", "09"], "bad number '09'")
      add(.badLiteral, ["encode", "int32", "1 2"], "unexpected characters after a complete value at offset 2")

      let record = ["layout", "{S=ii}"]
      add(.badOverride, record + ["--size", "8"], "--size and --alignment go together")
      add(.badOverride, record + ["--size", "8", "--alignment", "3"], "alignment 3 is not a power of two")
      add(.badOverride, record + ["--size", "99999999999999999999", "--alignment", "4"], "is invalid for '--size")
      add(
        .badOverride, record + ["--size", "8", "--alignment", "4", "--offsets", "0"], "1 placements given for 2 members"
      )
      add(
        .badOverride, record + ["--size", "8", "--alignment", "4", "--offsets", "0,x"],
        "--offsets: \"x\" is not a byte offset")
      for _ in 0..<8 {
        let huge = digits(14...19)
        guard let value = Int(huge) else {
          add(
            .badOverride, record + ["--size", "8", "--alignment", "4", "--offsets", "0,\(huge)"],
            "--offsets: \"\(huge)\"")
          continue
        }
        add(
          .badOverride, record + ["--size", "8", "--alignment", "4", "--offsets", "\(value),0"],
          "offset \(value) of member 0 is out of range")
        add(
          .badOverride, ["layout", "{B=b0I3}", "--size", "4", "--alignment", "4", "--offsets", "b\(value)"],
          "bit offset \(value) of member 0 is out of range")
      }
      add(
        .badOverride, record + ["--size", "8", "--alignment", "4", "--offsets=-9223372036854775808,0"],
        "offset -9223372036854775808 of member 0 is out of range")
      add(
        .badOverride, record + ["--size", "1099511627780", "--alignment", "4"],
        "size 1099511627780 is outside 0...1099511627776")
    }
  }

  // MARK: Running

  /// Runs the invocations, at most `width` at a time, and returns their results in the same order.
  static func run(_ invocations: [BadInvocation], width: Int) async throws -> [CValueRun] {
    let binary = try CValue.binary.get().path
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-bad-invocations-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var environment = ProcessInfo.processInfo.environment
    environment["COLUMNS"] = "80"
    let settings = environment
    var results = [CValueRun?](repeating: nil, count: invocations.count)
    try await withThrowingTaskGroup(of: (Int, CValueRun).self) { group in
      var next = 0
      func startNext() {
        guard next < invocations.count else { return }
        let index = next
        next += 1
        group.addTask {
          (
            index,
            try await launch(
              binary, invocations[index].arguments, folder: folder.path, index: index, environment: settings)
          )
        }
      }
      for _ in 0..<width { startNext() }
      while let (index, run) = try await group.next() {
        results[index] = run
        startNext()
      }
    }
    // Every task either returned its run or threw out of the group, so every slot is filled.
    return results.compactMap { $0 }
  }

  private static func launch(
    _ binary: String, _ arguments: [[UInt8]], folder: String, index: Int, environment: [String: String]
  ) async throws -> CValueRun {
    let outPath = "\(folder)/\(index).out"
    let errPath = "\(folder)/\(index).err"
    let pid = try Subprocess.spawn(
      binary, byteArguments: arguments, environment: environment, stdout: outPath, stderr: errPath)
    let status = await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: Subprocess.waitForExit(pid)) }.start()
    }
    return CValueRun(
      arguments: arguments.map { String(decoding: $0, as: UTF8.self) },
      stdout: String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self),
      status: Subprocess.exitStatus(status), crashed: Subprocess.exitedBySignal(status))
  }
}

/// The encodings the readable names in ``BadInvocations/sizedTypes`` stand for, as messages print them.
enum ValueTypeName {
  static func encoding(_ name: String) -> String {
    switch name {
    case "int32": return "i"
    case "double": return "d"
    case "uint64": return "Q"
    case "point": return "{CGPoint=dd}"
    case "rect": return "{CGRect={CGPoint=dd}{CGSize=dd}}"
    default: return name
    }
  }
}
