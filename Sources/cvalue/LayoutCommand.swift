import ArgumentParser
import CValueKit

struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Print the exact C memory layout of a type: every field's offset, size and path, and the holes.",
    discussion: """
      The table lists every leaf (scalars, pointers, bitfields) in address order, the members of a union one after another at the union's offset, and marks the padding bytes that belong to no field; an array of scalars, or of arrays of them, is folded into one row ([0...N], [0...N][0...M]) whatever its length, and an array of records is listed by the rows of its first element (.items[0...N].a), each marked with the array's count and stride ((× 100 every 8 bytes)), holes included. Member paths use names when the encoding has them ({P="x"d"y"d}) or the type is a known record (CGPoint, CGRect, ...), and positions otherwise: the second member of {S=id} is .1, array elements are [i].

      --json prints one object:
        {"encoding": "...", "size": N, "alignment": N, "alignmentSource": "...", "stride": N,
         "fields": [{"path": ".origin.x", "offset": 0, "size": 8,
                     "encoding": "d"}, ...],
         "padding": [{"offset": N, "size": N}, ...]}
      An array is listed by its first element, as in the table: such a field (or hole) adds "folded": [{"count": N, "stride": N}, ...], one object an array its path goes through, outermost first.
      "alignmentSource" says how the alignment was known: "compiler" (clang's, for --header), "attribute" (DWARF's DW_AT_alignment for --binary, or --alignment), "natural" (the members' own alignments: an encoding, a built-in name, a --binary record that only an unpacked layout makes), "inferred" (a --binary record that one packing alone makes, such as a packed frame) or "unknown" (a --binary record with no padding, laid out alike packed or not: the alignment given is the largest it can be). Bitfields add "bitOffset" (bits from the start of the value) and "bitWidth"; their offset and size are the bytes their bits touch. A flexible array member (char name[], or GNU's name[0]) is a field of size 0 at the offset of its first element, listed as .name[] in the table and with "flexibleArray": {"element": "c"} in JSON.

      With --header, clang reads the headers (no compiling): the type is named as C names it (tcphdr, struct tcphdr, union sigval, the typedef siginfo_t), the paths are C's own (.th_flags, ._sifields._kill.si_pid, .sin6_addr.__in6_u.__u6_addr8[15]), and packed, aligned and #pragma pack records are laid out as clang lays them out. With --target, clang reads them for that machine and the layout is that machine's. After the table come the --union-tag rules to paste for the unions that look tagged: one whose struct members all start with the same integer field (X11's XEvent: --union-tag .=.type:N=xany,N=xkey,…), one beside an enum field (--union-tag .body=.kind:1=text,2=number), an enum constant giving the value of the member its name ends with and N standing for a value to fill in.

      Packing and alignment attributes leave no trace in an encoding. For such a struct or union, give its real layout with --size, --alignment and --offsets (one per member; b<N> for a bitfield's bit offset); it is checked against the members before use.

      Examples:
        cvalue layout rect
        cvalue layout '{S=cdi}' --json
        cvalue layout '{B=b0I3b3I5c}' --abi arm64-linux
        cvalue layout '{epoll_event=IQ}' --size 12 --alignment 1 --offsets 0,4
        cvalue layout --header netinet/tcp.h tcphdr
        cvalue layout --header signal.h siginfo_t --json
        cvalue layout --header netinet/ip.h iphdr --target armv7-linux-gnueabihf
      """
  )

  @Argument(help: .typeArgument)
  var type: String

  @OptionGroup var types: TypeOptions

  @OptionGroup(title: OutputOptions.title) var report: OutputOptions

  @OptionGroup(title: "The real layout, when an encoding cannot show it (packed, aligned)")
  var real: LayoutOverrideOptions

  func run() throws {
    let abi = types.resolved
    let text = try types.typeText(type)
    let encoding: TypeEncoding
    do {
      encoding = try TypeCatalog.shared.parse(text)
    } catch {
      throw BadInput(diagnostic: error.caretDiagnostic)
    }
    let override = try real.override()
    let layout: CLayout
    do {
      if let override {
        try TypeCatalog.shared.register(encoding, override: override, abi: abi)
      }
      // By its name: a name that is itself an enum (`level_t`) is laid out as its enum.
      layout = try TypeCatalog.shared.layout(of: text, abi: abi)
    } catch {
      throw BadInput(message: "cannot lay out \(encoding.errorSpelling): \(error)")
    }
    var output = StandardOutput()
    let source = ImportedRecords.alignmentSource(type, encoding: encoding, isOverridden: override != nil)
    layout.report(
      as: report.format, name: type == encoding.description ? nil : type, alignmentSource: source,
      to: &output)
    if report.format == .text {
      if !types.binaries.isEmpty { writeAlignmentSource(of: encoding, to: &output) }
      if !types.headers.isEmpty { writeSuggestions(for: layout, to: &output) }
    }
    output.flush()
  }

  /// With `--binary`, how the record's alignment was known: DWARF states it only for explicit alignment.
  private func writeAlignmentSource(of encoding: TypeEncoding, to output: inout StandardOutput) {
    guard let record = ImportedRecords.record(type, encoding: encoding) else { return }
    let how =
      switch record.alignmentSource {
      case .compiler: "clang's _Alignof"
      case .attribute: "DW_AT_alignment"
      case .natural: "natural: every member at a multiple of its own alignment"
      case .inferred: "inferred from the offsets and size: DWARF does not say packed"
      case .unknown: "DWARF does not say packed, and the members lie alike packed or not"
      }
    let alignment = record.alignmentSource == .unknown ? "unknown, at most \(record.alignment)" : "\(record.alignment)"
    output.write("\nalignment \(alignment) (\(how))\n")
  }

  /// The `--union-tag` rules for the unions that look tagged, ready to paste into `compare` or `describe`.
  private func writeSuggestions(for layout: CLayout, to output: inout StandardOutput) {
    let rules = UnionTagSuggestion.suggestions(for: layout)
    guard !rules.isEmpty else { return }
    let placeholder = rules.contains { $0.contains(":N=") || $0.contains(",N=") }
    output.write(
      "\nunion rules to compare by the live member (compare, describe)"
        + (placeholder ? ", each N the tag value that selects the member" : "") + ":\n")
    for rule in rules { output.write("  \(rule)\n") }
  }
}

