// libFuzzer target: ELF files with DWARF, mutated from small objects clang builds at run time
// (Fuzz/make-debug-info-seeds.sh).
//
// Each input is written to a file and read with `DebugInfoImport.read(_:)`, every type and then the first
// record by name: a typed `DebugInfoError` or an import whose records have the size their debug info says.
// libdw's own crashes on damaged DWARF would show here as well: they are findings too.
import CValueDebugInfo
import CValueKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One file per process, rewritten for each input.
private let path = FileManager.default.temporaryDirectory
  .appendingPathComponent("cvalue-fuzz-debug-info-\(ProcessInfo.processInfo.processIdentifier).o").path

/// libFuzzer's entry point: one input, `size` bytes at `data`; returns 0 (the input is never rejected).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size)) else {
    fatalError("cannot write \(path)")
  }
  let imported: ImportedTypes
  do { imported = try DebugInfoImport.read(path) } catch {
    guard !error.description.isEmpty else { fatalError("an empty error description for \(error)") }
    return 0
  }
  for record in imported.records {
    guard record.size >= 0, record.alignment > 0, record.alignment & (record.alignment - 1) == 0 else {
      fatalError("\(record.name): size \(record.size), alignment \(record.alignment)")
    }
  }
  guard let first = imported.records.first else { return 0 }
  do {
    let again = try DebugInfoImport.read(path, types: [first.name], unit: first.place)
    guard let record = again.record(named: first.name) else {
      fatalError("\(first.name) read by name is missing from \(again.records.map(\.name))")
    }
    guard record.size == first.size else {
      fatalError("\(first.name) is \(first.size) bytes read with every type, \(record.size) read by name")
    }
  } catch {
    _ = error.description
  }
  return 0
}
