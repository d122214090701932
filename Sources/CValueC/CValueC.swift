// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation

// (The C names are cvalue.h's, and cvalue.h documents each function; the compiler checks both agree.)
// cvalue.h's functions, implemented with `@c @implementation`: the compiler checks each against its C
// declaration. They turn C arguments into Swift values, call the handles in CValueKitAdapter.swift, and turn
// the result back into a status, out-parameters and a message. None traps, prints or exits on bad input.
public import CValueCHeader

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `char **message`.
public typealias MessageOut = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

/// Runs `body`, and reports its outcome through `message` as the header promises: NULL on success, a
/// string the caller frees with `cv_free` on failure.
func run(_ message: MessageOut, _ body: () throws(CAPIError) -> Void) -> Int32 {
  message?.pointee = nil
  do throws(CAPIError) {
    try body()
    return CV_OK
  } catch {
    return failure(error, message)
  }
}

/// `error`'s status, its message written for the caller.
func failure(_ error: CAPIError, _ message: MessageOut) -> Int32 {
  message?.pointee = strdup(error.message)
  return error.status
}

/// A required argument, or `CV_ERROR_ARGUMENT` naming it.
func required<T>(_ value: T?, _ name: String, in function: String) throws(CAPIError) -> T {
  guard let value else { throw CAPIError(status: CV_ERROR_ARGUMENT, message: "\(function): \(name) is NULL") }
  return value
}

func string(_ text: UnsafePointer<CChar>?, _ name: String, in function: String) throws(CAPIError) -> String {
  String(cString: try required(text, name, in: function))
}

func strings(_ array: UnsafePointer<UnsafePointer<CChar>?>?, count: Int, _ name: String, in function: String)
  throws(CAPIError) -> [String]
{
  guard count >= 0 else {
    throw CAPIError(
      status: CV_ERROR_ARGUMENT, message: "\(function): \(name) count \(UInt(bitPattern: count)) is too large")
  }
  guard count > 0 else { return [] }
  let array = try required(array, name, in: function)
  var result: [String] = []
  for index in 0..<count { result.append(try string(array[index], "\(name)[\(index)]", in: function)) }
  return result
}

func object<T: AnyObject>(_ pointer: OpaquePointer?, _ name: String, in function: String) throws(CAPIError)
  -> T
{
  Unmanaged<T>.fromOpaque(UnsafeRawPointer(try required(pointer, name, in: function))).takeUnretainedValue()
}

func retained(_ object: AnyObject) -> OpaquePointer { OpaquePointer(Unmanaged.passRetained(object).toOpaque()) }

func release(_ pointer: OpaquePointer?) {
  guard let pointer else { return }
  Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(pointer)).release()
}

// MARK: - Memory

@c @implementation
public func cv_free(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }

// MARK: - Catalogs

@c @implementation
public func cv_catalog_new(_ catalog: UnsafeMutablePointer<OpaquePointer?>?, _ message: MessageOut) -> Int32 {
  run(message) { () throws(CAPIError) in
    try required(catalog, "catalog", in: "cv_catalog_new").pointee = retained(CatalogHandle())
  }
}

@c @implementation
public func cv_catalog_load_file(_ catalog: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ message: MessageOut)
  -> Int32
{
  run(message) { () throws(CAPIError) in
    let handle: CatalogHandle = try object(catalog, "catalog", in: "cv_catalog_load_file")
    try handle.load(file: try string(path, "path", in: "cv_catalog_load_file"))
  }
}

@c @implementation
public func cv_catalog_import_headers(
  _ catalog: OpaquePointer?, _ headers: UnsafePointer<UnsafePointer<CChar>?>?, _ headerCount: Int,
  _ arguments: UnsafePointer<UnsafePointer<CChar>?>?, _ argumentCount: Int, _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let function = "cv_catalog_import_headers"
    let handle: CatalogHandle = try object(catalog, "catalog", in: function)
    guard headerCount > 0 else { throw CAPIError(status: CV_ERROR_ARGUMENT, message: "\(function): no headers") }
    try handle.importHeaders(
      try strings(headers, count: headerCount, "headers", in: function),
      arguments: try strings(arguments, count: argumentCount, "arguments", in: function))
  }
}

@c @implementation
public func cv_catalog_register_name(
  _ catalog: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ encoding: UnsafePointer<CChar>?, _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let function = "cv_catalog_register_name"
    let handle: CatalogHandle = try object(catalog, "catalog", in: function)
    try handle.register(
      name: try string(name, "name", in: function), encoding: try string(encoding, "encoding", in: function))
  }
}

