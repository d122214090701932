import CValueCHeader
// The only file of this target that names CValueKit or CValueHeaders API: every call into the Swift library
// is here, so that a rename there is one edit here. The C functions in CValueC.swift see the handles and
// calls below and a status with a message, nothing else.
import CValueHeaders
import CValueKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A failed call: the `cv_status` and the message the caller receives.
struct CAPIError: Error {
  let status: Int32
  let message: String
}

/// What `cv_catalog *` points to.
final class CatalogHandle {
  let catalog: TypeCatalog

  /// A catalog with CValueKit's built-in names (`rect`, `point`, `int8`), or, for the running program's own
  /// types, without: the program's `point` is its own, never CGPoint.
  init(includingBuiltins: Bool = true) { catalog = TypeCatalog(includingBuiltins: includingBuiltins) }
  /// The C names of the records and typedefs a catalog file or a header import registered: the ones
  /// `cv_type_resolve` checks against the running program's debug info.
  private let importedNames = Mutex<Set<String>>([])

  func load(file path: String) throws(CAPIError) {
    do throws(CatalogFileError) {
      remember(try catalog.loadCatalogFile(at: URL(fileURLWithPath: path)).types)
    } catch {
      throw CAPIError(status: CV_ERROR_CATALOG, message: error.description)
    }
  }

  func importHeaders(_ headers: [String], arguments: [String]) throws(CAPIError) {
    do throws(HeaderImportError) {
      remember(try catalog.importHeaders(headers, arguments: arguments))
    } catch {
      throw CAPIError(status: CV_ERROR_IMPORT, message: "\(error)")
    }
  }

  /// Whether `name` (a C name) came from a catalog file or a header import.
  func isImported(_ name: String) -> Bool { importedNames.withLock { $0.contains(name) } }

  private func remember(_ imported: ImportedTypes) {
    importedNames.withLock { names in
      names.formUnion(imported.records.map(\.name))
      names.formUnion(imported.typedefs.map(\.name))
    }
  }

  func register(name: String, encoding: String) throws(CAPIError) {
    do throws(CatalogError) {
      try catalog.register(encoding, name: name)
    } catch {
      if case .encoding = error { throw CAPIError(status: CV_ERROR_ENCODING, message: "\(error)") }
      throw CAPIError(status: CV_ERROR_CATALOG, message: "\(error)")
    }
  }
}

/// What `cv_registry *` points to.
final class RegistryHandle {
  let registry: ValueRegistry
  /// The catalog the registry reads, for what it knows of its names' origin.
  let catalog: CatalogHandle

  init(_ catalog: CatalogHandle) {
    registry = ValueRegistry(catalog: catalog.catalog)
    self.catalog = catalog
  }

  /// A C function taking two pointers, called directly (no libffi call).
  func register(comparer address: UnsafeRawPointer, name: String, for type: String, zeroMeansEqual: Bool)
    throws(CAPIError)
  {
    do throws(ValueError) {
      try registry.register(
        type, comparer: CFunction(address: address, name: name), signature: "i^v^v",
        convention: zeroMeansEqual ? .zeroMeansEqual : .nonZeroMeansEqual)
    } catch {
      throw CAPIError(valueError: error, type: type)
    }
  }

  /// `int32_t print(char *buffer, size_t size, const void *value)`.
  func register(describer address: UnsafeRawPointer, name: String, for type: String) throws(CAPIError) {
    do throws(ValueError) {
      try registry.register(
        type, describer: CFunction(address: address, name: name), signature: "i*Q^v", convention: .writesIntoBuffer)
    } catch {
      throw CAPIError(valueError: error, type: type)
    }
  }

  /// `cv_registry_register_ignored`.
  func register(ignoring path: String, for type: String) throws(CAPIError) {
    let path = try OptionsHandle.path(path, role: "ignored path")
    do throws(ValueError) { try registry.register(type, ignoring: [path]) } catch {
      throw CAPIError(valueError: error, type: type)
    }
  }

  /// `cv_registry_register_field_comparer`.
  func register(_ comparer: FieldComparerSpec, at path: String, for type: String) throws(CAPIError) {
    let path = try OptionsHandle.path(path, role: "comparer path")
    do throws(ValueError) { try registry.register(type, comparer: try comparer.make(), at: path) } catch {
      throw CAPIError(valueError: error, type: type)
    }
  }

