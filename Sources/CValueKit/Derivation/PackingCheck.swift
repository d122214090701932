/// Looks for the evidence that a record of a walked value is packed, which needs no layout: a member at an
/// offset from the record's start that its type's alignment does not allow, or a record less aligned than
/// one of its members. No C compiler does either without `__attribute__((packed))` or `#pragma pack`.
///
/// Records are checked outermost first, so that a natural record inside a packed one is not blamed for
/// where the packed one put it. A nested record starts at the offset of its first piece rounded down to its
/// alignment, so that a hidden member at its start is not taken for packing.
struct PackingCheck {
  let catalog: TypeCatalog
  let units: [ProbeUnit]
  let aggregates: [WalkedAggregate]
  let offsets: [Int]

  /// One member of a record: where it starts and what its type needs.
  private struct Member {
    var component: FieldPath.Component
    var start: Int
    var alignment: Int
    var swiftType: String
  }

  /// The first packed record found, as the error to throw.
  func packedRecord() -> DerivationError? {
    let byPath = Dictionary(aggregates.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    for aggregate in aggregates where aggregate.isRecord {
      let start = self.start(of: aggregate)
      let members = self.members(of: aggregate, byPath)
      var evidence: DerivationError.PackingEvidence?
      if let member = members.first(where: { ($0.start - start) % $0.alignment != 0 }) {
        evidence = .misalignedField(
          [member.component], swiftType: member.swiftType, offset: member.start - start, alignment: member.alignment)
      } else if let widest = members.max(by: { $0.alignment < $1.alignment }), widest.alignment > aggregate.alignment,
        let member = members.first(where: { $0.alignment == widest.alignment })
      {
        evidence = .underAligned(
          alignment: aggregate.alignment, field: [member.component], swiftType: member.swiftType,
          fieldAlignment: member.alignment)
      }
      if let evidence { return .packed(evidence, layout(of: aggregate, members: members)) }
    }
    return nil
  }

  /// The real layout of the value itself, for evidence found with the derived layout.
  func rootLayout() -> DerivationError.PackedLayout? {
    let byPath = Dictionary(aggregates.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    guard let root = aggregates.first, root.isRecord else { return nil }
    return layout(of: root, members: members(of: root, byPath))
  }

  private func start(of aggregate: WalkedAggregate) -> Int {
    guard !aggregate.path.components.isEmpty, let first = aggregate.units.first else { return 0 }
    return offsets[first] / aggregate.alignment * aggregate.alignment
  }

  /// The record's members in order, each with the offset of its first piece (rounded down to its alignment
  /// for a struct or an array).
  private func members(of aggregate: WalkedAggregate, _ byPath: [FieldPath: WalkedAggregate]) -> [Member] {
    let depth = aggregate.path.components.count
    var members: [Member] = []
    for index in aggregate.units {
      // A piece with no value bytes has no offset the probe could find.
      let components = units[index].path.components
      guard components.count > depth, members.last?.component != components[depth],
        !units[index].valueBytes.isEmpty
      else { continue }
      let path = FieldPath(Array(components[...depth]))
      if units[index].path == path {
        members.append(
          Member(
            component: components[depth], start: offsets[index], alignment: units[index].alignment,
            swiftType: units[index].swiftType))
      } else if let nested = byPath[path] {
        members.append(
          Member(
            component: components[depth], start: offsets[index] / nested.alignment * nested.alignment,
            alignment: nested.alignment, swiftType: nested.swiftType))
      }
    }
    return members
  }

  /// The packed record's layout as the Swift side knows it. The member offsets are named when there is one
  /// per field; when `Mirror` saw every member, an override with them is laid out and must put every piece
  /// where the memory has it before the derived encoding is named as the record.
  private func layout(of aggregate: WalkedAggregate, members: [Member]) -> DerivationError.PackedLayout {
    let start = self.start(of: aggregate)
    let depth = aggregate.path.components.count
    let unions = aggregate.units.filter { if case .opaque = units[$0].kind { true } else { false } }.map {
      FieldPath(Array(units[$0].path.components.dropFirst(depth)))
    }
    let fieldCount = aggregate.encoding.record?.fields?.count
    let memberOffsets = members.count == fieldCount ? members.map { $0.start - start } : nil
    var layout = DerivationError.PackedLayout(
      path: aggregate.path, size: aggregate.size, alignment: aggregate.alignment, memberOffsets: memberOffsets,
      recordName: aggregate.encoding.record?.name ?? aggregate.swiftType, record: nil, unionFields: unions)
    if unions.isEmpty, let memberOffsets,
      verify(
        LayoutOverride(size: aggregate.size, alignment: aggregate.alignment, memberOffsets: memberOffsets),
        for: aggregate, start: start)
    {
      layout.record = aggregate.encoding
    }
    return layout
  }

  /// Whether the record's encoding, laid out with the override as the catalog would after registering it,
  /// has the override's size and alignment and puts every piece where the memory has it.
  private func verify(_ override: LayoutOverride, for aggregate: WalkedAggregate, start: Int) -> Bool {
    let encoding = aggregate.encoding
    guard let key = RecordKey(encoding), let record = encoding.record else { return false }
    var definitions = catalog.definitions
    definitions.overrides[OverrideKey(record: key, abi: .host)] = RegisteredOverride(
      override: override, record: record.identity)
    var engine = LayoutEngine(abi: .host, definitions: definitions)
    guard (try? engine.validate(override, for: encoding)) != nil, let layout = try? engine.layout(encoding),
      layout.size == override.size, layout.alignment == override.alignment
    else { return false }
    let depth = aggregate.path.components.count
    return aggregate.units.allSatisfy { index in
      let relative = units[index].path.components.dropFirst(depth)
      return HiddenBytesSearch.node(at: relative, in: layout.root)?.1 == offsets[index] - start
    }
  }
}
