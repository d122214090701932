extension ValueType {
  /// Describes a value, given as its bytes, as a C initializer: `{.x = 1.5, .y = -2}`; or `count` consecutive
  /// values, one stride apart, as a C array initializer: `{v0, v1, … 8 more}`.
  ///
  /// Fields with a registered describer are described by it. When the layout is unknown the bytes of one value
  /// are shown as a hex dump with their count; an array of them is refused.
  ///
  /// ```swift
  /// let point = try ValueRegistry.shared.resolve("point")
  /// try point.describe(bytes: point.parse("{1.5, -2}"))   // {.x = 1.5, .y = -2}
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: The bytes: an `UnsafeRawBufferPointer`, a `[UInt8]` such as ``parse(_:count:)`` returns, or any
  ///     other collection of bytes.
  ///   - count: `nil` for one value; else how many values the bytes hold.
  ///   - options: How floating-point values, characters and long arrays are written.
  ///   - format: ``ReportFormat/text`` for the C initializer; ``ReportFormat/json`` for the schema 1 object
  ///     with the initializer and every leaf of the layout with its value (`cvalue describe --format json`); an
  ///     array's leaves are listed with the value's index first (`[1].x`), at their offsets from the first value.
  /// - Throws: ``ValueError/wrongSize(role:byteCount:type:typeSize:)`` when the buffer is not one value (or not
  ///   `count` values), ``ValueError/invalidCount(_:)`` for a negative count or one larger than
  ///   ``CLayout/maximumSize`` (the largest array a layout has; a zero-size type would otherwise print without
  ///   end), ``ValueError/layoutUnknown(_:_:)`` for an array whose layout is unknown, and
  ///   ``ValueError/unionMember(path:problem:in:)`` when a rule in ``DescriptionOptions/unionMembers`` does not fit
  ///   (its paths are from one value).
  @inlinable
  public func describe(
    bytes: some Collection<UInt8>, count: Int? = nil, options: DescriptionOptions = .default,
    as format: ReportFormat = .text
  ) throws(ValueError) -> String {
    try ValueType.withRawBytes(of: bytes) { (raw) throws(ValueError) in
      guard let count else {
        let text = try describeRaw(raw, options: options)
        return format.description(text) { describeJSON(raw, count: nil, description: text) }
      }
      let text = try describeRaw(raw, count: count, options: options)
      return format.description(text) { describeJSON(raw, count: count, description: text) }
    }
  }

  @usableFromInline
  func describeRaw(_ bytes: UnsafeRawBufferPointer, options: DescriptionOptions) throws(ValueError) -> String {
    guard let layout else {
      // Union member rules cannot be checked without members: refused, not ignored.
      if !options.unionMembers.isEmpty { throw .layoutUnknown(type, layoutError ?? LayoutError(.unknownHasNoSize)) }
      return entries.entry(for: type)?.describe?(bytes) ?? ValueDescriber.describeBytes(bytes)
    }
    guard bytes.count == layout.size else {
      throw .wrongSize(role: "", byteCount: bytes.count, type: type, typeSize: layout.size)
    }
    return try makeDescriber(options).describe(bytes)
  }

  @usableFromInline
  func describeRaw(_ bytes: UnsafeRawBufferPointer, count: Int, options: DescriptionOptions) throws(ValueError)
    -> String
  {
    guard let layout else { throw .layoutUnknown(type, layoutError ?? LayoutError(.unknownHasNoSize)) }
    let (total, overflow) = count.multipliedReportingOverflow(by: layout.stride)
    guard count >= 0, count <= CLayout.maximumSize, !overflow else { throw .invalidCount(count) }
    guard bytes.count == total else {
      throw .wrongSize(role: "", byteCount: bytes.count, type: .array(count: count, element: type), typeSize: total)
    }
    return try makeDescriber(options).describer?.describeValues(bytes, count: count) ?? ""
  }

  /// Describes a Swift value that has this C type's layout.
  ///
  /// - Throws: ``ValueError/swiftTypeSize(swiftType:size:type:typeSize:)`` when the sizes differ, and the
  ///   errors of ``describe(bytes:count:options:as:)``.
  public func describe<Value>(_ value: Value, options: DescriptionOptions = .default)
    throws(ValueError) -> String
  {
    try Self.checkPlainData(Value.self)
    if let layout, !Self.fits(Value.self, layout) {
      throw .swiftTypeSize(
        swiftType: "\(Value.self)", size: MemoryLayout<Value>.size, type: type, typeSize: layout.size)
    }
    return try Self.withCBytes(of: value, size: layout?.size ?? MemoryLayout<Value>.size) {
      (bytes) throws(ValueError) in try describeRaw(bytes, options: options)
    }
  }

  /// The largest value, in bytes, that ``parse(_:count:)`` builds: 1 GiB. A literal names its bytes, but a type
  /// as large as a layout allows (``CLayout/maximumSize``, 1 TiB) would be zero-filled in memory first;
  /// a type that large, from a pasted encoding or a fixture file, is an error and not an allocation that
  /// fails.
  public static let maximumParsedSize = 1 << 30

  /// Turns a C initializer back into the bytes of one value: every field not mentioned and all padding zero.
  ///
  /// It reads what ``describe(bytes:count:options:as:)`` prints and ordinary C besides:
  /// designators and designator chains (`.origin.x = 1`, `[2] = 5`), positional elements, string literals
  /// for `char` arrays, character literals, hex floats, `NULL`, `true`, comments.
  ///
  /// With a `count`, the literal is a C array initializer of `count` values, as
  /// ``describe(bytes:count:options:as:)`` prints them, and field paths in errors start with the index
  /// (`[2].flags`).
  ///
  /// ```swift
  /// let bytes = try ValueRegistry.shared.resolve("point").parse("{.x = 1.5, .y = -2}")
  /// let two = try ValueRegistry.shared.resolve("point").parse("{{1, 2}, {3, 4}}", count: 2)
  /// ```
  ///
  /// - Parameters:
  ///   - literal: The initializer.
  ///   - count: The number of values in an array initializer; `nil` for one value.
  /// - Throws: ``ValueError/literal(problem:path:offset:literal:)`` naming the field path and the offset in the literal,
  ///   ``ValueError/layoutUnknown(_:_:)``, ``ValueError/invalidCount(_:)`` for a negative count or one whose
  ///   byte count overflows, or ``ValueError/tooLargeToParse(_:size:limit:)`` for a value (or array) larger
  ///   than ``maximumParsedSize``.
  public func parse(_ literal: String, count: Int? = nil) throws(ValueError) -> [UInt8] {
    guard var layout else { throw .layoutUnknown(type, layoutError ?? LayoutError(.unknownHasNoSize)) }
    if let count {
      let (byteCount, overflow) = count.multipliedReportingOverflow(by: layout.stride)
      guard count >= 0, !overflow, byteCount <= CLayout.maximumSize else { throw .invalidCount(count) }
      let arrayType = TypeEncoding.array(count: count, element: type)
      layout = CLayout(
        type: arrayType, abi: abi,
        root: CLayout.Node(
          type: arrayType, size: byteCount, alignment: layout.alignment,
          content: .array(count: count, element: layout.root)))
    }
    guard layout.size <= Self.maximumParsedSize else {
      throw .tooLargeToParse(layout.type, size: layout.size, limit: Self.maximumParsedSize)
    }
    do throws(ValueLiteralError) {
      return try ValueLiteralParser(layout: layout).parse(literal)
    } catch {
      throw error.valueError
    }
  }

  /// A describer that uses this handle's registered describers and union member rules, with the rules of
  /// `options` in place of registered ones for the same unions; or, given `rules`, the live members those
  /// rules chose (a comparison's), for a value laid out as `layout` (a run of values for a comparison of runs).
  func makeDescriber(_ options: DescriptionOptions, layout: CLayout? = nil, rules: RuleNode? = nil)
    throws(ValueError) -> MismatchDescriber
  {
    guard let layout = layout ?? self.layout else { return MismatchDescriber(describer: nil) }
    let entries = entries
    var live = rules ?? self.rules
    if rules == nil, let own = self.rules { live = try applying(options.unionMembers, to: own) }
    return MismatchDescriber(
      describer: ValueDescriber(
        layout: layout, options: options, custom: { entries.entry(for: $0.type)?.describe }, liveMembers: live))
  }
}
