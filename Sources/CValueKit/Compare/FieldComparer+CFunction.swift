extension FieldComparer {
  /// A comparer of one field decided by a C function taking a pointer to each of the two fields, as a
  /// registered type comparer is (see ``ValueRegistry/register(_:comparer:signature:convention:)``).
  ///
  /// What the C API's `cv_field_comparer` of kind `CV_FIELD_FUNCTION` makes. Swift code can as well call
  /// the C function from the closure of ``init(_:areEqual:)``, `FieldComparer(UInt32.self) { crc_equal($0, $1) }`;
  /// this form checks the function's signature against the field, and names the function in errors.
  ///
  /// The signature is the function's type encoding, return type first, with two pointer arguments: `^v`
  /// points to any field (`int32_t crc_equal(const void *, const void *)`, `i^v^v`), a typed pointer to a
  /// field of that type only (`B^I^I`, `i^{tm}^{tm}`; a record by its tag alone fits the record).
  ///
  /// ```swift
  /// let equal: @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> Int32 = crc_equal
  /// options.fieldComparers[".checksum"] = try FieldComparer(
  ///   CFunction(equal, name: "crc_equal"), signature: "i^I^I", convention: .nonZeroMeansEqual)
  /// // cv_packet values differ at 1 of 9 fields:
  /// //   .checksum: 286370765 ≠ 286370766
  /// ```
  ///
  /// - Parameters:
  ///   - function: The C function, from an address or ``CFunction/lookup(_:in:)``.
  ///   - signature: The function's type encoding, return type first, then two pointers.
  ///   - result: Whether a non-zero or a zero result means equal.
  /// - Throws: ``ValueError/cFunction(_:)`` for a signature that does not parse, does not take two
  ///   pointers of one type, or does not return `bool` or an integer. A field of another type than the
  ///   pointers' throws ``ValueError/comparerDoesNotFit(_:comparer:field:in:)`` when comparing.
  public init(_ function: CFunction, signature: String, convention result: CComparerConvention) throws(ValueError) {
    let pointee: TypeEncoding
    do throws(CFunctionError) {
      let parsed = try CFunctionSignature(signature, function: function, valueType: .scalar(.void))
      try parsed.requireArity([2], role: "field comparer")
      guard case .pointer(let first) = parsed.arguments[0].unqualified,
        case .pointer(let second) = parsed.arguments[1].unqualified, first.identity == second.identity
      else {
        throw CFunctionError.argumentMismatch(
          function: function.name, position: 1, found: parsed.arguments[0],
          expected: "a field comparer takes a pointer to each field, both of one type")
      }
      pointee = first.unqualified
      let layout = Result { () throws(LayoutError) in try TypeCatalog().layout(of: pointee) }
      let made = try CComparator.make(
        function, signature: signature, valueType: pointee, layout: layout, result: result)
      self.init(
        description: function.name, fit: .type(pointee == .scalar(.void) ? nil : pointee), compare: made.compare)
    } catch { throw .cFunction(error) }
  }
}
