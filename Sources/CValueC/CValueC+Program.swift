// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation

// cvalue.h's zero-set-up call: a type handle of the running program, from its own debug info.
import CValueCHeader

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