/// `layout`'s `--size`, `--alignment` and `--offsets`: the real layout of a struct or union whose packing or
/// alignment attributes leave no trace in its encoding.
struct LayoutOverrideOptions: ParsableArguments {
  @Option(help: "The real size of the top-level struct or union (sizeof), when the encoding cannot show it.")
  var size: Int?

  @Option(help: "The real alignment of the top-level struct or union (_Alignof).")
  var alignment: Int?

  @Option(
    help: ArgumentHelp(
      "The real offset of each member of the top-level struct or union, comma-separated: bytes, or b<N> bits for a bitfield.",
      valueName: "list"))
  var offsets: String?

  func validate() throws(BadInput) {
    if size != nil || alignment != nil || offsets != nil, size == nil || alignment == nil {
      throw BadInput(message: "--size and --alignment go together (and --offsets needs both)")
    }
  }

  /// The override the options describe, or `nil` when none of them is given.
  func override() throws -> LayoutOverride? {
    // validate() made sure --size and --alignment come together.
    guard let size, let alignment else { return nil }
    let placements = try offsets.map { list in
      try list.split(separator: ",", omittingEmptySubsequences: false).map { item -> LayoutOverride.Placement in
        let text = item.trimmingPrefix(" ")
        if text.first == "b", let bits = Int(text.dropFirst()) { return .bit(bits) }
        guard let bytes = Int(text) else {
          throw BadInput(message: "--offsets: \"\(item)\" is not a byte offset or b<bit offset>")
        }
        return .byte(bytes)
      }
    }
    return LayoutOverride(size: size, alignment: alignment, placements: placements)
  }
}
