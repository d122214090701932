/// Computes layouts from encodings with an ABI's rules and the record definitions handed to it.
///
/// The rules are clang's for the System V and AAPCS64 ABIs: members at the next offset aligned for them,
/// records aligned to their most aligned member and padded to a multiple of it; GNU-form bitfields at the
/// bit offset the encoding states, aligning the record to their declared type unless they are unnamed
/// (zero-width, or nameless in a record whose other members are named); `_Atomic` rounded to a power of two.
struct LayoutEngine {
  static let maximumDepth = 512

  let abi: ABI
  let definitions: RecordDefinitions
  /// Records being expanded from catalog definitions, to catch a record that contains itself.
  private var expanding: Set<RecordKey> = []
  /// The encodings laid out by this engine, in order, whose inline definitions ``definedInline(_:)`` reads.
  private var roots: [TypeEncoding] = []
  /// ``definedInline(_:)``'s table, once a member has needed it.
  private var definedInlineTable: [RecordKey: TypeEncoding.Record]?
  /// Whether the encoding being laid out names its members anywhere. In such an encoding a nameless
  /// record member is a C11 anonymous member and a nameless bitfield is padding, as in C.
  private var usesMemberNames = false

  init(abi: ABI, definitions: RecordDefinitions) {
    self.abi = abi
    self.definitions = definitions
  }

  /// - Parameter override: The layout of `type` when it is an anonymous record, whose override is carried
  ///   by the record holding it rather than registered.
  mutating func layout(_ type: TypeEncoding, override: LayoutOverride? = nil) throws(LayoutError) -> CLayout {
    // Never one ABI's rules on another ABI's definitions: a silent wrong layout.
    if let written = definitions.abi, written != abi {
      throw LayoutError(.otherABI(catalog: written.name, laidOut: abi.name))
    }
    usesMemberNames = type.namesMembers
    roots.append(type)
    definedInlineTable = nil
    return CLayout(type: type, abi: abi, root: try node(for: type, depth: 0, override: override))
  }

  /// The definition of a record that the encodings being laid out define somewhere, for their members that
  /// name it only (clang writes an `_Atomic` struct member as `A{Name}`); a tag defined twice differently
  /// in one encoding has none. Worked out the first time a member needs it: most records named alone are
  /// the catalog's.
  private mutating func definedInline(_ key: RecordKey) -> TypeEncoding.Record? {
    if let definedInlineTable { return definedInlineTable[key] }
    var table: [RecordKey: TypeEncoding.Record] = [:]
    for root in roots {
      var conflicting: Set<RecordKey> = []
      for (key, record) in root.namedRecordDefinitions {
        if let known = table[key], known.identity != record.identity { conflicting.insert(key) }
        table[key] = record
      }
      for key in conflicting { table[key] = nil }
    }
    definedInlineTable = table
    return table[key]
  }

  // MARK: - Nodes

  /// The node of `type`. An error names the field where it was found from this node down: the path is
  /// put together only while an error is thrown back up, so that laying out builds no paths.
  ///
  /// - Parameter override: The layout of the record `type` is or holds (in arrays, `_Atomic`), when it is
  ///   given rather than registered: an anonymous record's, carried by the override of the record it is a
  ///   member of.
  mutating func node(
    for type: TypeEncoding, depth: Int, override: LayoutOverride? = nil
  ) throws(LayoutError) -> CLayout.Node {
    guard depth < Self.maximumDepth else { throw LayoutError(.nestingTooDeep(limit: Self.maximumDepth)) }
    switch type {
    case .scalar(let scalar):
      guard let (size, alignment) = abi.sizeAndAlignment(of: scalar) else {
        throw LayoutError(scalar == .void ? .voidHasNoSize : .unknownHasNoSize)
      }
      return CLayout.Node(type: type, size: size, alignment: alignment, content: .leaf)
    case .object, .block, .pointer:
      return CLayout.Node(type: type, size: abi.pointerSize, alignment: abi.pointerAlignment, content: .leaf)
    case .array(let count, let element):
      return try arrayNode(type, count: count, element: element, depth: depth, override: override)
    case .structure(let record):
      return try recordNode(type, record, isUnion: false, depth: depth, carried: override)
    case .union(let record):
      return try recordNode(type, record, isUnion: true, depth: depth, carried: override)
    case .bitfield:
      throw LayoutError(.bitfieldOutsideRecord)
    case .vector(let size, let alignment, let element):
      return try vectorNode(type, size: size, alignment: alignment, element: element, depth: depth)
    case .complex(let component):
      guard case .scalar(let scalar) = component.unqualified, scalar.isInteger || scalar.isFloatingPoint,
        scalar != .bool, let (size, alignment) = abi.sizeAndAlignment(of: scalar)
      else { throw LayoutError(.invalidComplex(component)) }
      return CLayout.Node(type: type, size: 2 * size, alignment: alignment, content: .leaf)
    case .qualified(let qualifier, let base):
      return try qualifiedNode(type, qualifier, base, depth: depth, override: override)
    }
  }

