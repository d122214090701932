/// The debug-info source of types: reads the DWARF of an ELF executable, shared library or object through
/// libdw into `ImportedTypes`, the value every source makes, through the import pass every source shares
/// (CValueKit's `TypeReader`).
///
/// ```swift
/// let imported = try DebugInfoImport.read("build/app", types: ["struct shape"])
/// imported.records[0].name               // "struct shape"
/// imported.records[0].alignmentSource    // .natural
/// imported.records[0].place              // the compile unit: "shapes.c"
/// imported.origin.details["target"]      // "x86_64-linux-gnu"
/// ```
///
/// How a record's alignment was known (`ImportedTypes/AlignmentSource`): DWARF writes `DW_AT_alignment`
/// only for explicit alignment (`attribute`), and never says `packed`. Else the layout is tried unpacked,
/// packed and under gcc's `#pragma pack(n)`: the members' alignment when only the unpacked layout makes it
/// (`natural`), the one packing's when only that one does (`inferred`: a packed frame is 1), and `unknown`
/// when several do — a record with no padding is laid out alike packed or not, so its alignment is never
/// guessed (the largest it can be is held, and a layout says `alignment unknown (at most 4)`).
public enum DebugInfoImport {}