  func resolve(_ type: String, size: Int) throws(CAPIError) -> TypeHandle {
    let handle: ValueType
    // A C name whose layout is unknown is a type the catalog has no definition of.
    let isName = CAPIError.isName(type)
    do throws(ValueError) { handle = try registry.resolve(type) } catch {
      throw CAPIError(valueError: error, type: type)
    }
    guard let known = handle.size else {
      let reason = handle.layoutError.map { "\($0)" } ?? "its size is unknown"
      guard !isName else {
        throw CAPIError(
          status: CV_ERROR_UNKNOWN_TYPE,
          message: "unknown type \"\(type)\": the catalog has no definition of it (\(reason))")
      }
      throw CAPIError(status: CV_ERROR_LAYOUT, message: "cannot lay out \"\(type)\": \(reason)")
    }
    guard known == size else {
      throw CAPIError(
        status: CV_ERROR_SIZE,
        message:
          "\"\(type)\" is \(known) bytes in the catalog, but sizeof is \(UInt(bitPattern: size)) where it is used: "
          + "the catalog was made for other compiler flags (-m32, #pragma pack, -fshort-enums?)")
    }
    return TypeHandle(handle, size: known)
  }
}

/// What `cv_options *` points to.
final class OptionsHandle {
  var options = ComparisonOptions()

  static func path(_ text: String, role: String) throws(CAPIError) -> FieldPath {
    do throws(ValueError) { return try FieldPath(parsing: text) } catch {
      throw CAPIError(status: CV_ERROR_PATH, message: "\(role): \(error)")
    }
  }

  func setTolerance(
    at path: String?, absolute: Double, relative: Double, ulps: UInt64, nanEqualsNaN: Bool, bitwise: Bool
  ) throws(CAPIError) {
    let tolerance = FloatTolerance(
      absolute: absolute, relative: relative, ulps: ulps, nanEqualsNaN: nanEqualsNaN, isBitwise: bitwise)
    guard let path, !path.isEmpty else {
      options.tolerance = tolerance
      return
    }
    options.fieldTolerances[try Self.path(path, role: "tolerance path")] = tolerance
  }

  func setUnionMember(at path: String, member: String) throws(CAPIError) {
    let path = try Self.path(path, role: "union path")
    options.unionMembers[path] = .named(member)
  }

  func setUnionTag(at path: String, tag: String, members: [Int64: String], unknownAsBytes: Bool) throws(CAPIError) {
    let path = try Self.path(path, role: "union path")
    let rule = UnionMember.tagged(
      by: try Self.path(tag, role: "tag path"), members: members, unknownAsBytes: unknownAsBytes)
    options.unionMembers[path] = rule
  }

  func setMaximumReported(_ count: Int) { options.maximumReportedMismatches = count }

  func ignore(_ path: String) throws(CAPIError) {
    options.ignoredPaths.insert(try Self.path(path, role: "ignored path"))
  }

  func setComparer(_ comparer: FieldComparerSpec, at path: String) throws(CAPIError) {
    let path = try Self.path(path, role: "comparer path")
    do throws(ValueError) { options.fieldComparers[path] = try comparer.make() } catch {
      throw CAPIError(valueError: error)
    }
  }
}

/// What a `cv_field_comparer` asks for, read out of the C struct.
enum FieldComparerSpec {
  /// A `cv_comparer_fn`: `int32_t f(const void *, const void *)`.
  case function(UnsafeRawPointer, name: String, zeroMeansEqual: Bool)
  case cString
  case pointee(TypeHandle)

  func make() throws(ValueError) -> FieldComparer {
    switch self {
    case .function(let address, let name, let zeroMeansEqual):
      return try FieldComparer(
        CFunction(address: address, name: name), signature: "i^v^v",
        convention: zeroMeansEqual ? .zeroMeansEqual : .nonZeroMeansEqual)
    case .cString: return .cString
    case .pointee(let type): return .pointee(type.handle)
    }
  }
}

/// What `cv_type *` points to.
final class TypeHandle {
  let handle: ValueType
  let size: Int

  init(_ handle: ValueType, size: Int) {
    self.handle = handle
    self.size = size
  }

  /// The bytes `count` values take; `count` is a C `size_t`, reported as one.
  private func byteCount(_ count: Int) throws(CAPIError) -> Int {
    let (bytes, overflow) = size.multipliedReportingOverflow(by: count)
    guard count >= 0, !overflow else {
      throw CAPIError(status: CV_ERROR_ARGUMENT, message: "count \(UInt(bitPattern: count)) is too large")
    }
    return bytes
  }

  /// Whether the values are equal, how many fields differ, and the report when they do: checked once (by the
  /// handle's own rules when there are no options), and walked only when they differ.
  func compare(_ actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, count: Int, options: OptionsHandle?)
    throws(CAPIError) -> (isEqual: Bool, mismatchCount: Int, report: String?)
  {
    let bytes = try byteCount(count)
    let a = UnsafeRawBufferPointer(start: actual, count: bytes)
    let b = UnsafeRawBufferPointer(start: expected, count: bytes)
    let values = count == 1 ? nil : count
    do throws(ValueError) {
      // Without options nothing is copied out of a handle: equal values cost the plan's check and little more.
      let found =
        if let options {
          try handle.difference(bytes: a, b, count: values, options: options.options)
        } else {
          try handle.difference(bytes: a, b, count: values)
        }
      guard let difference = found else { return (true, 0, nil) }
      return (difference.isEqual, difference.mismatchCount, difference.isEqual ? nil : difference.report)
    } catch {
      throw CAPIError(valueError: error)
    }
  }

