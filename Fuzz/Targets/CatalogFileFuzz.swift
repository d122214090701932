// libFuzzer target: a catalog file's bytes, through the JSON scanner and the decoding
// (`CatalogFile.decode`, as `loadCatalogFile(at:)` reads a file), then loaded into a fresh catalog and every
// record laid out and described for the file's own ABI, as a C caller's `cv_catalog_load_file` and
// `cv_type_resolve` would. Anything but a typed error with a description is a finding: a trap, a hang, a
// memory error.
import CValueHeaders
import CValueKit
import FoundationEssentials

/// libFuzzer's entry point: one input, `size` bytes at `data`; returns 0 (the input is never rejected).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let file: CatalogFile
  do {
    file = try CatalogFile.decode(Data(UnsafeBufferPointer(start: data, count: size)), path: "fuzz.json")
  } catch {
    _ = error.description
    return 0
  }
  let catalog = TypeCatalog()
  do { try catalog.load(file) } catch {
    _ = error.description
    return 0
  }
  let registry = ValueRegistry(catalog: catalog)
  let abi = file.types.abi
  for record in file.types.records.prefix(64) {
    // Laid out for the file's ABI only: for another, the catalog refuses (checked here too).
    guard let layout = try? catalog.layout(of: record.encoding, abi: abi) else { continue }
    if abi != .host {
      guard (try? registry.resolve(record.encoding)) == nil else { fatalError("another ABI's record resolved") }
    }
    guard layout.size <= 4096, let handle = try? registry.resolve(record.encoding, abi: abi) else { continue }
    let zeros = [UInt8](repeating: 0, count: layout.size)
    if let text = try? handle.describe(bytes: zeros), layout.size > 0, abi == .host {
      _ = try? handle.parse(text)
    }
  }
  return 0
}
