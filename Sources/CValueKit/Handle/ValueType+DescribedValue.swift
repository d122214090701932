extension ValueType {
  /// The value described, for a report (``ReportFormat``): the whole description, and every leaf of the
  /// layout with its value, read when a format lists them; `count` values are listed one after another,
  /// paths `[i].x`. (The name is the one the `describe(bytes:…:as:)` calls know it by, from when JSON alone
  /// listed the leaves.)
  @usableFromInline
  func describeJSON(_ bytes: UnsafeRawBufferPointer, count: Int?, description: String) -> DescribedValue {
    DescribedValue(type: type, size: size, text: description) { [self] in
      guard let layout else { return [] }
      var leaves: [DescribedValue.Leaf] = []
      for index in 0..<(count ?? 1) {
        let base = index * layout.stride
        let value = UnsafeRawBufferPointer(rebasing: bytes[base..<base + layout.size])
        // The vtable pointer is left out, as the description leaves it out (``VtablePointer``).
        for field in layout.fields where !field.isVtablePointer {
          let path = count == nil ? field.path : FieldPath([.index(index)] + field.path.components)
          leaves.append(
            DescribedValue.Leaf(
              path: path, offset: base + field.offset, field: field, text: leafText(field, in: value, abi: layout.abi)))
        }
      }
      return leaves
    }
  }

  /// A leaf as a description shows it: by the describer registered for its type, else as its own type
  /// (a bitfield as its integer).
  private func leafText(_ field: CLayout.Field, in value: UnsafeRawBufferPointer, abi: ABI) -> String {
    if field.bits == nil, let describe = entries.entry(for: field.type)?.describe {
      return describe(UnsafeRawBufferPointer(rebasing: value[field.offset..<field.offset + field.size]))
    }
    return ValueDescriber.describeLeaf(field, in: value, abi: abi)
  }
}