  // The arms that recurse are functions of their own, kept out of `node(for:)`: one frame holding every
  // arm's values (AddressSanitizer gives each its own guarded slot) made 512 levels of nesting overflow a
  // thread's stack.

  @inline(never)
  private mutating func arrayNode(
    _ type: TypeEncoding, count: Int, element: TypeEncoding, depth: Int, override: LayoutOverride?
  ) throws(LayoutError) -> CLayout.Node {
    guard count >= 0 else { throw LayoutError(.negativeNumber("array count \(count)")) }
    let child: CLayout.Node
    do throws(LayoutError) { child = try node(for: element, depth: depth + 1, override: override) } catch {
      throw error.within(.index(0))
    }
    let size = try checkedSize(count, times: child.size)
    return CLayout.Node(
      type: type, size: size, alignment: child.alignment, content: .array(count: count, element: child))
  }

  @inline(never)
  private mutating func qualifiedNode(
    _ type: TypeEncoding, _ qualifier: TypeEncoding.Qualifier, _ base: TypeEncoding, depth: Int,
    override: LayoutOverride?
  ) throws(LayoutError) -> CLayout.Node {
    let inner = try node(for: base, depth: depth + 1, override: override)
    guard qualifier == .atomic else {
      return CLayout.Node(type: type, size: inner.size, alignment: inner.alignment, content: inner.content)
    }
    return atomicNode(type, inner)
  }

  /// clang: an otherwise empty atomic type takes one byte; one no larger than the promotion limit is
  /// rounded up to a power of two and aligned to that size.
  private func atomicNode(_ type: TypeEncoding, _ inner: CLayout.Node) -> CLayout.Node {
    var size = inner.size
    var alignment = inner.alignment
    if size == 0 {
      size = 1
    } else if size <= abi.maximumAtomicPromotionSize {
      var rounded = 1
      while rounded < size { rounded <<= 1 }
      size = rounded
      alignment = rounded
    }
    guard case .leaf = inner.content, size != inner.size else {
      return CLayout.Node(type: type, size: size, alignment: alignment, content: inner.content)
    }
    // A leaf keeps its own size; the bytes the promotion adds are padding.
    return CLayout.Node(
      type: type, size: size, alignment: alignment,
      content: .structure([CLayout.Member(component: nil, bitOffset: 0, node: inner)]))
  }

  private mutating func vectorNode(
    _ type: TypeEncoding, size: Int, alignment: Int, element elementType: TypeEncoding, depth: Int
  ) throws(LayoutError) -> CLayout.Node {
    let element = try node(for: elementType, depth: depth + 1)
    guard alignment > 0, alignment & (alignment - 1) == 0 else {
      throw LayoutError(.invalidVector("alignment \(alignment) is not a power of two"))
    }
    guard size <= CLayout.maximumSize, alignment <= CLayout.maximumSize else {
      throw LayoutError(.tooLarge)
    }
    guard element.size > 0, size > 0, size % element.size == 0 else {
      throw LayoutError(
        .invalidVector("size \(size) is not a whole number of \(element.size)-byte elements"))
    }
    // A C type's size is a whole number of its alignment: one that is not has no stride its size matches,
    // and an array of it would be read past its end (the C API's fuzz target found `![5,4c]`).
    guard size % alignment == 0 else {
      throw LayoutError(
        .invalidVector("size \(size) is not a whole number of its alignment, \(alignment)"))
    }
    return CLayout.Node(type: type, size: size, alignment: alignment, content: .leaf)
  }

  /// The largest bit offset or width a layout can hold: ``CLayout/maximumSize`` in bits.
  static let maximumBits = CLayout.maximumSize * 8

  private func checkedSize(_ count: Int, times size: Int) throws(LayoutError) -> Int {
    let (product, overflow) = count.multipliedReportingOverflow(by: size)
    guard !overflow, product <= CLayout.maximumSize else { throw LayoutError(.tooLarge) }
    return product
  }

  // MARK: - Records

