import CFFI

/// Owns the `ffi_type` descriptors built for one registration and the element arrays they point to, and
/// frees them with it. libffi only reads them after `ffi_prep_cif` has filled in struct sizes, so sharing
/// one arena between threads is safe once the call is prepared.
final class FFITypeArena: @unchecked Sendable {
  private var structs: [UnsafeMutablePointer<ffi_type>] = []
  private var elementLists: [UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>] = []

  deinit {
    for list in elementLists { list.deallocate() }
    for type in structs { type.deallocate() }
  }

  /// A struct type with `elements` in order; libffi computes its size and alignment when a call using it is
  /// prepared.
  func structType(_ elements: [UnsafeMutablePointer<ffi_type>]) -> UnsafeMutablePointer<ffi_type> {
    let list = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: elements.count + 1)
    for (index, element) in elements.enumerated() { (list + index).initialize(to: element) }
    (list + elements.count).initialize(to: nil)
    elementLists.append(list)
    let type = UnsafeMutablePointer<ffi_type>.allocate(capacity: 1)
    type.initialize(to: ffi_type(size: 0, alignment: 0, type: cvi_ffi_type_struct_code(), elements: list))
    structs.append(type)
    return type
  }
}
