/// The field-by-field comparison that finds every mismatching leaf, run when the fast check fails or when
/// field tolerances apply.
struct StructuralComparison {
  let actual: UnsafeRawPointer
  let expected: UnsafeRawPointer
  let fieldTolerances: [FieldPath: FloatTolerance]
  let limit: Int
  /// Describes the node at a byte offset (for a bitfield, at a bit offset) of one of the two values.
  let describe: (RuleNode, UnsafeRawPointer, _ offset: Int, _ bitOffset: Int) -> String

  private(set) var mismatches: [Mismatch] = []
  private(set) var mismatchCount = 0
  /// The route of each listed mismatch: from the value's node, the index of each member (in its record's
  /// members, anonymous ones included) or array element on the way to the mismatching node. Descriptions
  /// elided to the mismatching fields follow these, since a path skips anonymous members.
  private(set) var routes: [[Int]] = []
  /// The route to the node being walked.
  private var route: [Int] = []

  init(
    actual: UnsafeRawPointer, expected: UnsafeRawPointer, options: ComparisonOptions,
    describe: @escaping (RuleNode, UnsafeRawPointer, Int, Int) -> String
  ) {
    self.actual = actual
    self.expected = expected
    self.fieldTolerances = options.fieldTolerances
    self.limit = max(0, options.maximumReportedMismatches)
    self.describe = describe
  }

