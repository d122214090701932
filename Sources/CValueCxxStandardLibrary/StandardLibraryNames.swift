import CValueKit

/// The names of the containers CValueKit compares by what they hold: which library's each is, so that a
/// record named as one but laid out as none of the forms it knows is refused rather than compared by its
/// pointers.
extension StandardContainer {
  /// A record's name without the keyword an import writes before it (`struct `, `class `).
  static func withoutKeyword(_ name: String) -> Substring {
    var name = Substring(name)
    for keyword in ["struct ", "class "] where name.hasPrefix(keyword) { name = name.dropFirst(keyword.count) }
    return name
  }

  /// The standard library whose container a record of this name is, when CValueKit compares that container
  /// by what it holds (and so must recognise its layout): `libstdc++` or `libc++`; `nil` for other names
  /// (`std::vector<bool>`, a smart pointer to an array, a container with an allocator of its own).
  static func library(claiming name: String) -> String? {
    let name = StandardName(withoutKeyword(name))
    let library = name.libcxx ? "libc++" : "libstdc++"
    // The template instance itself, not a record nested in it (`basic_string<…>::_Alloc_hider`).
    guard let (template, arguments) = CTypeName.templateInstance(name.bare) else { return nil }
    let std = name.libcxx ? "std::__1::" : "std::"
    // Only with the standard allocator and deleter: another may lay the container out as it likes.
    let standardAllocator = arguments.last?.hasPrefix(std + "allocator<") == true
    switch template {
    case "std::__cxx11::basic_string" where !name.libcxx, "std::basic_string":
      return arguments.first == "char" && standardAllocator ? library : nil
    case "std::basic_string_view": return arguments.first == "char" ? library : nil
    case "std::optional", "std::span", "std::variant": return library
    case "std::shared_ptr": return pointsToArray(name.bare) ? nil : library
    case "std::unique_ptr":
      let defaultDeleter = arguments.count == 2 && arguments[1].hasPrefix(std + "default_delete<")
      return pointsToArray(name.bare) || !defaultDeleter ? nil : library
    case "std::vector": return arguments.first == "bool" || !standardAllocator ? nil : library
    case "std::__cxx11::list" where !name.libcxx, "std::list" where name.libcxx, "std::forward_list", "std::map",
      "std::multimap", "std::set", "std::multiset", "std::unordered_map", "std::unordered_multimap",
      "std::unordered_set", "std::unordered_multiset":
      return standardAllocator ? library : nil
    default: return nil
    }
  }
}
