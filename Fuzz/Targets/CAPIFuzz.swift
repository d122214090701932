// libFuzzer target: the C door. Lines of the input are a type (a C name or an encoding), field paths, a
// literal and option values, handed to the `cv_` functions as a C caller would: register a name, resolve,
// register ignored paths and field comparers, set tolerances, union members and limits, parse, compare,
// describe, free. Every call must return a status with a message (or CV_OK), never trap or touch memory
// it does not own.
import CValueCHeader
import CValueKit

#if canImport(Glibc)
  import Glibc
#endif

/// The input's lines (at most 8), as C strings for the calls.
private func lines(_ data: UnsafePointer<UInt8>, _ size: Int) -> [String] {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  var parts = text.split(separator: "\n", maxSplits: 7, omittingEmptySubsequences: false).map(String.init)
  while parts.count < 8 { parts.append("") }
  return parts
}

/// Frees a message the library handed out.
private func drop(_ message: UnsafeMutablePointer<CChar>?) { cv_free(message) }

/// libFuzzer's entry point: one input, `size` bytes at `data`; returns 0 (the input is never rejected).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let field = lines(data, size)
  let (type, path, literal, tolerancePath, member) = (field[0], field[1], field[2], field[3], field[4])
  let choices = Array(field[7].utf8) + [UInt8](repeating: 0, count: 8)
  var message: UnsafeMutablePointer<CChar>?
  var catalog: OpaquePointer?
  guard cv_catalog_new(&catalog, &message) == CV_OK else { fatalError("cv_catalog_new failed") }
  defer { cv_catalog_free(catalog) }
  _ = cv_catalog_register_name(catalog, "fz", field[5], &message)
  drop(message)
  var registry: OpaquePointer?
  guard cv_registry_new(catalog, &registry, &message) == CV_OK else { fatalError("cv_registry_new failed") }
  defer { cv_registry_free(registry) }
  _ = cv_registry_register_ignored(registry, type, path, &message)
  drop(message)
  var byText = cv_field_comparer()
  byText.size = MemoryLayout<cv_field_comparer>.size
  byText.kind = Int32(choices[0] % 3)
  // CV_FIELD_C_STRING and CV_FIELD_POINTEE follow the field's pointer, as documented: once one is
  // registered, the values compared and described keep their pointers NULL (the literal is still parsed,
  // into a buffer nothing reads), or the target would dereference whatever address the literal spelled.
  let followsPointers =
    cv_registry_register_field_comparer(registry, type, member, &byText, &message) == CV_OK
    && byText.kind != CV_FIELD_FUNCTION
  drop(message)
  // The size the caller's sizeof would be: the type's, as the Swift API lays it out, or a byte of the input.
  let known = (try? ValueRegistry().resolve(type).size) ?? nil
  let typeSize = known ?? Int(choices[1])
  var handle: OpaquePointer?
  let status = cv_type_resolve(registry, type, typeSize, &handle, &message)
  drop(message)
  guard status == CV_OK, let handle, typeSize <= 1 << 16 else { return 0 }
  defer { cv_type_free(handle) }

  var options: OpaquePointer?
  guard cv_options_new(&options, &message) == CV_OK else { fatalError("cv_options_new failed") }
  defer { cv_options_free(options) }
  var tolerance = cv_tolerance()
  tolerance.size = MemoryLayout<cv_tolerance>.size
  tolerance.absolute = Double(choices[2]) / 16
  tolerance.ulps = UInt64(choices[3])
  tolerance.flags = UInt32(choices[4] % 4)
  _ = cv_options_set_tolerance(options, tolerancePath, &tolerance, &message)
  drop(message)
  _ = cv_options_ignore(options, field[6], &message)
  drop(message)
  _ = cv_options_set_union_member(options, path, member, &message)
  drop(message)
  _ = cv_options_set_max_reported(options, Int32(choices[5]) - 8, &message)
  drop(message)

  let count = Int(choices[6] % 4)
  var actual = [UInt8](repeating: 0, count: max(1, typeSize * max(count, 1)))
  let expected = [UInt8](repeating: 0, count: actual.count)
  if followsPointers {
    var parsed = actual
    _ = cv_parse(handle, literal, &parsed, typeSize, &message)
  } else {
    _ = cv_parse(handle, literal, &actual, typeSize, &message)
  }
  drop(message)
  var result = cv_comparison()
  result.size = MemoryLayout<cv_comparison>.size
  _ = cv_compare(handle, actual, expected, count, choices[0] & 4 == 0 ? options : nil, &result, &message)
  drop(message)
  cv_free(result.report)
  var text: UnsafeMutablePointer<CChar>?
  _ = cv_describe(handle, actual, count, &text, &message)
  drop(message)
  cv_free(text)
  return 0
}