  /// Compares the node at byte `base` (bit `bitBase`) reached by `path`, under `tolerance` unless a field
  /// tolerance overrides it for this subtree.
  ///
  /// A `nil` path means the report is full and no field tolerance applies: mismatches are only counted,
  /// with no path built and nothing described, so that the rest of a long array costs a comparison per
  /// element and nothing more.
  mutating func walk(
    _ rule: RuleNode, base: Int, bitBase: Int, path: FieldPath?, tolerance inherited: FloatTolerance
  ) {
    let tolerance = fieldTolerances.isEmpty ? inherited : (path.flatMap { fieldTolerances[$0] } ?? inherited)
    switch rule.rule {
    case .ignored:
      return
    case .registered(let entry):
      guard let compare = entry.compare else { return }
      let size = rule.node.size
      let a = UnsafeRawBufferPointer(start: actual + base, count: size)
      let b = UnsafeRawBufferPointer(start: expected + base, count: size)
      guard !compare(a, b) else { return }
      // A container's own mismatches (a vector's `[3].x`) in its place, counted as the one field it is.
      if let path, mismatches.count < limit, let inside = entry.inside?(a, b), !inside.isEmpty {
        mismatchCount += 1
        for mismatch in inside.prefix(limit - mismatches.count) {
          routes.append(route)
          mismatches.append(
            Mismatch(
              path: FieldPath(path.components + mismatch.path.components), offset: base, actual: mismatch.actual,
              expected: mismatch.expected, difference: mismatch.difference, tolerance: mismatch.tolerance,
              firstDifference: mismatch.firstDifference, excerpt: mismatch.excerpt))
        }
        return
      }
      record(
        rule, path: path, base: base, bitBase: bitBase, difference: nil, tolerance: nil,
        firstDifference: path == nil ? nil : entry.firstDifference?(a, b))
    case .bytes:
      var steps: [ComparisonStep] = []
      ComparisonStep.compile(rule, base: base, bitBase: bitBase, into: &steps)
      if !ComparisonStep.run(steps, actual, expected, tolerance: tolerance) {
        record(rule, path: path, base: base, bitBase: bitBase, difference: nil, tolerance: nil)
      }
    case .union(_, let views, .member(let index)?):
      walk(views, [index], base: base, path: path, tolerance: tolerance)
    case .union(let coverage, let views, .tagged(let tag, let members, let unknownAsBytes)?):
      let value = tag.value(at: actual, unionBit: base * 8)
      // Different tags: different members are live, and comparing them means nothing. The tag reports
      // itself; the union is one field, each value described by its own live member.
      guard value == tag.value(at: expected, unionBit: base * 8) else {
        // A tag inside the union (every member starts with it) is reported first, as one outside would be.
        if let inside = tag.inside {
          walk(
            RuleNode(node: inside.node, rule: .leaf(tag.kind)), base: base, bitBase: bitBase,
            path: path.map { FieldPath($0.components + inside.path.components) }, tolerance: tolerance)
        }
        record(rule, path: path, base: base, bitBase: bitBase, difference: nil, tolerance: nil)
        return
      }
      if let index = members[value] {
        walk(views, [index], base: base, path: path, tolerance: tolerance)
      } else if unknownAsBytes {
        if !ComparisonStep.run(coverage, actual + base, expected + base, tolerance: tolerance) {
          record(rule, path: path, base: base, bitBase: bitBase, difference: nil, tolerance: nil, asBytes: true)
        }
      } else {
        walkAllViews(
          rule, coverage: coverage, views: views, base: base, bitBase: bitBase, path: path, tolerance: tolerance)
      }
    case .union(let coverage, let views, nil):
      walkAllViews(
        rule, coverage: coverage, views: views, base: base, bitBase: bitBase, path: path, tolerance: tolerance)
    case .text(let count):
      let (a, b) = (actual + base, expected + base)
      let differs = { (index: Int) in
        a.load(fromByteOffset: index, as: UInt8.self) != b.load(fromByteOffset: index, as: UInt8.self)
      }
      guard let index = (0..<count).first(where: differs) else { return }
      record(rule, path: path, base: base, bitBase: bitBase, difference: nil, tolerance: nil, firstDifference: index)
    case .leaf(let kind):
      let verdict = LeafComparison.compare(
        kind, actual, expected, offset: base, bitOffset: bitBase, size: rule.node.size, tolerance: tolerance)
      if !verdict.isEqual {
        record(
          rule, path: path, base: base, bitBase: bitBase, difference: verdict.difference,
          tolerance: kind.isFloatingPoint ? tolerance : nil)
      }
    case .record(let members, let order):
      walk(members, order ?? Array(members.indices), base: base, path: path, tolerance: tolerance)
    case .array(let count, let element):
      let size = element.node.size
      // Without field tolerances an element that passes the fast check has no mismatch to report.
      var steps: [ComparisonStep] = []
      if fieldTolerances.isEmpty { ComparisonStep.compile(element, into: &steps) }
      for index in 0..<count {
        let offset = base + index * size
        if fieldTolerances.isEmpty, ComparisonStep.run(steps, actual + offset, expected + offset, tolerance: tolerance)
        {
          continue
        }
        let counting = mismatches.count >= limit && fieldTolerances.isEmpty
        route.append(index)
        walk(
          element, base: offset, bitBase: offset * 8, path: counting ? nil : path?.appending(.index(index)),
          tolerance: tolerance)
        route.removeLast()
      }
    }
  }

  /// A union whose live member is unknown, compared over the bytes its members cover. The bytes decide; the
  /// views only say where they differ: each view reports its own differing fields, by the same rules as
  /// any field (floats by the tolerance).
  private mutating func walkAllViews(
    _ rule: RuleNode, coverage: [ComparisonStep], views: [(member: CLayout.Member, rule: RuleNode)], base: Int,
    bitBase: Int, path: FieldPath?, tolerance: FloatTolerance
  ) {
    guard !ComparisonStep.run(coverage, actual + base, expected + base, tolerance: tolerance) else { return }
    let before = mismatchCount
    walk(views, Array(views.indices), base: base, path: path, tolerance: tolerance)
    // Bytes that differ where every view sees equal fields (`0.0` and `-0.0` as a float, bits a registered
    // comparer ignores): the union itself is the mismatch, so an unequal result always has a line.
    if mismatchCount == before {
      record(rule, path: path, base: base, bitBase: bitBase, difference: nil, tolerance: nil)
    }
  }