@c @implementation
public func cv_catalog_free(_ catalog: OpaquePointer?) { release(catalog) }

// MARK: - Registries

@c @implementation
public func cv_registry_new(
  _ catalog: OpaquePointer?, _ registry: UnsafeMutablePointer<OpaquePointer?>?, _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let handle: CatalogHandle = try object(catalog, "catalog", in: "cv_registry_new")
    try required(registry, "registry", in: "cv_registry_new").pointee = retained(RegistryHandle(handle))
  }
}

@c @implementation
public func cv_registry_free(_ registry: OpaquePointer?) { release(registry) }

@c @implementation
public func cv_registry_register_comparer(
  _ registry: OpaquePointer?, _ type: UnsafePointer<CChar>?, _ function: cv_comparer_fn?,
  _ functionName: UnsafePointer<CChar>?, _ result: Int32, _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let name = "cv_registry_register_comparer"
    let handle: RegistryHandle = try object(registry, "registry", in: name)
    guard result == CV_NONZERO_MEANS_EQUAL || result == CV_ZERO_MEANS_EQUAL else {
      throw CAPIError(
        status: CV_ERROR_ARGUMENT,
        message: "\(name): result \(result) is neither CV_NONZERO_MEANS_EQUAL nor CV_ZERO_MEANS_EQUAL")
    }
    let address = unsafeBitCast(try required(function, "function", in: name), to: UnsafeRawPointer.self)
    try handle.register(
      comparer: address, name: try string(functionName, "function_name", in: name),
      for: try string(type, "type", in: name), zeroMeansEqual: result == CV_ZERO_MEANS_EQUAL)
  }
}

@c @implementation
public func cv_registry_register_describer(
  _ registry: OpaquePointer?, _ type: UnsafePointer<CChar>?, _ function: cv_describer_fn?,
  _ functionName: UnsafePointer<CChar>?, _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let name = "cv_registry_register_describer"
    let handle: RegistryHandle = try object(registry, "registry", in: name)
    let address = unsafeBitCast(try required(function, "function", in: name), to: UnsafeRawPointer.self)
    try handle.register(
      describer: address, name: try string(functionName, "function_name", in: name),
      for: try string(type, "type", in: name))
  }
}

/// The `cv_field_comparer` at `pointer`, checked: a known kind, and what that kind needs.
func fieldComparer(_ pointer: UnsafePointer<cv_field_comparer>?, in function: String) throws(CAPIError)
  -> FieldComparerSpec
{
  let comparer = try readSized(
    pointer, zero: cv_field_comparer(), minimum: sizeThrough(\cv_field_comparer.kind),
    ("comparer", "cv_field_comparer"),
    in: function)
  switch comparer.kind {
  case CV_FIELD_FUNCTION:
    guard comparer.result == CV_NONZERO_MEANS_EQUAL || comparer.result == CV_ZERO_MEANS_EQUAL else {
      throw CAPIError(
        status: CV_ERROR_ARGUMENT,
        message: "\(function): comparer->result \(comparer.result) is neither CV_NONZERO_MEANS_EQUAL nor "
          + "CV_ZERO_MEANS_EQUAL")
    }
    let address = unsafeBitCast(
      try required(comparer.function, "comparer->function", in: function), to: UnsafeRawPointer.self)
    return .function(
      address, name: try string(comparer.function_name, "comparer->function_name", in: function),
      zeroMeansEqual: comparer.result == CV_ZERO_MEANS_EQUAL)
  case CV_FIELD_C_STRING: return .cString
  case CV_FIELD_POINTEE:
    return .pointee(try object(comparer.pointee, "comparer->pointee", in: function))
  default:
    throw CAPIError(
      status: CV_ERROR_ARGUMENT,
      message: "\(function): comparer->kind \(comparer.kind) is none of CV_FIELD_FUNCTION, CV_FIELD_C_STRING, "
        + "CV_FIELD_POINTEE")
  }
}

/// A registration for one field of a record type: reads the registry, the type and the path, then `body`.
private func fieldOption(
  _ registry: OpaquePointer?, _ type: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?, _ message: MessageOut,
  in function: String, _ body: (RegistryHandle, _ type: String, _ path: String) throws(CAPIError) -> Void
) -> Int32 {
  run(message) { () throws(CAPIError) in
    try body(
      try object(registry, "registry", in: function), try string(type, "type", in: function),
      try string(path, "path", in: function))
  }
}

@c @implementation
public func cv_registry_register_ignored(
  _ registry: OpaquePointer?, _ type: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?, _ message: MessageOut
) -> Int32 {
  fieldOption(registry, type, path, message, in: "cv_registry_register_ignored") {
    handle, type, path throws(CAPIError) in
    try handle.register(ignoring: path, for: type)
  }
}

