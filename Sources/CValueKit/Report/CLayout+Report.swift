extension CLayout {
  /// Writes the layout in `format`, as `cvalue layout` prints it, piece by piece as it is made, so that a
  /// layout of millions of fields starts at once in bounded memory: a pahole-like table of fields and holes
  /// (arrays of scalars folded into one row), or the schema 1 JSON object with every field, its keys in the
  /// order the JSONOutput article documents.
  ///
  /// ```swift
  /// var text = ""
  /// try TypeCatalog.shared.layout(of: "{S=cdi}").report(as: .json, alignmentSource: "natural", to: &text)
  /// // {"encoding":"{S=cdi}","size":24,"alignment":8,"alignmentSource":"natural","stride":24,"fields":[…
  /// ```
  ///
  /// - Parameters:
  ///   - format: ``ReportFormat/text`` or ``ReportFormat/json``.
  ///   - name: For the text, the name the type was asked by, written before its encoding; `nil` for none.
  ///   - alignmentSource: How the record's alignment was known (`natural`, `attribute`, …), for the JSON;
  ///     `unknown` (debug info that does not say) makes the text say `alignment unknown (at most 4)` too.
  ///   - output: Where the text goes, ending with a newline.
  public func report(
    as format: ReportFormat, name: String? = nil, alignmentSource: String, to output: inout some TextOutputStream
  ) {
    format.writer.write(self, name: name, alignmentSource: alignmentSource, to: &output)
  }

  /// The layout in one line a field, as a snapshot's header records it: array elements folded into one line
  /// with `[*]` and the element count, `.c_cc[*] @17 +1 unsigned char [32]`; a bitfield's place as
  /// `@bit 8 width 12`. The form is the snapshot file's, so it never changes with the report formats.
  package var fieldLines: [String] { LayoutText.fieldLines(self) }
}
