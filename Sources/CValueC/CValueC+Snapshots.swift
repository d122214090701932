// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation

// cv_snapshot_check, implemented with `@c @implementation` on CValueSnapshots' public API (cvalue.h documents it).
import CValueCHeader
import CValueKit
import CValueSnapshots

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@c @implementation
public func cv_snapshot_check(
  _ type: OpaquePointer?, _ value: UnsafeRawPointer?, _ count: Int, _ size: Int, _ directory: UnsafePointer<CChar>?,
  _ name: UnsafePointer<CChar>?, _ options: OpaquePointer?, _ outcome: UnsafeMutablePointer<Int32>?,
  _ failure: MessageOut, _ message: MessageOut
) -> Int32 {
  run(message) { () throws(CAPIError) in
    let function = "cv_snapshot_check"
    let out = try required(outcome, "outcome", in: function)
    let failureOut = try required(failure, "failure", in: function)
    out.pointee = CV_SNAPSHOT_FAILED
    failureOut.pointee = nil
    let handle: TypeHandle = try object(type, "type", in: function)
    guard size == handle.size else {
      throw CAPIError(
        status: CV_ERROR_SIZE, message: "\(function): size \(size) is not the type's size, \(handle.size) bytes")
    }
    // CV_SNAPSHOT_ONE_VALUE is SIZE_MAX, which Swift sees as -1.
    let values = count == -1 ? nil : count
    let (byteCount, overflow) = size.multipliedReportingOverflow(by: values ?? 1)
    guard count >= -1, !overflow else {
      throw CAPIError(status: CV_ERROR_ARGUMENT, message: "\(function): count \(UInt(bitPattern: count)) is too large")
    }
    let start = try required(value, "value", in: function)
    let bytes = Array(UnsafeRawBufferPointer(start: byteCount == 0 ? nil : start, count: byteCount))
    let optionsHandle: OptionsHandle? = options == nil ? nil : try object(options, "options", in: function)
    let folder = try string(directory, "directory", in: function)
    let store = SnapshotStore(directory: folder, readLog: folder + "/.cvalue-read")
    let result = store.verify(
      bytes: bytes, of: handle.handle, count: values, named: try string(name, "name", in: function),
      options: optionsHandle?.options ?? .default)
    switch result.status {
    case .matched: out.pointee = CV_SNAPSHOT_MATCHED
    case .recorded: out.pointee = CV_SNAPSHOT_RECORDED
    case .failed: out.pointee = CV_SNAPSHOT_FAILED
    }
    failureOut.pointee = result.failureText.map { strdup($0) }
  }
}
