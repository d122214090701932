/// A C function to register as a comparer or describer: its address and a name for reports.
///
/// Take one from a Swift value of an `@convention(c)` function type, from a raw address, or look one up by
/// symbol name in the running process or a shared library:
///
/// ```swift
/// let equal: @convention(c) (cv_point, cv_point) -> Bool = cv_point_equal
/// let byValue = try CFunction(equal, name: "cv_point_equal")
/// let bySymbol = try CFunction.lookup("rect_equal", in: "libgeom.so")
/// ```
///
/// A function found in a library keeps the library open for as long as the function (or a registration
/// that uses it) exists.
public struct CFunction: Sendable, CustomStringConvertible {
  /// The name reports give it: `Comparison.Strategy.cFunction(name:type:)`, error messages.
  public let name: String
  /// Where the function starts.
  public var address: UnsafeRawPointer { UnsafeRawPointer(bitPattern: addressBits).unsafelyUnwrapped }

  // Stored as an integer so that the struct is Sendable; never zero.
  private let addressBits: UInt
  /// Keeps the library the function was found in open.
  let library: SharedLibrary?

  /// A function at a known address.
  ///
  /// - Parameters:
  ///   - address: The function's first instruction, e.g. from `dlsym` or `unsafeBitCast` of a C function.
  ///   - name: The name reports give it.
  public init(address: UnsafeRawPointer, name: String) {
    self.addressBits = UInt(bitPattern: address)
    self.name = name
    self.library = nil
  }

  /// A function from a Swift value of an `@convention(c)` function type, such as an imported C function
  /// stored in a variable of that type.
  ///
  /// ```swift
  /// let compare: @convention(c) (UnsafePointer<tm>?, UnsafePointer<tm>?) -> Int32 = tm_compare
  /// let function = try CFunction(compare, name: "tm_compare")
  /// ```
  ///
  /// - Throws: ``CFunctionError/notACFunction(swiftType:)`` when `function` is not a C function pointer
  ///   (a Swift closure is not one).
  public init<Function>(_ function: Function, name: String) throws(CFunctionError) {
    let typeName = "\(Function.self)"
    guard typeName.hasPrefix("@convention(c)") || typeName.hasPrefix("Optional<@convention(c)"),
      MemoryLayout<Function>.size == MemoryLayout<UnsafeRawPointer>.size
    else { throw .notACFunction(swiftType: typeName) }
    let bits = withUnsafeBytes(of: function) { $0.load(as: UInt.self) }
    guard bits != 0 else { throw .notACFunction(swiftType: typeName) }
    self.addressBits = bits
    self.name = name
    self.library = nil
  }

  private init(address: UnsafeRawPointer, name: String, library: SharedLibrary) {
    self.addressBits = UInt(bitPattern: address)
    self.name = name
    self.library = library
  }

  /// Looks a function up by its symbol name with `dlopen` and `dlsym`.
  ///
  /// ```swift
  /// let function = try CFunction.lookup("rect_equal", in: "libgeom.so")
  /// ```
  ///
  /// - Parameters:
  ///   - symbol: The function's symbol name.
  ///   - library: A shared library's path or name (the dynamic linker's search rules apply), or `nil` for
  ///     the running process and the libraries it has loaded.
  /// - Throws: ``CFunctionError/libraryNotFound(library:message:)`` or
  ///   ``CFunctionError/symbolNotFound(symbol:library:message:)``, with `dlerror`'s text.
  public static func lookup(_ symbol: String, in library: String? = nil) throws(CFunctionError) -> CFunction {
    let opened = try SharedLibrary(library)
    return CFunction(address: try opened.address(of: symbol), name: symbol, library: opened)
  }

  /// The name.
  public var description: String { name }
}
