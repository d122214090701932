// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation

// cvalue.h's zero-set-up call: a type handle of the running program, from its own debug info.
import CValueCHeader
import CValueDebugInfo

@c @implementation
public func cv_program_type(
  _ name: UnsafePointer<CChar>?, _ size: Int, _ type: UnsafeMutablePointer<OpaquePointer?>?,
  _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let function = "cv_program_type"
    let out = try required(type, "type", in: function)
    out.pointee = nil
    let handle = try ProgramTypes.shared.type(named: try string(name, "name", in: function), size: size)
    out.pointee = OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
  }
}

@c @implementation
public func cv_catalog_check_program(
  _ catalog: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let function = "cv_catalog_check_program"
    let handle: CatalogHandle = try object(catalog, "catalog", in: function)
    try handle.checkAgainstProgram(try string(name, "name", in: function))
  }
}

@c @implementation
public func cv_program_fetch_from_debuginfod(_ enabled: Int32) {
  DebugInfoImport.fetchesFromDebuginfod = enabled != 0
}
