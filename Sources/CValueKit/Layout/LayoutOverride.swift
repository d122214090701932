/// The real layout of a struct or union whose encoding cannot show it.
///
/// Packing and alignment attributes leave no trace in an encoding (`struct epoll_event` is `{epoll_event=IQ}`
/// whether packed or not), and an enum wider than `int` still encodes as `i`. An override states the size,
/// the alignment and where each member starts; ``TypeCatalog/register(_:override:abi:)`` checks it against the
/// members and then uses it everywhere the record appears.
public struct LayoutOverride: Hashable, Sendable {
  /// Where one member starts: a byte offset for an ordinary member, a bit offset for a bitfield.
  ///
  /// A record with bitfields needs placements rather than ``init(size:alignment:memberOffsets:)``'s byte
  /// offsets, since a bitfield can start inside a byte:
  ///
  /// ```swift
  /// // struct flags { unsigned a : 3; unsigned b : 5; char c; } as the compiler laid it out
  /// let override = LayoutOverride(size: 4, alignment: 4, placements: [.bit(0), .bit(3), .byte(1)])
  /// ```
  public enum Placement: Hashable, Sendable {
    /// A byte offset from the start of the record, for ordinary members.
    case byte(Int)
    /// A bit offset from the start of the record, for bitfields.
    case bit(Int)
  }

  /// The record's size in bytes (`sizeof`).
  public var size: Int
  /// The record's alignment in bytes (`_Alignof`): a power of two.
  public var alignment: Int
  /// One placement per member in declaration order, or `nil` to keep the computed member offsets and
  /// override only the size and alignment.
  public var placements: [Placement]?
  /// The overrides of the anonymous records the members hold (in the member itself, an array's elements
  /// or an `_Atomic`), by member position in declaration order.
  ///
  /// An anonymous record has no name to register an override under, and its encoding names only its
  /// members' types: `struct { char a __attribute__((aligned(8))); char b; }` and `struct { char a; char b;
  /// }` are both `{?=cc}`. So its layout travels with the record that holds it, where it sits.
  package var memberOverrides: [Int: LayoutOverride]

  /// Creates an override with explicit placements (needed when the record has bitfields).
  ///
  /// ```swift
  /// LayoutOverride(size: 4, alignment: 4, placements: [.bit(0), .bit(3), .byte(1)])
  /// ```
  ///
  /// - Parameters:
  ///   - size: The record's size in bytes (`sizeof`).
  ///   - alignment: The record's alignment in bytes (`_Alignof`): a power of two.
  ///   - placements: Where each member starts, one per member in declaration order, or `nil` to keep the
  ///     computed member offsets.
  public init(size: Int, alignment: Int, placements: [Placement]?) {
    self.init(size: size, alignment: alignment, placements: placements, memberOverrides: [:])
  }

  /// Creates an override with explicit placements and the overrides of the anonymous records its members hold.
  package init(size: Int, alignment: Int, placements: [Placement]?, memberOverrides: [Int: LayoutOverride]) {
    self.size = size
    self.alignment = alignment
    self.placements = placements
    self.memberOverrides = memberOverrides
  }

  /// Creates an override from byte offsets, one per member in declaration order.
  public init(size: Int, alignment: Int, memberOffsets: [Int]? = nil) {
    self.init(size: size, alignment: alignment, placements: memberOffsets?.map { .byte($0) })
  }
}
