/// What libclang alone takes for an import's translation unit, for the benchmarks' baseline: the same text,
/// arguments, options and resource directory as `TypeCatalog.importHeaders(_:arguments:types:)`, parsed
/// and disposed of, with nothing read from it. Not public API: `@_spi(Benchmarks) import CValueHeaders`.
@_spi(Benchmarks)
public enum HeaderParseBaseline {
  /// Parses the headers as an import does and returns clang's target triple.
  public static func parse(_ headers: [String], arguments: [String] = []) throws(HeaderImportError) -> String {
    let unit = try TranslationUnit.parse(HeaderSource(headers), arguments: arguments, clang: LibClang.shared())
    return unit.triple
  }
}
