import ArgumentParser
import CValueKit

struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Print the exact C memory layout of a type: every field's offset, size and path, and the holes.",
    discussion: """
      The table lists every leaf (scalars, pointers, bitfields) in address order, the members of a union one
      after another at the union's offset, and marks the padding bytes that belong to no field. Member paths
      use names when the encoding has them ({P="x"d"y"d}) or the type is a known record (CGPoint, CGRect, …),
      and positions otherwise: the second member of {S=id} is .1, array elements are [i].

      --json prints:
        {"encoding": "…", "size": N, "alignment": N, "stride": N,
         "fields": [{"path": ".origin.x", "offset": 0, "size": 8, "encoding": "d"}, …],
         "padding": [{"offset": N, "size": N}, …]}
      Bitfields add "bitOffset" (bits from the start of the value) and "bitWidth"; their offset and size are
      the bytes their bits touch.

      Examples:
        cvalue layout rect
        cvalue layout '{S=cdi}' --json
        cvalue layout '{B=b0I3b3I5c}' --abi arm64-linux
      """
  )

  @Argument(help: "A type encoding such as '{CGPoint=dd}', or a readable name such as 'rect' or 'uint32'.")
  var type: String

  @Flag(help: "Print the layout as JSON instead of a table.")
  var json = false

  @Option(help: "The ABI to lay out for: \(ABI.all.map(\.name).joined(separator: ", ")). Default: this machine's.")
  var abi: String = ABI.host.name

  func run() throws {
    guard let abi = ABI.all.first(where: { $0.name == abi }) else {
      throw BadInput(message: "unknown ABI \"\(abi)\"; choose one of \(ABI.all.map(\.name).joined(separator: ", "))")
    }
    let encoding: TypeEncoding
    do {
      encoding = try TypeEncoding(type)
    } catch {
      throw BadInput(message: error.caretDiagnostic)
    }
    let layout: CLayout
    do {
      layout = try TypeCatalog.shared.layout(of: encoding, abi: abi)
    } catch {
      throw BadInput(message: "cannot lay out \(encoding): \(error)")
    }
    var output = StandardOutput()
    if json {
      try LayoutJSON.write(layout, to: &output)
    } else {
      LayoutTable.write(layout, name: type == encoding.description ? nil : type, to: &output)
    }
    output.flush()
  }
}