  /// Walks the members of a struct, or the member views of a union, whose node starts at byte `base`: those
  /// at `indices`, in that order.
  private mutating func walk(
    _ members: [(member: CLayout.Member, rule: RuleNode)], _ indices: [Int], base: Int, path: FieldPath?,
    tolerance: FloatTolerance
  ) {
    for index in indices {
      let (member, child) = members[index]
      // C reaches the members of an anonymous struct or union directly: they add nothing to the path.
      let childPath = path.map { path in member.component.map { path.appending($0) } ?? path }
      route.append(index)
      walk(
        child, base: base + member.offset, bitBase: base * 8 + member.bitOffset, path: childPath, tolerance: tolerance)
      route.removeLast()
    }
  }

  private mutating func record(
    _ rule: RuleNode, path: FieldPath?, base: Int, bitBase: Int, difference: Double?, tolerance: FloatTolerance?,
    firstDifference: Int? = nil, asBytes: Bool = false
  ) {
    mismatchCount += 1
    guard let path, mismatches.count < limit else { return }
    let describe = describe
    let text = { (value: UnsafeRawPointer) in
      asBytes
        ? ValueDescriber.describeBytes(UnsafeRawBufferPointer(start: value + base, count: rule.node.size))
        : describe(rule, value, base, bitBase)
    }
    routes.append(route)
    var (actualText, expectedText) = (text(actual), text(expected))
    var excerpt: Range<Int>?
    // A long char array (a label differing only after its NUL) shows the bytes around the first difference.
    if let firstDifference, case .array(let count, _) = rule.node.content,
      max(actualText.count, expectedText.count) > ValueDescriber.longestCharArrayLine
    {
      let window = ValueDescriber.charArrayWindow(around: firstDifference, count: count)
      let excerptText = { (value: UnsafeRawPointer) in
        ValueDescriber.charArrayExcerpt(
          UnsafeRawBufferPointer(start: value, count: base + count), offset: base, count: count, window: window)
      }
      (actualText, expectedText, excerpt) = (excerptText(actual), excerptText(expected), window)
    }
    mismatches.append(
      Mismatch(
        path: path, offset: base, actual: actualText, expected: expectedText, difference: difference,
        tolerance: tolerance, firstDifference: firstDifference, excerpt: excerpt))
  }
}

extension RuleNode {
  /// Whether `path` leads to a node of this tree: to check field tolerances before using them.
  func contains(_ path: FieldPath) -> Bool { field(at: path) != nil }

  /// The layout of the field at `path`, or `nil` when the path leads to no node of this tree.
  func field(at path: FieldPath) -> CLayout.Node? {
    var current = node
    for component in path.components {
      guard let next = Self.child(of: current, along: component) else { return nil }
      current = next
    }
    return current
  }

  static func child(of node: CLayout.Node, along component: FieldPath.Component) -> CLayout.Node? {
    switch (node.content, component) {
    case (.array(let count, let element), .index(let index)):
      return index >= 0 && index < count ? element : nil
    case (.structure(let members), _), (.union(let members), _):
      for member in members {
        if member.component == component { return member.node }
        // C reaches the members of an anonymous struct or union directly.
        if member.component == nil, let inner = child(of: member.node, along: component) { return inner }
      }
      return nil
    default:
      return nil
    }
  }
}

extension CLayout.Node {
  /// Whether the node, or a member or element of it, is a floating-point value that a tolerance applies to.
  func holdsFloatingPoint(abi: ABI) -> Bool {
    switch content {
    case .leaf: return LeafKind(self, abi: abi).isFloatingPoint
    case .bitfield: return false
    case .structure(let members), .union(let members): return members.contains { $0.node.holdsFloatingPoint(abi: abi) }
    case .array(_, let element): return element.holdsFloatingPoint(abi: abi)
    }
  }
}
