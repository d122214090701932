// libFuzzer target: union member rules (UnionMember) and ignored paths on arbitrary types and values.
//
// An input is "<encoding>\n<bytes>". The bytes after the line choose, for each union the type holds, whether
// it gets a rule, and which: a named member (or a name no member has), or a tag (any leaf outside or
// inside the union, an integer or not) mapping small values to members, with either unknown-tag rule; then
// up to three ignored paths (any field, through arrays by [*] or by one index, or a field that does not
// exist); the rest of the bytes are two values. Each rule set is used per comparison, per description and
// registered for the type; a rule or path that does not fit must be a typed error. Whatever is chosen:
// - a value equals itself, bit for bit, and a comparison's verdict is `isEqual`'s;
// - a comparison counts at least the mismatches it lists, and is equal exactly when it counts none;
// - describing never fails once the rules were accepted.
import CValueKit

private let maximumSize = 1 << 12

/// The bytes that drive the choices, read from the front; zeros once they run out.
private struct Choices {
  var bytes: ArraySlice<UInt8>
  mutating func next() -> UInt8 { bytes.popFirst() ?? 0 }
  mutating func pick(_ count: Int) -> Int { count == 0 ? 0 : Int(next()) % count }
  mutating func value(size: Int) -> [UInt8] { (0..<size).map { _ in next() } }
}

/// A union in the layout: its path from the value (arrays are not entered), its members' names, and the
/// leaves (paths) anywhere in the value, outside arrays, that a tag could be.
private struct Place {
  let path: FieldPath
  let names: [String]
}

private func collect(
  _ node: CLayout.Node, path: FieldPath, unions: inout [Place], leaves: inout [FieldPath]
) {
  switch node.content {
  case .leaf, .bitfield:
    leaves.append(path)
  case .array:
    return
  case .structure(let members), .union(let members):
    if case .union = node.content {
      unions.append(
        Place(
          path: path,
          names: members.compactMap { member in
            if case .member(let name)? = member.component { return name }
            return member.node.members.first.flatMap { if case .member(let name)? = $0.component { name } else { nil } }
          }))
    }
    for member in members {
      collect(member.node, path: member.component.map { path.appending($0) } ?? path, unions: &unions, leaves: &leaves)
    }
  }
}

private func rules(for layout: CLayout, _ choices: inout Choices) -> [FieldPath: UnionMember] {
  var unions: [Place] = []
  var leaves: [FieldPath] = []
  collect(layout.root, path: FieldPath(), unions: &unions, leaves: &leaves)
  var rules: [FieldPath: UnionMember] = [:]
  for union in unions where choices.next() % 3 != 0 {
    let names = union.names + ["nonexistent"]
    switch choices.next() % 3 {
    case 0:
      rules[union.path] = .named(names[choices.pick(names.count)])
    default:
      var members: [Int64: String] = [:]
      for value in 0..<Int64(choices.pick(4)) { members[value] = names[choices.pick(names.count)] }
      let tag = leaves.isEmpty ? FieldPath() : leaves[choices.pick(leaves.count)]
      rules[union.path] = .tagged(by: tag, members: members, unknownAsBytes: choices.next() % 2 != 0)
    }
  }
  return rules
}

/// Every path a field can be ignored by: members (anonymous ones as C reaches them), `[*]` through arrays,
/// and `[0]`, which must be refused; at most 64.
private func ignorablePaths(_ node: CLayout.Node, path: FieldPath, into paths: inout [FieldPath]) {
  guard paths.count < 64 else { return }
  paths.append(path)
  switch node.content {
  case .leaf, .bitfield: return
  case .array(let count, let element):
    guard count > 0 else { return }
    ignorablePaths(element, path: path.appending(.anyIndex), into: &paths)
    paths.append(path.appending(.index(0)))
  case .structure(let members), .union(let members):
    for member in members {
      ignorablePaths(member.node, path: member.component.map { path.appending($0) } ?? path, into: &paths)
    }
  }
}

private func ignoredPaths(for layout: CLayout, _ choices: inout Choices) -> Set<FieldPath> {
  var paths: [FieldPath] = []
  ignorablePaths(layout.root, path: FieldPath(), into: &paths)
  paths.append(".nonexistent")
  var chosen: Set<FieldPath> = []
  for _ in 0..<choices.pick(4) { chosen.insert(paths[choices.pick(paths.count)]) }
  return chosen
}