  private mutating func recordNode(
    _ type: TypeEncoding, _ written: TypeEncoding.Record, isUnion: Bool, depth: Int, carried: LayoutOverride?
  ) throws(LayoutError) -> CLayout.Node {
    let kind = isUnion ? "union" : "struct"
    let key = written.name.map { RecordKey.named($0, isUnion: isUnion) }
    var record = written
    if written.fields == nil {
      guard let key, let known = definitions.records[key] ?? definedInline(key) else {
        throw LayoutError(
          .recordLayoutUnknown(written.name.map { "\(kind) \($0)" } ?? "an anonymous \(kind)"))
      }
      guard !expanding.contains(key) else { throw LayoutError(.recursiveRecord(key.description)) }
      record = known
      expanding.insert(key)
    } else if let key, !written.hasFieldNames, let known = definitions.records[key], known.hasFieldNames,
      known.identity == written.identity, let knownFields = known.fields, let fields = written.fields
    {
      record.fields = zip(fields, knownFields).map { TypeEncoding.Field(name: $1.name, type: $0.type) }
    }
    defer { if written.fields == nil, let key { expanding.remove(key) } }

    var override = carried
    // An anonymous record is keyed by its members: worked out only when some override is registered.
    if override == nil, !definitions.overrides.isEmpty {
      let overrideKey = key ?? RecordKey.anonymous(isUnion ? .union(record.identity) : .structure(record.identity))
      if let registered = definitions.overrides[OverrideKey(record: overrideKey, abi: abi)] {
        guard registered.record == record.identity else {
          let expected = isUnion ? TypeEncoding.union(registered.record) : .structure(registered.record)
          throw LayoutError(
            .invalidOverride("the override for \(overrideKey) was registered for \(expected), not \(type.unqualified)"))
        }
        override = registered.override
      }
    }
    var (members, size, alignment) = try placeMembers(
      of: record, isUnion: isUnion, override: override, depth: depth)
    if override == nil, !isUnion, members.isEmpty { size = abi.emptyStructSize }
    return CLayout.Node(
      type: type, size: size, alignment: alignment, content: isUnion ? .union(members) : .structure(members))
  }

