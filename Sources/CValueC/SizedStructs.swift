// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation

import CValueCHeader

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// cvalue.h's structs that begin with `size_t size` (cv_comparison, cv_tolerance, cv_field_comparer): read and
// written by the prefix both the caller and this library know, so that a later 1.x can add members at their
// end without breaking a caller built against an older header.

/// The largest `size` taken for a struct's: anything larger is an unset `size` (stack garbage), not a struct.
let largestStructSize = 4096

/// The caller's struct at `pointer`, read by prefix: members past the caller's `size` are zero (their
/// default); bytes past this library's own struct must be zero.
///
/// - Parameters:
///   - zero: The struct with every member zero (its C initializer `{0}`).
///   - minimum: The smallest `size` that holds the struct's first member after `size`.
///   - name: The argument's name and type in messages: ("comparer", "cv_field_comparer").
func readSized<T>(
  _ pointer: UnsafePointer<T>?, zero: T, minimum: Int, _ name: (argument: String, type: String), in function: String
) throws(CAPIError) -> T {
  let raw = UnsafeRawPointer(try required(pointer, name.argument, in: function))
  let size = try checkedSize(raw.load(as: Int.self), minimum: minimum, name, in: function)
  let known = MemoryLayout<T>.size
  if size > known {
    for offset in known..<size where raw.load(fromByteOffset: offset, as: UInt8.self) != 0 {
      throw CAPIError(
        status: CV_ERROR_ARGUMENT,
        message: "\(function): \(name.argument) sets a member at byte \(offset) that this library "
          + "(\(String(cString: cv_version_text()))) does not know: its \(name.type) is \(known) bytes, the caller's \(size)"
      )
    }
  }
  var value = zero
  withUnsafeMutableBytes(of: &value) {
    $0.copyMemory(from: UnsafeRawBufferPointer(start: raw, count: min(size, known)))
  }
  return value
}

/// The `size` at the start of a caller's struct, checked: at least `minimum`, at most ``largestStructSize``.
func checkedSize(_ size: Int, minimum: Int, _ name: (argument: String, type: String), in function: String)
  throws(CAPIError) -> Int
{
  guard size >= minimum, size <= largestStructSize else {
    throw CAPIError(
      status: CV_ERROR_ARGUMENT,
      message: "\(function): \(name.argument)->size is \(UInt(bitPattern: size)), not a size of \(name.type) "
        + "(at least \(minimum) bytes): set it to sizeof(\(name.type))")
  }
  return size
}

/// The smallest `size` of a struct: through the end of its `Int32` `member` (its first after `size`).
func sizeThrough<T>(_ member: KeyPath<T, Int32>) -> Int {
  (MemoryLayout<T>.offset(of: member) ?? MemoryLayout<T>.size) + MemoryLayout<Int32>.size
}

/// Where `cv_compare` writes its result: the prefix of the caller's `cv_comparison` its `size` covers.
struct ComparisonOut {
  let pointer: UnsafeMutablePointer<cv_comparison>
  let size: Int

  /// The caller's `result`, when its `size` is one this library takes.
  init(_ pointer: UnsafeMutablePointer<cv_comparison>?, in function: String) throws(CAPIError) {
    self.pointer = try required(pointer, "result", in: function)
    size = try checkedSize(
      self.pointer.pointee.size, minimum: sizeThrough(\cv_comparison.is_equal), ("result", "cv_comparison"),
      in: function)
  }

  /// The same, or `nil` for a `size` this library does not take (the caller's error, reported elsewhere).
  init?(unchecked pointer: UnsafeMutablePointer<cv_comparison>) {
    let size = pointer.pointee.size
    guard size >= sizeThrough(\cv_comparison.is_equal), size <= largestStructSize else { return nil }
    self.pointer = pointer
    self.size = size
  }

  /// Whether the caller's struct has room for the report (else none is made, and none leaks).
  var holdsReport: Bool {
    let end = (MemoryLayout<cv_comparison>.offset(of: \.report) ?? MemoryLayout<cv_comparison>.size)
    return size >= end + MemoryLayout<UnsafeRawPointer>.size
  }

  /// Writes a comparison's result, with its report when the caller's struct has room for it.
  func write(_ comparison: (isEqual: Bool, mismatchCount: Int, report: String?)) {
    write(
      isEqual: comparison.isEqual, mismatchCount: comparison.mismatchCount,
      report: holdsReport ? comparison.report.map { strdup($0) } : nil)
  }

  /// Writes the members after `size` that the caller's struct holds; the rest of it is left as it was.
  func write(isEqual: Bool, mismatchCount: Int, report: UnsafeMutablePointer<CChar>?) {
    // A caller compiled against this header: member by member, with no copy of bytes through memmove.
    if size >= MemoryLayout<cv_comparison>.size {
      pointer.pointee.is_equal = isEqual ? 1 : 0
      pointer.pointee.mismatch_count = Int64(mismatchCount)
      pointer.pointee.report = report
      return
    }
    writeShorter(isEqual: isEqual, mismatchCount: mismatchCount, report: report)
  }

  /// ``write(isEqual:mismatchCount:report:)`` for a caller's struct shorter than this header's (an older
  /// header): out of line, so that its copy through a local does not weigh on every `cv_compare`.
  @inline(never)
  private func writeShorter(isEqual: Bool, mismatchCount: Int, report: UnsafeMutablePointer<CChar>?) {
    var value = cv_comparison(
      size: size, is_equal: isEqual ? 1 : 0, mismatch_count: Int64(mismatchCount), report: report)
    let start = MemoryLayout<Int>.size
    let end = min(size, MemoryLayout<cv_comparison>.size)
    withUnsafeBytes(of: &value) { bytes in
      UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(pointer) + start, count: end - start)
        .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
    }
  }
}

// MARK: - Version

/// The version text, made once from cvalue_version.h and kept for the process (a static string for C); never
/// written after it is made.
private nonisolated(unsafe) let versionText = strdup(CV_VERSION_STRING)

@c @implementation
public func cv_version_number() -> UInt32 {
  // CV_VERSION_NUMBER's own formula (Swift imports the three numbers, not the expression).
  UInt32(CV_VERSION_MAJOR << 16 | CV_VERSION_MINOR << 8 | CV_VERSION_PATCH)
}

@c @implementation
public func cv_version_text() -> UnsafePointer<CChar>? { UnsafePointer(versionText) }
