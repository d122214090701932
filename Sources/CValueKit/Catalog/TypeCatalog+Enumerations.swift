extension TypeCatalog {
  /// Registers the enumeration of an integer member of a struct or union, so that descriptions
  /// write its values as constant names (`.state = Z_STREAM_END`; a value that is no constant stays a
  /// number), mismatch lines in reports name them too, and the literal parser reads the names back.
  ///
  /// An encoding cannot say that a member is an enum (`enum zstate state;` encodes as `i`), which is
  /// why the catalog carries it. Every layout of the record computed after the registration, on any ABI,
  /// has the enumeration on the member's node (the enumeration the layout keeps for it); handles resolved before
  /// keep what they had, and a new resolve sees it.
  ///
  /// ```swift
  /// let catalog = TypeCatalog()
  /// try catalog.register(record: "{msg=\"state\"i\"flags\"b0I3}")
  /// let state = CEnumeration(
  ///   name: "enum zstate", constants: [(name: "Z_OK", value: 0), (name: "Z_STREAM_END", value: 1)])
  /// try catalog.register("{msg}", enumeration: state, member: "state")
  /// // describe: {.state = Z_STREAM_END, .flags = 0}
  /// ```
  ///
  /// - Parameters:
  ///   - enumeration: The constants; their names must be C identifiers, each used once, and every value
  ///     must fit the member's type on the host ABI.
  ///   - member: The name of a direct member of `record`: an integer (not `_Bool`), an integer bitfield
  ///     (enum bitfields exist), or an array of integers (arrays of arrays too), whose elements then take
  ///     the constants.
  ///   - record: A named struct or union: written with its members (which also registers its definition,
  ///     as ``register(record:)`` does) or named alone (`{msg}`) when its definition is registered; or an
  ///     anonymous one written with its members (`{?="mode"i"c"c}`, a typedef of one), which an encoding
  ///     knows by its members alone: every anonymous record with the same members' names and types takes it.
  /// - Throws: ``CatalogError``, and then nothing is registered:
  ///   ``CatalogError/invalidConstantName(_:enumeration:)``, ``CatalogError/duplicateConstant(_:enumeration:)``,
  ///   ``CatalogError/notANamedRecordDefinition(_:)`` (not a record, or one whose members are unknown), ``CatalogError/recordTaken(_:existing:new:)``, ``CatalogError/noSuchMember(_:record:)``,
  ///   ``CatalogError/notAnIntegerMember(_:record:type:)``,
  ///   ``CatalogError/constantDoesNotFit(name:value:member:record:type:)``,
  ///   ``CatalogError/enumerationTaken(member:record:existing:new:)`` (registering the same enumeration
  ///   again is allowed), or ``CatalogError/encoding(_:)``.
  public func register(
    _ record: some TypeEncodingConvertible, enumeration: CEnumeration, member: String
  ) throws(CatalogError) {
    let given = try registering(record)
    try Self.validate(enumeration)
    guard let body = given.record else { throw CatalogError.notANamedRecordDefinition(given) }
    let isUnion = if case .union = given.unqualified { true } else { false }
    let key = RecordKey.enumerations(of: body, isUnion: isUnion)
    guard case .named = key else {
      // An anonymous record is known by its members alone: it is registered with them.
      guard let fields = body.fields else { throw CatalogError.notANamedRecordDefinition(given) }
      return try updateDefinitions { (definitions) throws(CatalogError) in
        try Self.add(
          enumeration, member: member, of: key, fields: fields, to: &definitions.enumerations,
          recordType: given)
      }
    }
    try updateDefinitions { (definitions) throws(CatalogError) in
      var records = definitions.records
      if body.fields != nil { try Self.insert(body, for: key, into: &records) }
      guard let definition = records[key], let fields = definition.fields else {
        throw CatalogError.notANamedRecordDefinition(given)
      }
      let added = try Self.add(
        enumeration, member: member, of: key, fields: fields, to: &definitions.enumerations,
        recordType: key.encoding(definition))
      let recordsChanged = records != definitions.records
      if recordsChanged { definitions.records = records }
      return recordsChanged || added
    }
  }

  /// ``register(_:enumeration:member:)`` for a record this catalog defines, named as C names it
  /// (`struct link`, or the typedef `anon_t` of an anonymous struct): the name is looked up, not resolved
  /// into the record's whole encoding, which a catalog file's hundreds of members (Vulkan's 951) would
  /// otherwise do each. A name the catalog does not define goes the general way, for its error.
  ///
  /// An empty `member` registers the enumeration of the type `name` itself (``register(_:ofTypeNamed:)``).
  package func register(_ enumeration: CEnumeration, member: String, ofRecordNamed name: String)
    throws(CatalogError)
  {
    if member.isEmpty { return try register(enumeration, ofTypeNamed: name) }
    let key = RecordKey(cName: name)
    let isTag = name.hasPrefix("struct ") || name.hasPrefix("union ")
    if !isTag, let named = encoding(named: name), let record = named.record, record.name == nil {
      // A typedef of an anonymous record: its members are its name.
      return try register(named, enumeration: enumeration, member: member)
    }
    guard case .named = key, let definition = state.withLock({ $0.definitions.records[key] }),
      let fields = definition.fields
    else {
      if let nested = nestedRecord(named: name) {
        return try register(nested, enumeration: enumeration, member: member)
      }
      return try register(name, enumeration: enumeration, member: member)
    }
    try Self.validate(enumeration)
    try updateDefinitions { (definitions) throws(CatalogError) in
      try Self.add(
        enumeration, member: member, of: key, fields: fields, to: &definitions.enumerations,
        recordType: key.encoding(definition))
    }
  }

  /// Registers the enumeration of a type that is itself an enum, by the readable name it is registered
  /// under (a typedef `level_t`, `enum pwr_state`), so that a value resolved by that name is described and
  /// reported by its constants' names (`LEVEL_HIGH`), and its layout names the enum.
  ///
  /// - Throws: ``CatalogError/encoding(_:)`` for a name the catalog does not know,
  ///   ``CatalogError/notAnIntegerMember(_:record:type:)`` when it names no integer (or array of them),
  ///   ``CatalogError/constantDoesNotFit(name:value:member:record:type:)`` and
  ///   ``CatalogError/enumerationTaken(member:record:existing:new:)``, as for a member.
  package func register(_ enumeration: CEnumeration, ofTypeNamed name: String) throws(CatalogError) {
    try Self.validate(enumeration)
    guard let type = encoding(named: name) else {
      throw CatalogError.encoding(EncodingError(.unknownName(name), at: 0, in: name))
    }
    try updateDefinitions { (definitions) throws(CatalogError) in
      var table: [RecordKey: [String: CEnumeration]] = [:]
      // The type's own record of one member: what ``add`` checks a member against.
      let key = RecordKey.named(name, isUnion: false)
      if let existing = definitions.typeEnumerations[name] { table[key] = [name: existing] }
      guard
        try Self.add(
          enumeration, member: name, of: key, fields: [.init(name: name, type: type)], to: &table, recordType: type)
      else { return false }
      definitions.typeEnumerations[name] = enumeration
      return true
    }
  }

  /// The enumeration of the type `name` stands for, when it is itself an enum (``register(_:ofTypeNamed:)``);
  /// `name` as C code spells it (`enum  pwr_state`).
  package func enumeration(ofTypeNamed name: String) -> CEnumeration? {
    state.withLock { state in
      guard !state.definitions.typeEnumerations.isEmpty else { return nil }
      return state.definitions.typeEnumerations[name]
        ?? CTypeName.canonical(name).flatMap { state.definitions.typeEnumerations[$0] }
    }
  }

  /// The anonymous record an import names by its place in a named one, as the readers name it: the member
  /// `in` of `struct outer` is `struct outer.in`, a C11 anonymous member `struct outer (anonymous union with
  /// .u)` (by its first named member) or `… (anonymous struct at member 2)`, nested to any depth, from a
  /// record or a typedef the catalog defines. `nil` for a name of another form, or that leads nowhere.
  func nestedRecord(named name: String) -> TypeEncoding? {
    // The record or typedef the name starts with: the longest prefix before a step that the catalog knows.
    guard Self.isNestedRecordName(name) else { return nil }
    var starts = name.indices.filter { name[$0] == "." || Self.anonymousStep(name[$0...]) }
    starts.reverse()
    for start in starts {
      let base = String(name[..<start])
      let isTag = base.hasPrefix("struct ") || base.hasPrefix("union ")
      guard let type = isTag ? record(named: base) : encoding(named: base) else { continue }
      return Self.follow(name[start...], from: type)
    }
    return nil
  }

  /// Whether `name` is an anonymous record's place in another as the readers name it (`struct outer.in`,
  /// `struct outer (anonymous union with .u)`), rather than a record's or a typedef's name.
  package static func isNestedRecordName(_ name: String) -> Bool {
    name.contains(".") || name.contains(" (anonymous struct ") || name.contains(" (anonymous union ")
  }

  /// Whether `text` starts with a step into a C11 anonymous member: ` (anonymous struct …)`.
  private static func anonymousStep(_ text: Substring) -> Bool {
    text.hasPrefix(" (anonymous struct ") || text.hasPrefix(" (anonymous union ")
  }

  /// The record `steps` (`.in`, ` (anonymous union with .u)`, one after another) lead to from `type`.
  private static func follow(_ steps: Substring, from type: TypeEncoding) -> TypeEncoding? {
    var rest = steps
    var current = type
    while !rest.isEmpty {
      // Arrays of the record hold it as their element; the name does not say them.
      while case .array(_, let element) = current.unqualified { current = element }
      guard let fields = current.record?.fields else { return nil }
      if rest.hasPrefix(".") {
        let name = rest.dropFirst().prefix { $0 != "." && $0 != " " }
        rest = rest.dropFirst(1 + name.count)
        guard let field = fields.first(where: { $0.name.map { $0[...] } == name }) else { return nil }
        current = field.type
      } else {
        guard anonymousStep(rest), let close = rest.firstIndex(of: ")") else { return nil }
        let words = rest[rest.index(rest.startIndex, offsetBy: 12)..<close].split(separator: " ")
        rest = rest[rest.index(after: close)...]
        let anonymous = fields.enumerated().filter { $0.element.name == nil && $0.element.type.record != nil }
        let found: TypeEncoding.Field?
        if words.count == 3, words[1] == "with", words[2].hasPrefix(".") {
          let first = words[2].dropFirst()
          found =
            anonymous.first { item in
              item.element.type.record?.fields?.first { $0.name != nil }?.name.map { $0[...] } == first
            }?.element
        } else if words.count == 4, words[1] == "at", words[2] == "member", let position = Int(words[3]) {
          found = anonymous.first { $0.offset == position }?.element
        } else {
          return nil
        }
        guard let found else { return nil }
        current = found.type
      }
    }
    while case .array(_, let element) = current.unqualified { current = element }
    guard let record = current.record, record.name == nil, record.fields != nil else { return nil }
    return current.unqualified
  }

  /// Checks that `enumeration` fits `member` of the record `key` whose members are `fields`, and adds it
  /// to `enumerations`; whether that changed them (the same enumeration again changes nothing).
  private static func add(
    _ enumeration: CEnumeration, member: String, of key: RecordKey, fields: [TypeEncoding.Field],
    to enumerations: inout [RecordKey: [String: CEnumeration]], recordType: @autoclosure () -> TypeEncoding
  ) throws(CatalogError) -> Bool {
    guard let field = fields.first(where: { $0.name == member }) else {
      throw CatalogError.noSuchMember(member, record: recordType())
    }
    guard let range = Self.integerRange(of: field.type) else {
      throw CatalogError.notAnIntegerMember(member, record: recordType(), type: field.type)
    }
    // All fit when the smallest and the largest do; only then is the first that does not looked for.
    let fits = enumeration.valueRange.map {
      range.contains(Int128($0.lowerBound)) && range.contains(Int128($0.upperBound))
    }
    if fits == false {
      for constant in enumeration.constants where !range.contains(Int128(constant.value)) {
        throw CatalogError.constantDoesNotFit(
          name: constant.name, value: constant.value, member: member, record: recordType(), type: field.type)
      }
    }
    let existing = enumerations[key]?[member]
    if let existing, existing != enumeration {
      throw CatalogError.enumerationTaken(member: member, record: recordType(), existing: existing, new: enumeration)
    }
    guard existing == nil else { return false }
    enumerations[key, default: [:]][member] = enumeration
    return true
  }

  /// The enumeration registered for a member of a struct or union, or `nil`.
  ///
  /// ```swift
  /// catalog.enumeration(forMember: "state", of: "msg")?.name(for: 1)   // "Z_STREAM_END"
  /// ```
  ///
  /// - Parameters:
  ///   - member: The member's name.
  ///   - record: The record's C name: `union TAG`, `struct TAG`, the tag alone for a struct, or the typedef
  ///     of an anonymous one.
  package func enumeration(forMember member: String, of record: String) -> CEnumeration? {
    let isTag = record.hasPrefix("struct ") || record.hasPrefix("union ")
    if !isTag, let named = encoding(named: record), let body = named.record, body.name == nil {
      let isUnion = if case .union = named.unqualified { true } else { false }
      return definitions.enumerations[RecordKey.enumerations(of: body, isUnion: isUnion)]?[member]
    }
    return definitions.enumerations[RecordKey(cName: record)]?[member]
  }

  /// Checks the constants' names: C identifiers, each used once.
  private static func validate(_ enumeration: CEnumeration) throws(CatalogError) {
    // The enumeration knows whether it has a bad name; only then is the first one looked for.
    guard enumeration.problem != nil else { return }
    var seen: Set<String> = []
    for constant in enumeration.constants {
      guard ASCII.isIdentifier(constant.name) else {
        throw CatalogError.invalidConstantName(constant.name, enumeration: enumeration)
      }
      guard seen.insert(constant.name).inserted else {
        throw CatalogError.duplicateConstant(constant.name, enumeration: enumeration)
      }
    }
  }

  /// The values a member of `type` holds on the host ABI, when it is an integer (not `_Bool`), an integer
  /// bitfield or an array of them; `nil` otherwise.
  static func integerRange(of type: TypeEncoding) -> ClosedRange<Int128>? {
    var base = type
    while true {
      switch base {
      case .qualified(_, let inner), .array(_, let inner): base = inner
      case .scalar(let scalar):
        guard scalar.isInteger, scalar != .bool, let (size, _) = ABI.host.sizeAndAlignment(of: scalar) else {
          return nil
        }
        return range(bits: size * 8, isSigned: scalar.isSignedInteger)
      case .bitfield(let bitfield):
        guard bitfield.declaredType.map({ $0.isInteger && $0 != .bool }) ?? true else { return nil }
        return range(bits: bitfield.width, isSigned: bitfield.declaredType?.isSignedInteger ?? false)
      default: return nil
      }
    }
  }

  /// The values of a `bits`-bit integer, as far as an `Int64` constant can reach; `nil` for no bits (a
  /// zero-width bitfield holds nothing).
  private static func range(bits: Int, isSigned: Bool) -> ClosedRange<Int128>? {
    guard bits > 0 else { return nil }
    let bits = Swift.min(bits, 100)
    return isSigned ? -(Int128(1) << (bits - 1))...(Int128(1) << (bits - 1)) - 1 : 0...(Int128(1) << bits) - 1
  }
}
