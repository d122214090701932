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
/// only for explicit alignment (`attribute`); else the members' (`natural`: a packed record with no padding
/// looks the same and is reported natural), or from the offsets and size alone (`inferred`: packed, or padded
/// past its members).
public enum DebugInfoImport {}
