extension ValueRegistry {
  /// Registers a C function as the comparer for a type.
  ///
  /// The signature is a type encoding of the function, return type first, then the two arguments, with no
  /// frame offsets: `B{CGPoint=dd}{CGPoint=dd}` for `bool CGPointEqualToPoint(CGPoint, CGPoint)`,
  /// `i^{tm}^{tm}` for `int tm_cmp(const struct tm *, const struct tm *)`, `i^v^v` for a `memcmp`-like
  /// function. Each argument is the value itself or a pointer to it (`^v` points to anything); the return
  /// type is `bool` or an integer, read as `result` says.
  ///
  /// ```swift
  /// let equal: @convention(c) (cv_point, cv_point) -> Bool = cv_point_equal
  /// try registry.register(
  ///   "{cv_point=dd}", comparer: CFunction(equal, name: "cv_point_equal"), ///   signature: "B{cv_point=dd}{cv_point=dd}", convention: .nonZeroMeansEqual)
  /// ```
  ///
  /// Everything is checked here, never when comparing: the argument count and types, the return type, and
  /// whether libffi can pass the value (bitfields, vectors and flexible arrays cannot be passed by value).
  /// A function taking two pointers is then called directly through a C function pointer; any other through
  /// a libffi call interface prepared once and kept with the registration. Comparisons through it say so in
  /// their reports (`(C function geo_point_equal)`). A later registration for the type replaces it.
  ///
  /// - Parameters:
  ///   - type: The values' type, as an encoding or readable name, or a ``TypeEncoding``.
  ///   - function: The C function, from an address or ``CFunction/lookup(_:in:)``.
  ///   - signature: The function's type encoding, return type first.
  ///   - result: Whether a non-zero or a zero result means equal.
  /// - Throws: ``ValueError/encoding(_:)`` for a bad encoding, ``ValueError/cFunction(_:)`` for anything
  ///   wrong with the function or its signature.
  public func register(
    _ type: some TypeEncodingConvertible, comparer function: CFunction, signature: String,
    convention result: CComparerConvention
  ) throws(ValueError) {
    let type = try parse(type)
    let comparator: (compare: RawComparator, direct: DirectComparator)
    do throws(CFunctionError) {
      comparator = try CComparator.make(
        function, signature: signature, valueType: type, layout: layoutResult(of: type), result: result)
    } catch { throw .cFunction(error) }
    registerEntry(
      type, compare: comparator.compare, describe: nil,
      comparatorFunction: (name: function.name, direct: comparator.direct))
  }

  /// Registers a C function as the describer for a type.
  ///
  /// ```swift
  /// try registry.register(
  ///   "{cv_point=dd}", describer: .lookup("cv_point_print", in: "libgeom.so"), ///   signature: "i*Q^{cv_point=dd}", convention: .writesIntoBuffer)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The values' type, as an encoding or readable name, or a ``TypeEncoding``.
  ///   - function: The C function.
  ///   - signature: The function's type encoding, return type first: `r*{T}` or `*^{T}` for a function
  ///     returning a string, `i*Q^{T}` for one writing into a buffer as `snprintf` does.
  ///   - style: How the text comes back, and who frees it.
  /// - Throws: ``ValueError/encoding(_:)`` for a bad encoding, ``ValueError/cFunction(_:)`` for anything
  ///   wrong with the function or its signature.
  public func register(
    _ type: some TypeEncodingConvertible, describer function: CFunction, signature: String,
    convention style: CDescriberConvention
  ) throws(ValueError) {
    let type = try parse(type)
    let describer: RawDescriber
    do throws(CFunctionError) {
      describer = try CDescriber.make(
        function, signature: signature, valueType: type, layout: layoutResult(of: type), style: style)
    } catch { throw .cFunction(error) }
    registerEntry(type, compare: nil, describe: describer, comparatorFunction: nil)
  }

  private func layoutResult(of type: TypeEncoding) -> Result<CLayout, LayoutError> {
    do throws(LayoutError) { return .success(try catalog.layout(of: type)) } catch { return .failure(error) }
  }
}
