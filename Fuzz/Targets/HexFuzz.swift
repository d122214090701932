// libFuzzer target: the hex reader of `cvalue describe` and `cvalue compare`, then describing the bytes
// as the tool would.
//
// Sources/cvalue/HexBytes.swift is compiled into this binary (cvalue is an executable
// target, so it cannot be imported). Bytes that parse must print back to the same bytes, are described as
// each of `types` whose size fits (one value, and `--count` values when the count is a multiple of the
// stride), and for the integer and char types, whose every byte pattern is a value, the description must
// parse back to the same bytes.
import CValueKit

/// The cvalue tool's error, which lives with its ArgumentParser command; the fuzz build has its own with
/// the initialisers HexBytes uses.
struct BadInput: Error {
  var message: String
  init(message: String) { self.message = CaretDiagnostic.escaped(message) }
  init(diagnostic: String) { self.message = diagnostic }
}

private let types: [(encoding: String, isEveryPatternAValue: Bool)] = [
  ("uint8", true), ("int16", true), ("int32", true), ("[3c]", true), ("{S=\"a\"C\"b\"C\"c\"s}", true), ("float", false),
  ("double", false), ("point", false), ("rect", false), ("{S=cid}", false), ("(U=if)", false),
  ("{B=b3b5}", false), ("D", false), ("B", false), ("{Opaque}", false),
]

private let registry = ValueRegistry()
private let handles = types.map { type in
  guard let handle = try? registry.resolve(type.encoding) else { fatalError("\(type.encoding) does not resolve") }
  return handle
}

/// libFuzzer's entry point: one input, `size` bytes at `data`; returns 0 (the input is never rejected).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let bytes: [UInt8]
  do { bytes = try HexBytes.parse(text, argument: "<bytes>") } catch {
    _ = error.message
    return 0
  }
  guard bytes.count * 2 <= text.utf8.count else {
    fatalError("\(String(reflecting: text)) read as \(bytes.count) bytes, more than its digits allow")
  }
  let printed = HexBytes.format(bytes)
  guard let again = try? HexBytes.parse(printed, argument: "<bytes>"), again == bytes else {
    fatalError("\(String(reflecting: text)) prints as \(printed), which does not read back the same")
  }
  for (index, handle) in handles.enumerated() { describe(bytes, as: handle, roundTrip: types[index].1) }
  return 0
}

private func describe(_ bytes: [UInt8], as handle: ValueType, roundTrip: Bool) {
  guard let layout = handle.layout else {
    _ = try? handle.describe(bytes: bytes)
    return
  }
  if bytes.count == layout.size {
    let description: String
    do { description = try handle.describe(bytes: bytes) } catch {
      fatalError("\(handle): \(bytes) did not describe: \(error)")
    }
    if roundTrip {
      guard let parsed = try? handle.parse(description), parsed == bytes else {
        fatalError("\(handle): \(HexBytes.format(bytes)) describes as \(description), which does not parse back")
      }
    }
  } else {
    do {
      _ = try handle.describe(bytes: bytes)
      fatalError("\(handle): \(bytes.count) bytes described as one value of \(layout.size)")
    } catch {
      _ = error.description
    }
  }
  guard layout.stride > 0, bytes.count % layout.stride == 0, !bytes.isEmpty else { return }
  bytes.withUnsafeBytes { buffer in
    do { _ = try handle.describe(bytes: buffer, count: bytes.count / layout.stride) } catch {
      fatalError("\(handle): \(bytes.count / layout.stride) values did not describe: \(error)")
    }
  }
}
