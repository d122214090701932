/// A C++ polymorphic class's vtable pointer: a member named `<vptr>` whose type is a pointer.
///
/// The compiler writes it into every object of the class (gcc's debug info calls it `_vptr.poly`, clang's
/// `_vptr$poly`), and the debug-info import names it `<vptr>`, which no C or C++ member can be called, in
/// the record's encoding itself: `{poly="<vptr>"^^?"p"i}`. So every door that carries the encoding (a
/// catalog file, a snapshot, the C API, the tool) knows it without a table beside it.
///
/// Its value is the address of the class's vtable in one process: two objects of the same dynamic type
/// hold the same one, and a value recorded in another process, or under another load address, holds
/// another. What it says is the object's dynamic type, which the record's own type names already. So it is
/// never compared, and reports list it with the fields that were not compared (`ignored: .<vptr>`); a
/// description leaves it out, as a C++ initializer does, which sets it by the type it constructs; a literal
/// fills the values after it (`{1, 2}` gives the members after the vptr), and parses it as zero; the layout
/// table shows it as the vtable pointer, at its offset.
package enum VtablePointer {
  /// The member name that makes a pointer member a vtable pointer.
  package static let name = "<vptr>"

  /// Whether a member of this name and type is a vtable pointer.
  static func isVtablePointer(_ component: FieldPath.Component?, type: TypeEncoding) -> Bool {
    guard component == .member(name), case .pointer = type.unqualified else { return false }
    return true
  }
}

extension CLayout.Member {
  /// Whether the member is a C++ class's vtable pointer (``VtablePointer``): never compared, never described.
  var isVtablePointer: Bool { VtablePointer.isVtablePointer(component, type: node.type) }
}

extension CLayout.Field {
  /// Whether the field is a C++ class's vtable pointer (``VtablePointer``).
  var isVtablePointer: Bool { VtablePointer.isVtablePointer(path.components.last, type: type) }
}
