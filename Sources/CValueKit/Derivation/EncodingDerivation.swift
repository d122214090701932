/// Derives the encoding of a plain-data Swift type, such as an imported C struct, from its stored properties
/// as `Mirror` shows them, and proves it against the real layout.
///
/// The encoding is built from the field names and types of a zero-filled value. Then the layout the catalog
/// computes for it must match the memory: the Swift type's size and alignment, and the offset of every
/// field, found by ``LayoutProbe``. Nothing partial is returned; what does not match is an error with its
/// evidence:
/// - a field at an offset its type's alignment does not allow, or a type less aligned than a field, is a
///   packed C type (checked first: packing moves every field after it);
/// - a field `Mirror` shows with no stored properties is a C union;
/// - bytes no visible field covers, that the natural padding does not explain, are hidden members, found by
///   ``HiddenBytesSearch`` run by run.
struct EncodingDerivation {
  let catalog: TypeCatalog
  let known: SwiftTypeEncodings

  /// What `MemoryLayout` says of the whole type, and whether C declared it.
  private struct Memory {
    var size: Int
    var stride: Int
    var alignment: Int
    /// Whether the type was imported from C (module `__C`): only C types can be packed; a type declared in
    /// Swift may place a field in the tail padding of the one before it, which C never does.
    var isC: Bool

    init<Value>(_: Value.Type) {
      size = MemoryLayout<Value>.size
      stride = MemoryLayout<Value>.stride
      alignment = MemoryLayout<Value>.alignment
      isC = String(reflecting: Value.self).hasPrefix("__C.")
    }
  }

  func derive<Value>(_: Value.Type) throws(DerivationError) -> TypeEncoding {
    guard MemoryLayout<Value>.size > 0, let zero = SwiftLeafTypes.zeroValue(of: Value.self) else {
      throw .unsupportedType("\(Value.self)", at: FieldPath())
    }
    var walk = MirrorWalk(known: known, catalog: catalog)
    let encoding = try walk.encode(zero, path: FieldPath())
    let units = walk.units
    let offsets = try LayoutProbe<Value>(known: known, catalog: catalog).offsets(of: units)
    let packing = PackingCheck(catalog: catalog, units: units, aggregates: walk.aggregates, offsets: offsets)
    if let packed = packing.packedRecord() { throw packed }
    for (unit, offset) in zip(units, offsets) {
      if case .opaque(let swiftType) = unit.kind {
        throw .opaqueField(unit.path, swiftType: swiftType, bytes: offset..<(offset + unit.size))
      }
    }
    try check(encoding, walk, offsets, Memory(Value.self), packing)
    return encoding
  }

  /// Compares the derived layout with the memory: each piece where it is (with fillers for what `Mirror`
  /// cannot see), then the size and alignment.
  private func check(
    _ encoding: TypeEncoding, _ walk: MirrorWalk, _ offsets: [Int], _ memory: Memory, _ packing: PackingCheck
  ) throws(DerivationError) {
    let units = walk.units
    let alignments = Dictionary(
      walk.aggregates.filter(\.isRecord).map { (HiddenBytesSearch.generic($0.path.components[...]), $0.alignment) },
      uniquingKeysWith: { first, _ in first })
    let search = HiddenBytesSearch(
      catalog: catalog, encoding: encoding, units: units, offsets: offsets, alignments: alignments)
    switch try search.search(size: memory.size) {
    case .closer(let index, let naturalOffset):
      let path = units[index].path
      guard memory.isC, let layout = packing.rootLayout() else {
        throw .misplacedField(path, derivedOffset: naturalOffset, actualOffset: offsets[index])
      }
      throw .packed(.closerField(path, offset: offsets[index], naturalOffset: naturalOffset), layout)
    case .unplaced(let index, let naturalOffset, let runs):
      let start = index > 0 ? offsets[index - 1] + units[index - 1].size : 0
      let all = (runs + (start < offsets[index] ? [start..<offsets[index]] : [])).sorted {
        $0.lowerBound < $1.lowerBound
      }
      guard !all.isEmpty else {
        throw .misplacedField(units[index].path, derivedOffset: naturalOffset, actualOffset: offsets[index])
      }
      throw .hiddenBytes(Self.hiddenRuns(all, units, offsets, memory))
    case .placed(let layout, let fillers):
      if !fillers.isEmpty {
        throw .hiddenBytes(
          Self.hiddenRuns(HiddenBytesSearch.fillerRanges(in: layout.root, base: 0), units, offsets, memory))
      }
      let fitsSize =
        layout.size == memory.size || (memory.size < layout.size && memory.stride == layout.stride)
      if !fitsSize, layout.stride > memory.stride, memory.isC, let packed = packing.rootLayout() {
        throw .packed(.smallerSize(size: memory.size, naturalSize: layout.size), packed)
      }
      guard fitsSize, layout.alignment == memory.alignment else {
        throw .sizeMismatch(
          derived: layout.type, size: layout.size, alignment: layout.alignment, swiftSize: memory.size,
          swiftAlignment: memory.alignment)
      }
    }
  }

  /// The runs with the visible pieces around each and what each can hold.
  private static func hiddenRuns(_ ranges: [Range<Int>], _ units: [ProbeUnit], _ offsets: [Int], _ memory: Memory)
    -> [DerivationError.HiddenRun]
  {
    let placed = zip(offsets, units).sorted { $0.0 < $1.0 }
    let visibleAlignment = units.map(\.alignment).max() ?? 1
    var next = 0
    return ranges.map { bytes in
      while next < placed.count, placed[next].0 < bytes.lowerBound { next += 1 }
      let after = next > 0 ? placed[next - 1].1.path : nil
      let before = placed[next...].first { $0.0 >= bytes.upperBound }?.1.path
      return DerivationError.HiddenRun(
        bytes: bytes, after: after, before: before,
        candidates: candidates(
          for: bytes, isTrailing: before == nil, alignment: memory.alignment, visibleAlignment: visibleAlignment,
          size: memory.size))
    }
  }

  /// What a run can hold. At the end of the type, unnamed bitfields (reserved space, as in glibc's
  /// `struct timex`) come first, and padding from an alignment attribute when the type is more aligned than
  /// its visible fields and the run is exactly what rounding up to that alignment adds; between fields,
  /// bitfields first. `_Complex` needs 8 bytes at a multiple of 4 and `__int128` 16 at a multiple of 16.
  private static func candidates(
    for bytes: Range<Int>, isTrailing: Bool, alignment: Int, visibleAlignment: Int, size: Int
  ) -> [DerivationError.HiddenMember] {
    func fits(_ count: Int, alignedTo boundary: Int) -> Bool {
      (bytes.lowerBound + boundary - 1) / boundary * boundary + count <= bytes.upperBound
    }
    var result: [DerivationError.HiddenMember] = []
    if isTrailing, alignment > visibleAlignment, bytes.upperBound == size,
      (bytes.lowerBound + alignment - 1) / alignment * alignment == size
    {
      result.append(.alignmentPadding(alignment))
    }
    result += isTrailing ? [.unnamedBitfields, .namedBitfields, .anonymousRecord] : [.bitfields, .anonymousRecord]
    if fits(8, alignedTo: 4) { result.append(.complex) }
    if fits(16, alignedTo: 16) { result.append(.int128) }
    return result
  }
}
