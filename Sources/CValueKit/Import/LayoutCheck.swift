/// Lays out each record a source read with CValueKit and compares every member with the source's placement:
/// where they differ, the source's layout becomes a ``LayoutOverride``, and the comparison is repeated with it.
struct LayoutCheck {
  /// The ABI the source laid the records out for.
  let abi: ABI
  /// Where the overrides found so far are kept, so that records containing them are laid out with them.
  private let scratch = TypeCatalog(includingBuiltins: false)
  /// The overrides of the records that need one, by ``SourceRecord/name``: registered for named records and
  /// typedefs' anonymous ones.
  private(set) var overrides: [String: LayoutOverride] = [:]
  /// The overrides of nested anonymous records, by name: never registered (their encoding, all a key
  /// could be, names only their members' types, which records of other layouts share), but carried by
  /// the override of the record that holds them.
  private var carried: [String: LayoutOverride] = [:]

  init(abi: ABI) { self.abi = abi }

  /// Checks records in order; each one's nested records must come before it.
  mutating func check(_ record: SourceRecord) throws(ImportProblem) {
    var memberOverrides: [Int: LayoutOverride] = [:]
    for (position, member) in record.members.enumerated() {
      if let held = member.anonymousRecord, let override = carried[held] { memberOverrides[position] = override }
    }
    // A record holding an anonymous one with an override carries it, so it needs one itself.
    var first: Difference?
    if memberOverrides.isEmpty {
      do throws(LayoutError) {
        first = mismatch(in: record, layout: try scratch.layout(of: record.encoding, abi: abi))
      } catch {
        first = ("", "size \(record.size), alignment \(record.alignment)", "not laid out: \(error)")
      }
      guard first != nil else { return }
    }
    let override = LayoutOverride(
      size: record.size, alignment: record.alignment,
      placements: record.members.map { $0.bitWidth == nil ? .byte($0.bitOffset / 8) : .bit($0.bitOffset) },
      memberOverrides: memberOverrides)
    let field = first?.field ?? ""
    let stated = first?.source ?? "size \(record.size), alignment \(record.alignment)"
    let layout: CLayout
    do throws(LayoutError) {
      // Laid out with the override before it is registered, if it ever is.
      layout = try scratch.layout(of: record.encoding, override: override, abi: abi)
    } catch {
      let cvaluekit = "\(first?.cvaluekit ?? "not laid out") (\(CatalogError.invalidOverride(error)))"
      throw .layoutMismatch(record: record.name, field: field, source: stated, cvaluekit: cvaluekit)
    }
    if let remaining = mismatch(in: record, layout: layout) {
      throw .layoutMismatch(
        record: record.name, field: remaining.field, source: remaining.source, cvaluekit: remaining.cvaluekit)
    }
    if record.isNested {
      carried[record.name] = override
      return
    }
    do throws(CatalogError) {
      try scratch.register(record.encoding, override: override, abi: abi)
    } catch {
      let cvaluekit = "\(first?.cvaluekit ?? "not laid out") (\(error))"
      throw .layoutMismatch(record: record.name, field: field, source: stated, cvaluekit: cvaluekit)
    }
    overrides[record.name] = override
  }

  private typealias Difference = (field: String, source: String, cvaluekit: String)

  /// The first difference between the source's layout of the record and CValueKit's, or `nil`.
  private func mismatch(in record: SourceRecord, layout: CLayout) -> Difference? {
    if layout.size != record.size || layout.alignment != record.alignment {
      return (
        "", "size \(record.size), alignment \(record.alignment)",
        "size \(layout.size), alignment \(layout.alignment)"
      )
    }
    // CValueKit keeps no member for padding: unnamed and zero-width bitfields.
    let placed = record.members.filter { member in
      guard let width = member.bitWidth else { return true }
      return width > 0 && member.name != nil
    }
    let members = layout.root.members
    guard members.count == placed.count else {
      return ("", "\(placed.count) members", "\(members.count) members")
    }
    for (member, expected) in zip(members, placed) {
      // Named only for a mismatch, not built for every member of every record an import checks.
      let field = { expected.name.map { ".\($0)" } ?? " (anonymous member)" }
      if let width = expected.bitWidth {
        guard case .bitfield(let placedWidth, _) = member.node.content,
          member.bitOffset == expected.bitOffset, placedWidth == width
        else {
          return (field(), "bits \(expected.bitOffset)..<\(expected.bitOffset + width)", describe(member))
        }
      } else if member.bitOffset != expected.bitOffset || member.node.size != expected.size {
        return (field(), "offset \(expected.bitOffset / 8), size \(expected.size)", describe(member))
      }
    }
    return nil
  }

  private func describe(_ member: CLayout.Member) -> String {
    if case .bitfield(let width, _) = member.node.content {
      return "bits \(member.bitOffset)..<\(member.bitOffset + width)"
    }
    return "offset \(member.offset), size \(member.node.size)"
  }
}
