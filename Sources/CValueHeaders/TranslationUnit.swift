internal import CClang

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The headers to import as the text of one C file: a line `#include <…>` or `#include "…"` for each header,
/// or the text itself, and which lines came from which header, so that "file not found" names it.
struct HeaderSource {
  /// The name clang sees for the text; diagnostics in it are reported as `<import>`.
  static let fileName = "cvaluekit-import.c"

  let text: String
  /// The header as given, for each line of the text that includes one by name or path.
  let headerOnLine: [Int: String]

  /// - Parameter headers: Each one is C text if it starts with `#` or spans lines, else a path when that
  ///   file exists, else a name to find as `#include <name>` does.
  init(_ headers: [String]) {
    var lines: [String] = []
    var headerOnLine: [Int: String] = [:]
    for header in headers {
      if header.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#") || header.contains("\n") {
        lines.append(contentsOf: header.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        continue
      }
      headerOnLine[lines.count + 1] = header
      if FileManager.default.fileExists(atPath: header) {
        let absolute = URL(fileURLWithPath: header).standardizedFileURL.path
        lines.append("#include \"\(absolute)\"")
      } else {
        lines.append("#include <\(header)>")
      }
    }
    text = lines.joined(separator: "\n") + "\n"
    self.headerOnLine = headerOnLine
  }
}

/// A parsed translation unit, disposed of with its index when released.
final class TranslationUnit {
  let clang: LibClang
  let index: CXIndex
  let unit: CXTranslationUnit

  private init(clang: LibClang, index: CXIndex, unit: CXTranslationUnit) {
    self.clang = clang
    self.index = index
    self.unit = unit
  }

  /// Parses the source; throws when clang cannot (its errors, a missing header, or C++ given as C).
  static func parse(_ source: HeaderSource, arguments: [String], clang: LibClang) throws(HeaderImportError)
    -> TranslationUnit
  {
    guard let index = clang.api.createIndex(0, 0) else {
      throw .clangErrors([.init(file: "<import>", line: 1, column: 1, message: "libclang could not create an index")])
    }
    let unit: CXTranslationUnit
    do throws(HeaderImportError) {
      unit = try parse(source, language: "c", arguments: arguments, clang: clang, index: index)
    } catch {
      clang.api.disposeIndex(index)
      throw error
    }
    // From here the object owns both and disposes of them, on every path.
    let parsed = TranslationUnit(clang: clang, index: index, unit: unit)
    let errors = Self.errors(in: unit, clang: clang)
    guard let first = errors.first else { return parsed }
    for diagnostic in errors where diagnostic.file == "<import>" && diagnostic.message.hasSuffix("file not found") {
      if let header = source.headerOnLine[diagnostic.line] { throw .headerNotFound(header) }
    }
    if let cplusplus = try? parse(source, language: "c++", arguments: arguments, clang: clang, index: index) {
      let parsesAsCPlusPlus = Self.errors(in: cplusplus, clang: clang).isEmpty
      clang.api.disposeTranslationUnit(cplusplus)
      if parsesAsCPlusPlus { throw .cplusplus(first) }
    }
    throw .clangErrors(errors)
  }

  deinit {
    clang.api.disposeTranslationUnit(unit)
    clang.api.disposeIndex(index)
  }

  private static func parse(
    _ source: HeaderSource, language: String, arguments: [String], clang: LibClang, index: CXIndex
  ) throws(HeaderImportError) -> CXTranslationUnit {
    var all = ["-x", language]
    if let resources = clang.resourceDirectory { all += ["-resource-dir", resources] }
    all += arguments
    let options = UInt32(CVI_CXTranslationUnit_SkipFunctionBodies)
    var unit: CXTranslationUnit?
    let code = withCStrings(all) { argv in
      source.text.withCString { text in
        HeaderSource.fileName.withCString { name in
          var unsaved = CXUnsavedFile(Filename: name, Contents: text, Length: UInt(strlen(text)))
          return clang.api.parseTranslationUnit2(
            index, name, argv, Int32(all.count), &unsaved, 1, options, &unit)
        }
      }
    }
    guard code == 0, let unit else {
      throw .clangErrors([
        HeaderImportError.Diagnostic(
          file: "<import>", line: 1, column: 1,
          message: "libclang could not parse (error code \(code)) with arguments \(all.joined(separator: " "))")
      ])
    }
    return unit
  }

  /// clang's diagnostics of severity error or fatal, in order.
  static func errors(in unit: CXTranslationUnit, clang: LibClang) -> [HeaderImportError.Diagnostic] {
    var result: [HeaderImportError.Diagnostic] = []
    for position in 0..<clang.api.getNumDiagnostics(unit) {
      guard let diagnostic = clang.api.getDiagnostic(unit, position) else { continue }
      defer { clang.api.disposeDiagnostic(diagnostic) }
      let severity = clang.api.getDiagnosticSeverity(diagnostic)
      guard severity == Int32(CVI_CXDiagnostic_Error) || severity == Int32(CVI_CXDiagnostic_Fatal) else { continue }
      var file: CXFile?
      var line: UInt32 = 0
      var column: UInt32 = 0
      clang.api.getSpellingLocation(clang.api.getDiagnosticLocation(diagnostic), &file, &line, &column, nil)
      var name = file.map { clang.string(clang.api.getFileName($0)) } ?? "<import>"
      if name.hasSuffix(HeaderSource.fileName) { name = "<import>" }
      result.append(
        HeaderImportError.Diagnostic(
          file: name, line: Int(line), column: Int(column),
          message: clang.string(clang.api.getDiagnosticSpelling(diagnostic))))
    }
    return result
  }

  /// The target triple clang parsed for.
  var triple: String {
    guard let info = clang.api.getTranslationUnitTargetInfo(unit) else { return "" }
    defer { clang.api.TargetInfo_dispose(info) }
    return clang.string(clang.api.TargetInfo_getTriple(info))
  }
}

/// Calls `body` with a C array of the strings, valid only during the call.
private func withCStrings<Result>(
  _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
  let copies = strings.map { strdup($0) }
  defer { for copy in copies { free(copy) } }
  let pointers = copies.map { UnsafePointer<CChar>($0) }
  return pointers.withUnsafeBufferPointer { buffer in
    // An empty array still needs a valid pointer.
    guard let base = buffer.baseAddress else {
      var none: UnsafePointer<CChar>?
      return body(&none)
    }
    return body(base)
  }
}
