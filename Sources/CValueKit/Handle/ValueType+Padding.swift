extension ValueType {
  /// Checks that every padding byte of a value is zero, and reports each run of non-zero padding bytes by
  /// offset and the fields it lies between: what a struct copied out of a trust boundary would leak (CERT
  /// DCL39-C).
  ///
  /// The result is a ``Comparison`` of the value's padding against zero (strategy `padding` in its report):
  /// ``Comparison/isEqual`` when every padding byte is zero, and a
  /// ``Mismatch`` per run of non-zero bytes, with its ``Mismatch/paddingRange`` and the bytes as
  /// ``Mismatch/actual``. Padding is every byte no field covers: holes between members, tail padding, and the
  /// bytes of a union that no member covers; with a union member rule, also the bytes only the other members
  /// cover, since they are dead in a value whose live member is known.
  ///
  /// The bytes are the value as C wrote it: a buffer a C function filled, a `recv` buffer, memory behind a
  /// pointer (`UnsafeRawBufferPointer(start: pointer, count: size)`). A Swift value of an imported struct
  /// is not such a value: Swift copies its fields, not its padding, so its padding bytes are whatever the
  /// copy's memory held.
  ///
  /// ```swift
  /// // struct tm built field by field in a buffer that held 0xAA bytes
  /// try registry.resolve("struct tm").checkPadding(bytes: buffer).report
  /// // tm has 4 non-zero padding bytes:
  /// //   36..<40 (after .tm_isdst, before .tm_gmtoff): <4 bytes: aa aa aa aa>
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: The value's bytes.
  ///   - unionMembers: The live member of unions, by the union's path (see ``UnionMember``), on top of the
  ///     rules registered with ``ValueRegistry/register(_:unionMember:at:)``: the bytes only the other
  ///     members cover are dead, so they are padding too.
  /// - Throws: ``ValueError/layoutUnknown(_:_:)`` when the layout is unknown,
  ///   ``ValueError/wrongSize(role:byteCount:type:typeSize:)`` when the bytes are not one value, and
  ///   ``ValueError/unionMember(path:problem:in:)`` for a union member rule that does not fit the type.
  public func checkPadding(bytes: some Collection<UInt8>, unionMembers: [FieldPath: UnionMember] = [:])
    throws(ValueError) -> Comparison
  {
    guard let rules, let layout else { throw .layoutUnknown(type, layoutError ?? LayoutError(.unknownHasNoSize)) }
    let chosen = try applying(unionMembers, to: rules)
    return try ValueType.withRawBytes(of: bytes) { (buffer) throws(ValueError) -> Comparison in
      guard buffer.count == layout.size else {
        throw .wrongSize(role: "", byteCount: buffer.count, type: type, typeSize: layout.size)
      }
      guard let base = buffer.baseAddress else { return paddingCheck(runs: [], gapCount: 0) }
      let covered = CoveredFields(chosen, value: base)
      return paddingCheck(runs: covered.nonZeroPadding(buffer), gapCount: covered.gaps(size: buffer.count).count)
    }
  }

  /// The result of a padding check with these runs of non-zero padding bytes, among `gapCount` runs of
  /// padding.
  private func paddingCheck(runs: [Mismatch], gapCount: Int) -> Comparison {
    Comparison(
      type: type, isEqual: runs.isEmpty, strategy: .padding, mismatches: runs, mismatchCount: runs.count,
      comparedFieldCount: gapCount, actualDescription: nil, expectedDescription: nil, typeName: reportName,
      nonZeroPaddingByteCount: runs.reduce(0) { $0 + ($1.paddingRange?.count ?? 0) })
  }

  /// How reports name the type: the typedef it was resolved by, the record's tag, or the C spelling.
  var reportName: String { name ?? type.record?.name ?? type.cTypeName }
}