@c @implementation
public func cv_registry_register_field_comparer(
  _ registry: OpaquePointer?, _ type: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?,
  _ comparer: UnsafePointer<cv_field_comparer>?, _ message: MessageOut
) -> Int32 {
  let function = "cv_registry_register_field_comparer"
  return fieldOption(registry, type, path, message, in: function) { handle, type, path throws(CAPIError) in
    try handle.register(try fieldComparer(comparer, in: function), at: path, for: type)
  }
}

// MARK: - Types

@c @implementation
public func cv_type_resolve(
  _ registry: OpaquePointer?, _ type: UnsafePointer<CChar>?, _ size: Int,
  _ handle: UnsafeMutablePointer<OpaquePointer?>?,
  _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let name = "cv_type_resolve"
    let out = try required(handle, "handle", in: name)
    out.pointee = nil
    let registryHandle: RegistryHandle = try object(registry, "registry", in: name)
    out.pointee = retained(try registryHandle.resolveChecked(try string(type, "type", in: name), size: size))
  }
}

@c @implementation
public func cv_type_size(_ type: OpaquePointer?) -> Int {
  guard let type else { return 0 }
  return Unmanaged<TypeHandle>.fromOpaque(UnsafeRawPointer(type)).takeUnretainedValue().size
}

@c @implementation
public func cv_type_free(_ type: OpaquePointer?) { release(type) }

// MARK: - Comparing, describing, parsing

@c @implementation
public func cv_compare(
  _ type: OpaquePointer?, _ actual: UnsafeRawPointer?, _ expected: UnsafeRawPointer?, _ count: Int,
  _ options: OpaquePointer?, _ result: UnsafeMutablePointer<cv_comparison>?, _ message: MessageOut
) -> Int32 {
  // One value without options: the handle is not retained, and the type's own plan decides, its verdict inlined
  // as `isEqual(pointers:)` inlines it, with nothing but `result` written for equal values.
  if options == nil, count == 1, let result, let out = ComparisonOut(unchecked: result), let type, let actual,
    let expected
  {
    return Unmanaged<TypeHandle>.fromOpaque(UnsafeRawPointer(type))._withUnsafeGuaranteedRef {
      $0.compare(actual, expected, into: out, message)
    }
  }
  return compareChecking(type, actual, expected, count, options, result, message)
}

/// `cv_compare` of arrays, with options, or with an argument to check: out of `cv_compare`'s line, so that a
/// single value's call stays small. The values are checked once either way (the plan's verdict), and a report
/// is built only for values that differ.
@inline(never)
private func compareChecking(
  _ type: OpaquePointer?, _ actual: UnsafeRawPointer?, _ expected: UnsafeRawPointer?, _ count: Int,
  _ options: OpaquePointer?, _ result: UnsafeMutablePointer<cv_comparison>?, _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let name = "cv_compare"
    let out = try ComparisonOut(result, in: name)
    out.write(isEqual: false, mismatchCount: 0, report: nil)
    let handle: TypeHandle = try object(type, "type", in: name)
    let optionsHandle: OptionsHandle? = options == nil ? nil : try object(options, "options", in: name)
    try out.write(
      handle.compare(
        try required(actual, "actual", in: name), try required(expected, "expected", in: name), count: count,
        options: optionsHandle))
  }
}

@c @implementation
public func cv_describe(
  _ type: OpaquePointer?, _ value: UnsafeRawPointer?, _ count: Int,
  _ text: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let name = "cv_describe"
    let out = try required(text, "text", in: name)
    out.pointee = nil
    let handle: TypeHandle = try object(type, "type", in: name)
    out.pointee = strdup(try handle.describe(try required(value, "value", in: name), count: count))
  }
}

@c @implementation
public func cv_parse(
  _ type: OpaquePointer?, _ literal: UnsafePointer<CChar>?, _ value: UnsafeMutableRawPointer?, _ size: Int,
  _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let name = "cv_parse"
    let handle: TypeHandle = try object(type, "type", in: name)
    let destination = try required(value, "value", in: name)
    guard size == handle.size else {
      throw CAPIError(
        status: CV_ERROR_SIZE,
        message: "\(name): size \(UInt(bitPattern: size)) is not the type's size, \(handle.size) bytes")
    }
    let bytes = try handle.parse(try string(literal, "literal", in: name))
    destination.copyMemory(from: bytes, byteCount: min(bytes.count, size))
  }
}
