import CValueKit
import Testing

/// `ImportedTypes` as lines of tab-separated fields, what a source keeps on disk: every part reads back as it
/// was, any text in any field; a line the format does not write is refused.
@Suite struct ImportedTypesLinesTests {
  @Test func fieldsWithTheSeparatorsReadBack() {
    let fields = ["record", "struct odd\tname", "a\nb", "back\\slash", "", "\\t"]
    let line = TabSeparatedLine.make(fields)
    #expect(line == #"record\#tstruct odd\tname\#ta\nb\#tback\\slash\#t\#t\\t"#)
    #expect(TabSeparatedLine.fields(Substring(line)) == fields)
    #expect(TabSeparatedLine.fields(#"record\#tan \q escape"#) == nil)
    #expect(TabSeparatedLine.fields(#"record\#tends in \"#) == nil)
  }

  @Test func everyPartOfAnImportReadsBack() throws {
    let imported = ImportedTypes(
      records: [
        .init(
          name: "struct packed", encoding: try TypeEncoding(#"{packed="c"c"i"i}"#),
          override: LayoutOverride(size: 5, alignment: 1, placements: [.byte(0), .byte(1)]), size: 5, alignment: 1,
          alignmentSource: .inferred, place: "dir\twith tab.c"),
        .init(
          name: "struct plain", encoding: try TypeEncoding(#"{plain="x"i}"#), override: nil, size: 4, alignment: 4,
          alignmentSource: .natural, place: nil),
      ],
      typedefs: [.init(name: "plain_t", encoding: try TypeEncoding(#"{plain="x"i}"#))],
      enumerations: [
        .init(
          record: "struct plain", member: "x",
          enumeration: CEnumeration(name: "enum e", constants: [("E_A", -1), ("E_B", 7)])),
        .init(record: "struct packed", member: "i", enumeration: CEnumeration(name: nil, constants: [])),
      ],
      skipped: ["struct wide": "holds __float128\nwhich no encoding describes"], unimportable: ["struct wide"],
      abi: .x86_64Linux,
      origin: .init(
        kind: "debug info", inputs: ["build/test"], arguments: ["-D", "X=\"y\""], details: ["target": "+-\\t"]))
    let lines = try #require(imported.lines)
    #expect(lines.first == "abi\tx86_64-linux")
    #expect(lines.contains(#"record\#tstruct plain\#t{plain="x"i}\#t4\#t4\#tnatural\#t-\#t-"#))
    #expect(ImportedTypes(lines: lines.map { Substring($0) }) == imported)
    // A line this format does not write, a record of six fields, no ABI: refused.
    #expect(ImportedTypes(lines: (lines + ["unknown\tline"]).map { Substring($0) }) == nil)
    #expect(
      ImportedTypes(lines: [Substring(lines[0]), "kind\tx", #"record\#tstruct a\#t{a="x"i}\#t4\#t4\#tnatural\#t-"#])
        == nil)
    #expect(ImportedTypes(lines: ["kind\tdebug info"]) == nil)
  }
}
