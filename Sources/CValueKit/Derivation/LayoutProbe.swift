/// Finds where each piece of a value really is in memory, without key paths: it fills the value's bytes
/// with patterns, loads the value, reads each piece through `Mirror`, and decodes its offset from the bytes
/// it holds.
///
/// Pattern `k` sets byte `i` to bit `k` of `i`, so across the patterns every byte spells its own offset,
/// and every byte is 0 or 1: a valid `Bool` and never a null pointer for a whole pointer.
struct LayoutProbe<Value> {
  let known: SwiftTypeEncodings
  let catalog: TypeCatalog

  /// The offset of each piece of the walk, in the walk's order.
  func offsets(of units: [ProbeUnit]) throws(DerivationError) -> [Int] {
    let size = MemoryLayout<Value>.size
    let passes = Swift.max(1, Int.bitWidth - (size - 1).leadingZeroBitCount)
    var decoded = units.map { [Int](repeating: 0, count: $0.valueBytes.count) }
    for pass in 0..<passes {
      let walk = try walkPattern(pass)
      guard walk.units.count == units.count else { throw .unreadable(units.first?.path ?? FieldPath()) }
      for (index, unit) in units.enumerated() {
        let bytes = walk.bytes[index]
        for (slot, byteIndex) in unit.valueBytes.enumerated() {
          guard byteIndex < bytes.count, bytes[byteIndex] <= 1 else { throw .unreadable(unit.path) }
          decoded[index][slot] |= Int(bytes[byteIndex]) << pass
        }
      }
    }
    var result: [Int] = []
    for (index, unit) in units.enumerated() {
      guard let first = unit.valueBytes.first else {
        result.append(0)
        continue
      }
      let offset = decoded[index][0] - first
      for (slot, byteIndex) in unit.valueBytes.enumerated() where decoded[index][slot] != offset + byteIndex {
        throw .unreadable(unit.path)
      }
      result.append(offset)
    }
    return result
  }

  /// Walks a value whose byte `i` is bit `pass` of `i`.
  private func walkPattern(_ pass: Int) throws(DerivationError) -> MirrorWalk {
    let value = withUnsafeTemporaryAllocation(
      byteCount: MemoryLayout<Value>.size, alignment: MemoryLayout<Value>.alignment
    ) { buffer in
      for index in buffer.indices { buffer[index] = UInt8((index >> pass) & 1) }
      return buffer.load(as: Value.self)
    }
    var walk = MirrorWalk(known: known, catalog: catalog)
    _ = try walk.encode(value, path: FieldPath())
    return walk
  }
}
