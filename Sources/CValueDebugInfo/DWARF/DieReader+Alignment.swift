internal import CDwarf
import CValueKit

/// How a record's alignment is known where DWARF does not state it: the packings that lay its members out as
/// the compiler did.
extension DieReader {
  /// A member's byte offset (`nil` for a bitfield), its type's alignment, and whether it is a bitfield that
  /// crosses a unit of its type's size, which only a packed record holds.
  typealias MemberAlignment = (byteOffset: Int?, alignment: Int, crossesUnit: Bool)

  /// How the record's alignment is known. DWARF states it only as `DW_AT_alignment` (explicit alignment, a
  /// packed record given `aligned(n)`, clang's `#pragma pack`); it never says `packed`. Otherwise the layout is
  /// tried under each packing that could have made it — none (every member at a multiple of its own
  /// alignment), `packed` (every member right after the one before, no padding) and, when neither made it,
  /// gcc's `#pragma pack(n)` for each n below the members' alignment — and the alignment each packing gives is
  /// the answer when only one does: `natural` when that is no packing, else `inferred`. When more than one
  /// made it (a record with no padding at all is laid out alike packed or not), the alignment is `unknown`:
  /// the largest of them is held, never shown as known. A record padded past what any packing makes (an
  /// `aligned` record, or a trailing unnamed bitfield, which DWARF does not list) takes the smallest
  /// alignment that pads its members out to its size (`inferred`).
  func recordAlignment(
    _ die: Dwarf_Die, size: Int, isUnion: Bool, members: [SourceRecord.Member], alignments: [MemberAlignment]
  ) throws(DebugInfoError) -> (Int, ImportedTypes.AlignmentSource) {
    if let explicit = try number(die, Attribute.alignment), explicit > 0 { return (explicit, .attribute) }
    let natural = alignments.map(\.alignment).max() ?? 1
    let isAligned = alignments.allSatisfy { ($0.byteOffset ?? 0) % max($0.alignment, 1) == 0 && !$0.crossesUnit }
    let end =
      members.map { member in
        member.bitWidth.map { (member.bitOffset + $0 + 7) / 8 } ?? member.bitOffset / 8 + member.size
      }.max() ?? 0
    let naturalSize = (end + natural - 1) / natural * natural
    let isPacked = Self.isLaidOutPacked(size: size, isUnion: isUnion, members: members)
    if isAligned, size == naturalSize {
      return isPacked && natural > 1 ? (natural, .unknown) : (natural, .natural)
    }
    if isPacked { return (1, .inferred) }
    // gcc's `#pragma pack(n)`: each member at a multiple of the smaller of n and its own alignment.
    if !alignments.contains(where: \.crossesUnit), !isUnion {
      var fits: [Int] = []
      var packing = 2
      while packing < natural {
        if Self.isLaidOut(packedTo: packing, size: size, members: members, alignments: alignments) {
          fits.append(packing)
        }
        packing *= 2
      }
      if fits.count == 1 { return (fits[0], .inferred) }
      if let largest = fits.last { return (largest, .unknown) }
    }
    if isAligned, size > naturalSize, size % natural == 0 {
      // The smallest alignment that pads the members out to the size.
      var alignment = natural
      while (end + alignment - 1) / alignment * alignment != size, alignment < size { alignment *= 2 }
      if (end + alignment - 1) / alignment * alignment == size { return (alignment, .inferred) }
      // No alignment pads them out to it: the padding is an unnamed bitfield's, which DWARF does not list.
      return (natural, .inferred)
    }
    // No packing makes it: the largest alignment its offsets and size allow, shown as unknown.
    var alignment = alignments.contains(where: \.crossesUnit) ? 1 : natural
    while alignment > 1,
      size % alignment != 0 || alignments.contains(where: { ($0.byteOffset ?? 0) % alignment != 0 })
    {
      alignment /= 2
    }
    return (alignment, alignment == 1 ? .inferred : .unknown)
  }

  /// Whether `packed` lays the members out so: each right after the one before (a bitfield at the next
  /// bit), the record no larger than its members; a union as large as its largest member.
  private static func isLaidOutPacked(size: Int, isUnion: Bool, members: [SourceRecord.Member]) -> Bool {
    guard !members.isEmpty else { return false }
    if isUnion {
      return size == members.map { $0.bitWidth.map { ($0 + 7) / 8 } ?? $0.size }.max()
    }
    var nextBit = 0
    for member in members {
      if let width = member.bitWidth {
        guard member.bitOffset == nextBit else { return false }
        nextBit += width
      } else {
        guard member.bitOffset == (nextBit + 7) / 8 * 8 else { return false }
        nextBit = member.bitOffset + member.size * 8
      }
    }
    return size == (nextBit + 7) / 8
  }

  /// Whether `#pragma pack(packing)` lays a struct's members out so: each member that is no bitfield at the
  /// next multiple of the smaller of `packing` and its alignment, the size rounded up to the smaller of
  /// `packing` and the largest alignment.
  private static func isLaidOut(
    packedTo packing: Int, size: Int, members: [SourceRecord.Member], alignments: [MemberAlignment]
  ) -> Bool {
    var end = 0
    var largest = 1
    for (member, alignment) in zip(members, alignments) {
      let step = max(min(packing, alignment.alignment), 1)
      largest = max(largest, step)
      if let width = member.bitWidth {
        end = max(end, (member.bitOffset + width + 7) / 8)
      } else {
        let offset = member.bitOffset / 8
        guard offset == (end + step - 1) / step * step else { return false }
        end = offset + member.size
      }
    }
    return size == (end + largest - 1) / largest * largest
  }
}