  /// Places a record's members: by the override when there is one, else by the ABI's rules.
  mutating func placeMembers(
    of record: TypeEncoding.Record, isUnion: Bool, override: LayoutOverride?, depth: Int
  ) throws(LayoutError) -> (members: [CLayout.Member], size: Int, alignment: Int) {
    let fields = record.fields ?? []
    // A record expanded from a catalog definition (`{tcphdr}`) names members the written encoding does not.
    let isNamed = usesMemberNames || record.hasFieldNames || TypeEncoding.structure(record).namesMembers
    let enumerations =
      definitions.enumerations.isEmpty
      ? nil : definitions.enumerations[RecordKey.enumerations(of: record, isUnion: isUnion)]
    var members: [CLayout.Member] = []
    members.reserveCapacity(fields.count)
    var end = 0  // in bits
    var alignment = 1
    for (position, field) in fields.enumerated() {
      let isAnonymousRecord = isNamed && field.name == nil && field.type.record != nil
      let component: FieldPath.Component? =
        field.name.map { .member($0) } ?? (isAnonymousRecord ? nil : .position(position))
      let placement = override?.placements?[position]

      if case .bitfield(let bitfield) = field.type {
        guard bitfield.width >= 0, (bitfield.bitOffset ?? 0) >= 0 else {
          throw LayoutError(
            .negativeNumber("bitfield width \(bitfield.width) or offset \(bitfield.bitOffset ?? 0)"),
            at: Self.path(component))
        }
        // Bounded first, so that no sum below can overflow (a value built in code or an override may hold any Int).
        guard bitfield.width <= Self.maximumBits, (bitfield.bitOffset ?? 0) <= Self.maximumBits else {
          throw LayoutError(.tooLarge, at: Self.path(component))
        }
        var bitOffset: Int
        switch (placement, bitfield.bitOffset) {
        case (.bit(let offset)?, _):
          guard (-Self.maximumBits...Self.maximumBits).contains(offset) else {
            throw LayoutError(
              .invalidOverride("bit offset \(offset) of member \(position) is out of range"), at: Self.path(component))
          }
          bitOffset = offset
        case (nil, let offset?): bitOffset = offset
        case (.byte?, _):
          throw LayoutError(
            .invalidOverride("bitfield member \(position) needs a bit placement"), at: Self.path(component))
        case (nil, nil): throw LayoutError(.bitfieldNeedsPlacement(width: bitfield.width), at: Self.path(component))
        }
        var declaredAlignment = 1
        if let declared = bitfield.declaredType, let (size, align) = abi.sizeAndAlignment(of: declared) {
          guard bitfield.width <= size * 8 else {
            throw LayoutError(.bitfieldTooWide(width: bitfield.width, declaredType: declared), at: Self.path(component))
          }
          declaredAlignment = align
        }
        if isUnion, override == nil { bitOffset = 0 }
        guard bitfield.width > 0 else {
          end = max(end, bitOffset)
          continue
        }
        if !isUnion, bitOffset < end {
          throw LayoutError(.bitfieldOverlaps(bitOffset: bitOffset, previousEnd: end), at: Self.path(component))
        }
        end = max(end, bitOffset + bitfield.width)
        if isNamed, field.name == nil { continue }
        alignment = max(alignment, declaredAlignment)
        let touched = (bitOffset % 8 + bitfield.width + 7) / 8
        let node = CLayout.Node(
          type: field.type, size: touched, alignment: declaredAlignment,
          content: .bitfield(width: bitfield.width, isSigned: bitfield.declaredType?.isSignedInteger),
          enumeration: field.name.flatMap { enumerations?[$0] })
        members.append(CLayout.Member(component: component, bitOffset: bitOffset, node: node))
        continue
      }

      var node: CLayout.Node
      do throws(LayoutError) {
        node = try self.node(for: field.type, depth: depth + 1, override: override?.memberOverrides[position])
      } catch {
        throw component.map(error.within) ?? error
      }
      if let name = field.name, let enumeration = enumerations?[name] {
        node = node.attaching(enumeration) ?? node
      }
      var offset: Int
      switch placement {
      case .byte(let byte)?:
        guard (-CLayout.maximumSize...CLayout.maximumSize).contains(byte) else {
          throw LayoutError(
            .invalidOverride("offset \(byte) of member \(position) is out of range"), at: Self.path(component))
        }
        offset = byte
      case .bit?:
        throw LayoutError(
          .invalidOverride("member \(position) is not a bitfield and needs a byte placement"), at: Self.path(component))
      case nil: offset = isUnion ? 0 : ((end + 7) / 8 + node.alignment - 1) / node.alignment * node.alignment
      }
      let memberEnd = offset + node.size
      guard memberEnd <= CLayout.maximumSize else { throw LayoutError(.tooLarge, at: Self.path(component)) }
      end = isUnion ? max(end, memberEnd * 8) : memberEnd * 8
      alignment = max(alignment, node.alignment)
      members.append(CLayout.Member(component: component, bitOffset: offset * 8, node: node))
    }
    if let override { return (members, override.size, override.alignment) }
    let size = ((end + 7) / 8 + alignment - 1) / alignment * alignment
    guard size <= CLayout.maximumSize else { throw LayoutError(.tooLarge) }
    return (members, size, alignment)
  }
}

extension LayoutEngine {
  /// The path of a member relative to its record: the member's component, or none for an anonymous
  /// record's members, which are reached directly.
  fileprivate static func path(_ component: FieldPath.Component?) -> FieldPath {
    FieldPath(component.map { [$0] } ?? [])
  }
}

extension LayoutError {
  /// The error found in a member or element reached through `component`, with its path made relative to
  /// the node that holds it.
  fileprivate func within(_ component: FieldPath.Component) -> LayoutError {
    LayoutError(reason, at: FieldPath([component] + path.components))
  }
}

extension CLayout {
  /// The layout with `enumeration` on its value (``CLayout/Node/attaching(_:)``), or `nil` when the value
  /// is no integer nor array of them.
  package func naming(_ enumeration: CEnumeration) -> CLayout? {
    root.attaching(enumeration).map { CLayout(type: type, abi: abi, root: $0) }
  }
}

extension CLayout.Node {
  /// The node with `enumeration` on its integer leaf, or on the innermost element of an array of integers;
  /// `nil` when the node holds something else (a record laid out inline under a registered tag may
  /// differ from the registered one).
  func attaching(_ enumeration: CEnumeration) -> CLayout.Node? {
    switch content {
    case .leaf:
      var base = type
      while case .qualified(_, let inner) = base { base = inner }
      guard case .scalar(let scalar) = base, scalar.isInteger, scalar != .bool else { return nil }
      return CLayout.Node(type: type, size: size, alignment: alignment, content: content, enumeration: enumeration)
    case .bitfield:
      return CLayout.Node(type: type, size: size, alignment: alignment, content: content, enumeration: enumeration)
    case .array(let count, let element):
      guard let element = element.attaching(enumeration) else { return nil }
      return CLayout.Node(type: type, size: size, alignment: alignment, content: .array(count: count, element: element))
    case .structure, .union:
      return nil
    }
  }
}
