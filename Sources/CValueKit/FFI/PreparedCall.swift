import CFFI

/// A call interface prepared once with `ffi_prep_cif` and kept, with the types it points to, for as long
/// as the registration that uses it. libffi only reads a prepared `ffi_cif`, so one call can run on many
/// threads at once.
final class PreparedCall: @unchecked Sendable {
  let function: CFunction
  private let cif: UnsafeMutablePointer<ffi_cif>
  private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
  private let arena: FFITypeArena
  private let entry: @convention(c) () -> Void

  /// Prepares a call to `function` with the given return and argument types, all built in `arena`.
  init(
    function: CFunction, returning returnType: UnsafeMutablePointer<ffi_type>,
    arguments: [UnsafeMutablePointer<ffi_type>], arena: FFITypeArena
  ) throws(CFunctionError) {
    self.function = function
    self.arena = arena
    cif = .allocate(capacity: 1)
    argumentTypes = .allocate(capacity: max(arguments.count, 1))
    for (index, type) in arguments.enumerated() { (argumentTypes + index).initialize(to: type) }
    entry = unsafeBitCast(function.address, to: (@convention(c) () -> Void).self)
    let status = ffi_prep_cif(cif, cvi_ffi_default_abi(), UInt32(arguments.count), returnType, argumentTypes)
    // Every property is set, so a throw here still runs deinit, which frees both buffers.
    guard status == FFI_OK else {
      throw .preparationFailed(function: function.name, status: Int(status.rawValue))
    }
  }

  deinit {
    cif.deallocate()
    argumentTypes.deallocate()
  }

  /// Calls the function. `arguments[i]` points to argument `i`'s value; the result is written to `result`,
  /// which must hold at least 16 bytes (libffi widens small integer results to a full register).
  func call(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>, result: UnsafeMutableRawPointer) {
    ffi_call(cif, entry, result, arguments)
  }
}