  /// `cv_compare` of one value at each address with no options: its outcome written to `out`, and its status
  /// returned (with the message, for a failure). Equal values are decided as `isEqual(pointers:)` decides
  /// them, inlined here; values that differ are walked once. Out of line, so that `cv_compare` calls it with the
  /// handle borrowed (no retain) and its status in a register.
  @inline(never)
  func compare(_ actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, into out: ComparisonOut, _ message: MessageOut)
    -> Int32
  {
    do throws(ValueError) {
      if let difference = try handle.difference(pointers: actual, expected), !difference.isEqual {
        out.write((false, difference.mismatchCount, difference.report))
      } else {
        out.write(isEqual: true, mismatchCount: 0, report: nil)
      }
      message?.pointee = nil
      return CV_OK
    } catch {
      out.write(isEqual: false, mismatchCount: 0, report: nil)
      return failure(CAPIError(valueError: error), message)
    }
  }

  /// The comparison's report in `format`, as `cvalue compare --format` prints it.
  func compareReport(
    _ actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, count: Int, options: OptionsHandle?,
    format: ReportFormat
  ) throws(CAPIError) -> String {
    try comparison(actual, expected, count: count, options: options).report(as: format)
  }

  /// The comparison of `count` values at each address.
  private func comparison(_ actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, count: Int, options: OptionsHandle?)
    throws(CAPIError) -> Comparison
  {
    let bytes = try byteCount(count)
    let a = UnsafeRawBufferPointer(start: actual, count: bytes)
    let b = UnsafeRawBufferPointer(start: expected, count: bytes)
    let options = options?.options ?? .default
    let result: Comparison
    do throws(ValueError) {
      result =
        count == 1
        ? try handle.compare(bytes: a, b, options: options)
        : try handle.compare(bytes: a, b, count: count, options: options)
    } catch {
      throw CAPIError(valueError: error)
    }
    return result
  }

  func describe(_ value: UnsafeRawPointer, count: Int) throws(CAPIError) -> String {
    let bytes = try byteCount(count)
    do throws(ValueError) {
      let buffer = UnsafeRawBufferPointer(start: value, count: bytes)
      return count == 1 ? try handle.describe(bytes: buffer) : try handle.describe(bytes: buffer, count: count)
    } catch {
      throw CAPIError(valueError: error)
    }
  }

  func parse(_ literal: String) throws(CAPIError) -> [UInt8] {
    do throws(ValueError) { return try handle.parse(literal) } catch { throw CAPIError(valueError: error) }
  }
}

extension CAPIError {
  /// Whether `type` is a C name (`struct tcphdr`, a typedef), not an encoding.
  static func isName(_ type: String) -> Bool { !type.contains(where: { #"{([^""#.contains($0) }) }

  /// The status for an error about `type`, as a C call names it: a C name that does not resolve is
  /// `CV_ERROR_UNKNOWN_TYPE` in every call (an encoding that does not parse is `CV_ERROR_ENCODING`).
  init(valueError error: ValueError, type: String) {
    if Self.isName(type), case .encoding = error {
      self.init(status: CV_ERROR_UNKNOWN_TYPE, message: error.description)
    } else {
      self.init(valueError: error)
    }
  }

  /// The status for each of the Swift API's errors; the message is its description.
  init(valueError error: ValueError) {
    let status: Int32
    switch error {
    case .encoding: status = CV_ERROR_ENCODING
    case .layoutUnknown: status = CV_ERROR_LAYOUT
    case .wrongSize, .sizesDiffer, .swiftTypeSize, .tooLargeToParse: status = CV_ERROR_SIZE
    case .invalidTolerance, .unionMember: status = CV_ERROR_OPTION
    case .unknownFieldPath, .pathThroughElement, .invalidFieldPath: status = CV_ERROR_PATH
    case .comparerDoesNotFit: status = CV_ERROR_OPTION
    case .literal: status = CV_ERROR_LITERAL
    case .cFunction: status = CV_ERROR_FUNCTION
    case .invalidCount, .nothingToRegister, .notPlainData, .cannotDerive, .pointerValue, .unionCastSizes:
      status = CV_ERROR_ARGUMENT
    }
    self.init(status: status, message: error.description)
  }
}
