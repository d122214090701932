extension ValueType {
  /// The schema 1 object of a description (``ReportFormat/json``): the whole description, and every leaf of
  /// the layout with its value (`fields`); `count` values are listed one after another, paths `[i].x`.
  @usableFromInline
  func describeJSON(_ bytes: UnsafeRawBufferPointer, count: Int?, description: String) -> String {
    typealias JSON = ReportJSON.JSON
    var fields: [JSON] = []
    if let layout {
      for index in 0..<(count ?? 1) {
        let base = index * layout.stride
        let value = UnsafeRawBufferPointer(rebasing: bytes[base..<base + layout.size])
        // The vtable pointer is left out, as the description leaves it out (``VtablePointer``).
        for field in layout.fields where !field.isVtablePointer {
          let path = count == nil ? field.path : FieldPath([.index(index)] + field.path.components)
          let text = leafText(field, in: value, abi: layout.abi)
          fields.append(
            .object([
              "path": .string(path.description), "offset": JSON(base + field.offset), "size": JSON(field.size),
              "encoding": .string(field.type.description), "cType": .string(field.type.cTypeName),
              "bitOffset": field.bits.map { JSON($0.lowerBound) }, "bitWidth": field.bits.map { JSON($0.count) },
              "text": .string(text), "number": JSON.number(text),
            ]))
        }
      }
    }
    return ReportJSON.text(
      .object([
        "schema": ReportJSON.schema, "type": .string(type.description), "size": size.map { JSON($0) },
        "description": .string(description), "fields": .array(fields),
      ]))
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
