// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation

// cvalue.h's report functions, implemented with `@c @implementation` as in CValueC.swift: the JSON a CI
// dashboard reads, rendered by the library (CValueKitAdapter.swift calls Comparison.report(as: .json)), so that C gets what Swift and the
// `cvalue` tool print.
import CValueCHeader

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@c @implementation
public func cv_compare_json(
  _ type: OpaquePointer?, _ actual: UnsafeRawPointer?, _ expected: UnsafeRawPointer?, _ count: Int,
  _ options: OpaquePointer?, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let name = "cv_compare_json"
    let out = try required(json, "json", in: name)
    out.pointee = nil
    let handle: TypeHandle = try object(type, "type", in: name)
    let optionsHandle: OptionsHandle? = options == nil ? nil : try object(options, "options", in: name)
    let text = try handle.compareJSON(
      try required(actual, "actual", in: name), try required(expected, "expected", in: name), count: count,
      options: optionsHandle)
    out.pointee = strdup(text)
  }
}