/// Whether an error is one that rules or paths that do not fit the type must give.
private func isMisfit(_ error: ValueError) -> Bool {
  switch error {
  case .unionMember, .unknownFieldPath, .pathThroughElement: return true
  default: return false
  }
}

/// libFuzzer's entry point: one input, `size` bytes at `data`; returns 0 (the input is never rejected).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: size)
  guard let newline = input.firstIndex(of: 0x0A) else { return 0 }
  let text = String(decoding: input[..<newline], as: UTF8.self)
  guard let type = try? TypeEncoding(text), let layout = try? TypeCatalog.shared.layout(of: type),
    layout.size > 0, layout.size <= maximumSize
  else { return 0 }
  var choices = Choices(bytes: ArraySlice(input[(newline + 1)...]))
  let chosen = rules(for: layout, &choices)
  let ignored = ignoredPaths(for: layout, &choices)
  let actual = choices.value(size: layout.size)
  var expected = actual
  for _ in 0..<choices.pick(4) { expected[choices.pick(expected.count)] = choices.next() }

  // Per comparison.
  let plain: ValueType
  do { plain = try ValueRegistry().resolve(type) } catch { fatalError("a type that lays out resolves: \(error)") }
  let options = ComparisonOptions(tolerance: .bitwise, unionMembers: chosen, ignoredPaths: ignored)
  do {
    let comparison = try plain.compare(bytes: actual, expected, options: options)
    check(comparison, "\(text) with \(chosen), ignoring \(ignored)")
    guard try plain.compare(bytes: actual, actual, options: options).isEqual else {
      fatalError("\(text) with \(chosen), ignoring \(ignored): a value is not equal to itself")
    }
    // Leaving fields out never makes unequal values of the whole comparison more unequal.
    let all = try plain.compare(
      bytes: actual, expected, options: ComparisonOptions(tolerance: .bitwise, unionMembers: chosen))
    guard comparison.comparedFieldCount <= all.comparedFieldCount, !all.isEqual || comparison.isEqual else {
      fatalError("\(text) with \(chosen), ignoring \(ignored): ignoring fields made the values differ")
    }
    _ = try plain.describe(bytes: actual, options: DescriptionOptions(unionMembers: chosen))
  } catch {
    guard isMisfit(error) else { fatalError("\(text) with \(chosen), ignoring \(ignored): \(error)") }
    _ = error.description
  }

  // Registered for the type.
  let registry = ValueRegistry()
  for (path, member) in chosen.sorted(by: { $0.key.description < $1.key.description }) {
    do { try registry.register(type, unionMember: member, at: path) } catch {
      guard case .unionMember = error else { fatalError("\(text): registering \(member) at \(path): \(error)") }
    }
  }
  do { try registry.register(type, ignoring: Array(ignored)) } catch {
    guard isMisfit(error) else { fatalError("\(text): registering ignored paths \(ignored): \(error)") }
  }
  do {
    let handle = try registry.resolve(type)
    let comparison = try handle.compare(bytes: actual, expected, options: ComparisonOptions(tolerance: .bitwise))
    check(comparison, "\(text) registered with \(chosen)")
    let fast = actual.withUnsafeBytes { a in
      expected.withUnsafeBytes { b in
        // Both hold layout.size > 0 bytes, so both have an address.
        guard let a = a.baseAddress, let b = b.baseAddress else { fatalError("\(text): a value with no bytes") }
        return handle.isEqual(pointers: a, b, tolerance: .bitwise)
      }
    }
    guard fast == comparison.isEqual else {
      fatalError("\(text) registered with \(chosen): isEqual says \(fast), compare says \(comparison.isEqual)")
    }
    guard try handle.compare(bytes: actual, actual, options: ComparisonOptions(tolerance: .bitwise)).isEqual else {
      fatalError("\(text) registered with \(chosen): a value is not equal to itself")
    }
    _ = try handle.describe(bytes: expected)
  } catch {
    fatalError("\(text) registered with \(chosen): \(error)")
  }
  return 0
}

private func check(_ comparison: Comparison, _ what: @autoclosure () -> String) {
  guard comparison.mismatchCount >= comparison.mismatches.count,
    comparison.isEqual == (comparison.mismatchCount == 0)
  else {
    fatalError(
      "\(what()): \(comparison.mismatchCount) mismatches counted, \(comparison.mismatches.count) listed, "
        + "isEqual \(comparison.isEqual)")
  }
  _ = comparison.report
}
