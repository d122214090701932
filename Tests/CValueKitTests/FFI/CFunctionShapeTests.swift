import CFFIFixtures
import CValueKit
import TestSupport
import Testing

/// Every fixture shape compared and described by C functions, registered by address (linked into the
/// tests) and by symbol name (from the fixture library built with clang and opened with dlopen), by value
/// (libffi) and by pointer (direct call).
@Suite struct CFunctionShapeTests {
  /// Where the functions come from.
  enum Source: String, CaseIterable, Sendable {
    case address
    case symbol
  }

  static func function(_ name: String, from source: Source) throws -> CFunction {
    switch source {
    case .address: return LinkedFixtures.function(name)
    case .symbol: return try CFunction.lookup(name, in: FixtureLibrary.path())
    }
  }

  @Test(arguments: FixtureShape.all, Source.allCases)
  func comparatorByValueAndByPointer(shape: FixtureShape, source: Source) throws {
    let layout = try TypeCatalog.shared.layout(of: shape.encoding)
    var random = RandomValues()
    let a = random.value(layout)
    let (b, changedPath) = random.changingOneField(of: a, layout)
    let e = shape.encoding
    let cases: [(name: String, signature: String, result: CComparerConvention)] = [
      ("\(shape.tag)_equal", "B\(e)\(e)", .nonZeroMeansEqual),
      ("\(shape.tag)_compare", "ir^\(e)r^\(e)", .zeroMeansEqual),
      ("\(shape.tag)_compare", "i^{\(shape.tag)}^v", .zeroMeansEqual),
    ]
    for (name, signature, result) in cases {
      let registry = ValueRegistry()
      try registry.register(e, comparer: Self.function(name, from: source), signature: signature, convention: result)
      let value = try registry.resolve(e)
      let same = try value.compare(bytes: a, a)
      #expect(same.isEqual, "\(name) \(signature): \(same.report)")
      #expect(same.strategy == .cFunction(name: name, type: try TypeEncoding(e)))
      let different = try value.compare(bytes: a, b)
      #expect(!different.isEqual, "\(name) \(signature) missed a change at \(changedPath)")
      #expect(different.summary.hasPrefix("\(shape.tag) values differ (C function \(name)): "))
      // The structural comparison, with no C function, agrees.
      #expect(try ValueRegistry().resolve(e).compare(bytes: a, b).mismatches.map(\.path) == [changedPath])
    }
  }

  @Test(arguments: FixtureShape.all, Source.allCases)
  func describersTextParsesBackToTheValue(shape: FixtureShape, source: Source) throws {
    let layout = try TypeCatalog.shared.layout(of: shape.encoding)
    var random = RandomValues()
    let value = random.value(layout)
    let e = shape.encoding
    let cases: [(name: String, signature: String, style: CDescriberConvention)] = [
      ("\(shape.tag)_describe", "r*\(e)", .returnsStaticString),
      ("\(shape.tag)_describe_alloc", "*r^\(e)", .returnsStringCallerFrees),
      ("\(shape.tag)_print", "i*Qr^\(e)", .writesIntoBuffer),
    ]
    var texts: Set<String> = []
    for (name, signature, style) in cases {
      let registry = ValueRegistry()
      try registry.register(e, describer: Self.function(name, from: source), signature: signature, convention: style)
      let type = try registry.resolve(e)
      let text = try type.describe(bytes: value)
      texts.insert(text)
      #expect(try type.parse(text) == value, "\(name) wrote \(text)")
    }
    #expect(texts.count == 1, "the three describers disagree: \(texts)")
  }

  @Test func cFunctionsReallyRan() throws {
    let before = cv_fixture_calls()
    let registry = ValueRegistry()
    try registry.register(
      "{s_dd=dd}", comparer: LinkedFixtures.function("s_dd_equal"), signature: "B{s_dd=dd}{s_dd=dd}",
      convention: .nonZeroMeansEqual)
    let result = try registry.resolve("{s_dd=dd}").compare(s_dd(a: 1, b: 2), s_dd(a: 1, b: 2))
    #expect(result.isEqual)
    #expect(cv_fixture_calls() == before + 1)
  }

  @Test func aLibrarysFunctionIsItsOwnNotTheLinkedOne() throws {
    // A copy of its own, so that no other test calls into it meanwhile.
    let path = try FixtureLibrary.buildCopy(named: "libcvfixtures-own.so")
    let library = try CFunction.lookup("s_dd_equal", in: path)
    #expect(library.address != LinkedFixtures.function("s_dd_equal").address)
    let calls = try CFunction.lookup("cv_fixture_calls", in: path)
    let count = unsafeBitCast(calls.address, to: (@convention(c) () -> Int).self)
    let before = count()
    let registry = ValueRegistry()
    try registry.register(
      "{s_dd=dd}", comparer: library, signature: "B{s_dd=dd}{s_dd=dd}", convention: .nonZeroMeansEqual)
    #expect(try !registry.resolve("{s_dd=dd}").compare(s_dd(a: 1, b: 2), s_dd(a: 1, b: 3)).isEqual)
    #expect(count() == before + 1)
  }
}
