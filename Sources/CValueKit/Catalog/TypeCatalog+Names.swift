extension TypeCatalog {
  /// The one spelling of a C or C++ type name, in which a name a user types, a name `typeid` gives and a name a
  /// compiler wrote into debug info meet; `nil` for text that is no name (an encoding, a pointer or array type,
  /// an unbalanced `<`).
  ///
  /// Spaces only between two words and after a comma; gcc's `box<long unsigned int>` is `box<unsigned long>`;
  /// `class` is `struct`.
  ///
  /// ```swift
  /// TypeCatalog.canonicalName("class geo::box< int >")   // "struct geo::box<int>"
  /// TypeCatalog.canonicalName("std::pair<int,long>")     // "std::pair<int, long>"
  /// TypeCatalog.canonicalName("{CGPoint=dd}")            // nil: an encoding, not a name
  /// ```
  ///
  /// - Parameter text: A type's name as C or C++ code writes it.
  /// - Returns: Its canonical spelling, or `nil`.
  public static func canonicalName(_ text: String) -> String? { CTypeName.canonical(text) }

  /// Whether a name is one of C's own type names, which no header or debug info defines: `int`,
  /// `unsigned long`, `long double`, `_Bool`.
  ///
  /// ```swift
  /// TypeCatalog.isBasicTypeName("unsigned long")   // true
  /// TypeCatalog.isBasicTypeName("uint16_t")        // false: a typedef some header defines
  /// ```
  ///
  /// - Parameter name: A type name, its words separated by spaces.
  public static func isBasicTypeName(_ name: String) -> Bool { CTypeName.isBasic(name) }
}
