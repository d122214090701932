/// Why a type holding a C++ standard container is not compared: the container is one CValueKit compares by what
/// it holds, but it cannot be compared so here, and by its representation two equal values would differ by the
/// pointers they do not share. Each case names the member by its path, and ``description`` says what to do.
///
/// ```swift
/// do {
///   try registry.checkStandardContainers(of: "probe", in: imported)
/// } catch {
///   print(error)   // .inner.maybe of probe is std::optional<int>, laid out in the debug info as none of the …
/// }
/// ```
public enum StandardLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A member, at `field` of the type `type`, is a C++ standard container that CValueKit compares by what it
  /// holds (`std::string`, `std::vector`, `std::map`, …), named `container`, but laid out as none of the layouts
  /// it knows of `library` (another version of it).
  case unknownLayout(type: String, field: String, container: String, library: String)
  /// A member `field` of `type` is a C++ standard container that CValueKit compares by what it holds, named
  /// `container`, but the type it holds cannot be read and laid out from the source (the program only
  /// declares it, as a `std::unique_ptr` to a class defined elsewhere does).
  case unreadableElement(type: String, field: String, container: String)

  /// What went wrong and how to fix it.
  public var description: String {
    switch self {
    case .unreadableElement(let type, let field, let container):
      return "\(field) of \(type) is \(container), compared by what it holds, but the debug info does not define "
        + "the type it holds (it may only be declared there): it is not compared by its representation, whose "
        + "pointers two equal values do not share; compare the type through a catalog file with a field comparer "
        + "for this member"
    case .unknownLayout(let type, let field, let container, let library):
      return "\(field) of \(type) is \(container), laid out in the debug info as none of the \(library) layouts "
        + "CValueKit knows (libstdc++ of GCC 12, libc++ 14): it is not compared by its representation, whose "
        + "pointers two equal values do not share; compare the type through a catalog file with a field comparer "
        + "for this member"
    }
  }
}
