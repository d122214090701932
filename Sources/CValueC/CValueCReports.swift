// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation

// cvalue.h's report functions, implemented with `@c @implementation` as in CValueC.swift: a comparison's report
// in any format, written by the library (CValueKitAdapter.swift calls Comparison.report(as:)), so that C gets
// what Swift and the `cvalue` tool print.
import CValueCHeader
import CValueKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@c @implementation
public func cv_compare_report(
  _ type: OpaquePointer?, _ actual: UnsafeRawPointer?, _ expected: UnsafeRawPointer?, _ count: Int,
  _ options: OpaquePointer?, _ format: Int32, _ report: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    try writeReport("cv_compare_report", type, actual, expected, count, options, format: format, to: (report, "report"))
  }
}

@c @implementation
public func cv_compare_json(
  _ type: OpaquePointer?, _ actual: UnsafeRawPointer?, _ expected: UnsafeRawPointer?, _ count: Int,
  _ options: OpaquePointer?, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    try writeReport(
      "cv_compare_json", type, actual, expected, count, options, format: CV_REPORT_JSON, to: (json, "json"))
  }
}

/// Compares the values and hands out their report in `format` (a `CV_REPORT_` value) through the
/// out-parameter, which is NULL until the report is written: on any error, a bad format's too, the caller
/// gets NULL, as the header promises.
private func writeReport(
  _ function: String, _ type: OpaquePointer?, _ actual: UnsafeRawPointer?, _ expected: UnsafeRawPointer?,
  _ count: Int, _ options: OpaquePointer?, format: Int32,
  to out: (pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, name: String)
) throws(CAPIError) {
  let result = try required(out.pointer, out.name, in: function)
  result.pointee = nil
  let format = try ReportFormat(cReport: format, in: function)
  let handle: TypeHandle = try object(type, "type", in: function)
  let optionsHandle: OptionsHandle? = options == nil ? nil : try object(options, "options", in: function)
  let text = try handle.compareReport(
    try required(actual, "actual", in: function), try required(expected, "expected", in: function), count: count,
    options: optionsHandle, format: format)
  result.pointee = strdup(text)
}

extension ReportFormat {
  /// The format a `CV_REPORT_` value names; any other value is `function`'s bad argument.
  init(cReport value: Int32, in function: String) throws(CAPIError) {
    switch value {
    case CV_REPORT_TEXT: self = .text
    case CV_REPORT_JSON: self = .json
    default:
      throw CAPIError(
        status: CV_ERROR_ARGUMENT,
        message: "\(function): format \(value) is no CV_REPORT_ value (CV_REPORT_TEXT, CV_REPORT_JSON)")
    }
  }
}
