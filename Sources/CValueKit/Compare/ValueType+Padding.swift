extension ValueType {
  /// Checks that every padding byte of a value is zero, and reports each run of non-zero padding bytes by
  /// offset and the fields it lies between: what a struct copied out of a trust boundary would leak.
  ///
  /// ```swift
  /// var time = tm()   // built field by field over a buffer of 0xAA bytes
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
  ///   ``ValueError/unionMember(_:in:)`` for a union member rule that does not fit the type.
  public func checkPadding(bytes: some Collection<UInt8>, unionMembers: [FieldPath: UnionMember] = [:])
    throws(ValueError) -> PaddingCheck
  {
    guard let rules, let layout else { throw .layoutUnknown(type, layoutError ?? LayoutError(.unknownHasNoSize)) }
    let chosen = try applying(unionMembers, to: rules)
    return try ValueType.withRawBytes(of: bytes) { (buffer) throws(ValueError) -> PaddingCheck in
      guard buffer.count == layout.size else {
        throw .wrongSize(role: "", byteCount: buffer.count, type: type, typeSize: layout.size)
      }
      guard let base = buffer.baseAddress else { return PaddingCheck(typeName: reportName, runs: []) }
      return PaddingCheck(typeName: reportName, runs: CoveredFields(chosen, value: base).nonZeroPadding(buffer))
    }
  }

  /// ``checkPadding(bytes:unionMembers:)`` on a Swift value with the C type's layout, such as an imported C
  /// struct.
  ///
  /// - Throws: ``ValueError/swiftTypeSize(swiftType:size:type:typeSize:)`` when the Swift type's size is not
  ///   the C type's, and the errors of ``checkPadding(bytes:unionMembers:)``.
  public func checkPadding<Value>(_ value: Value, unionMembers: [FieldPath: UnionMember] = [:])
    throws(ValueError) -> PaddingCheck
  {
    try Self.checkPlainData(Value.self)
    guard MemoryLayout<Value>.size == valueSize else {
      throw .swiftTypeSize(
        swiftType: "\(Value.self)", size: MemoryLayout<Value>.size, type: type, typeSize: max(valueSize, 0))
    }
    return try ValueType.withRawBytes(of: Swift.withUnsafeBytes(of: value) { Array($0) }) {
      (bytes) throws(ValueError) -> PaddingCheck in try checkPadding(bytes: bytes, unionMembers: unionMembers)
    }
  }

  /// How reports name the type: the typedef it was resolved by, the record's tag, or the C spelling.
  var reportName: String { name ?? type.record?.name ?? type.cTypeName }
}
