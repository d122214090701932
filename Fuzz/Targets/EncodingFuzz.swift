// libFuzzer target: type encodings, method signatures and encoding sequences from arbitrary bytes.
//
// Everything that parses is printed and parsed again (the printer must write what the parser reads) and laid
// out for every ABI. For one ABI, picked by the input's length so that a reproducer always picks the same,
// a type of at most `maximumDescribedSize` bytes is also described as zeroed bytes, compared with itself
// and parsed back from its description. (Doing that for all four ABIs made every input four times slower
// for little more coverage: the ABIs differ only in a few sizes and alignments.)
import CValueKit

/// Larger types are laid out but not described, so that `[1000000000c]` does not allocate a gigabyte
/// here; the library itself never allocates by a type's size when only laying it out.
private let maximumDescribedSize = 1 << 16
private let maximumRoundTripSize = 1 << 12

/// libFuzzer's entry point: one input, `size` bytes at `data`; returns 0 (the input is never rejected).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  // Invalid UTF-8 is decoded with replacement characters, as a String from a file or argument would be.
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  checkSignature(text)
  do {
    let type = try TypeEncoding(text)
    checkPrinted(type, from: text)
    // Values are read in this machine's byte order only (s390x's are refused).
    let readable = ABI.all.filter { $0.isBigEndian == ABI.host.isBigEndian }
    let valueABI = readable[size % readable.count]
    for abi in ABI.all { check(type, abi: abi, describing: abi == valueABI) }
  } catch {
    _ = error.caretDiagnostic
  }
  return 0
}

private func checkSignature(_ text: String) {
  do {
    let elements = try TypeEncoding.parseSequence(text)
    let signature = try MethodSignature(text)
    guard signature.arguments.count + 1 == elements.count else {
      fatalError("MethodSignature has \(signature.arguments.count) arguments, parseSequence \(elements.count) types")
    }
    let printed = signature.description
    guard let again = try? MethodSignature(printed), again == signature else {
      fatalError("signature \(debug(text)) prints as \(debug(printed)), which does not parse back the same")
    }
  } catch {
    _ = error.caretDiagnostic
  }
}

/// The printed encoding parses back to the same type.
private func checkPrinted(_ type: TypeEncoding, from text: String) {
  let printed = type.description
  let again: TypeEncoding
  do { again = try TypeEncoding(printed) } catch {
    fatalError("\(debug(text)) prints as \(debug(printed)), which does not parse: \(error)")
  }
  guard again == type else {
    fatalError("\(debug(text)) prints as \(debug(printed)), which parses as \(debug(again.description))")
  }
}

/// The target's own registry, replaced every 1024 inputs. Its handle caches are bounded anyway (4,096
/// handles each); a new registry now and then also drops the old one (and all it holds) under the fuzzer,
/// and limits the state a finding can depend on to the inputs since the last replacement.
nonisolated(unsafe) private var registry = ValueRegistry()
nonisolated(unsafe) private var registryUses = 0
private let registryLifetime = 1024

private func check(_ type: TypeEncoding, abi: ABI, describing: Bool) {
  let layout: CLayout
  do { layout = try TypeCatalog.shared.layout(of: type, abi: abi) } catch {
    _ = error.description
    return
  }
  guard describing else { return }
  registryUses += 1
  if registryUses == registryLifetime {
    registry = ValueRegistry()
    registryUses = 0
  }
  let handle: ValueType
  do { handle = try registry.resolve(type, abi: abi) } catch { fatalError("a parsed type always resolves: \(error)") }
  guard handle.size == layout.size else {
    fatalError("\(type) on \(abi): the handle's size \(String(describing: handle.size)) is not \(layout.size)")
  }
  guard layout.size <= maximumDescribedSize else { return }
  let zeros = [UInt8](repeating: 0, count: layout.size)
  do { _ = try handle.describe(bytes: zeros) } catch {
    fatalError("\(type) on \(abi): describing \(layout.size) zero bytes threw \(error)")
  }
  // Every element written out, so that the description can be read back; only for smaller values, to
  // keep the inputs fast.
  guard layout.size <= maximumRoundTripSize else { return }
  let description: String
  do { description = try handle.describe(bytes: zeros, options: DescriptionOptions(maximumElements: nil)) } catch {
    fatalError("\(type) on \(abi): describing \(layout.size) zero bytes threw \(error)")
  }
  do {
    let comparison = try handle.compare(bytes: zeros, zeros)
    guard comparison.isEqual else { fatalError("\(type) on \(abi): zero is not equal to zero: \(comparison)") }
  } catch {
    fatalError("\(type) on \(abi): comparing zero with zero threw \(error)")
  }
  do {
    let parsed = try handle.parse(description)
    guard parsed == zeros else {
      fatalError("\(type) on \(abi): zero describes as \(debug(description)), which parses as non-zero \(parsed)")
    }
  } catch {
    fatalError("\(type) on \(abi): zero describes as \(debug(description)), which does not parse: \(error)")
  }
}

private func debug(_ text: String) -> String { String(reflecting: text) }
