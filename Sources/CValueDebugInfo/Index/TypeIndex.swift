internal import CDwarf
import CValueKit

/// Where each type name of one file's DWARF is defined: for every name, one entry per different definition,
/// with the unit and place where it first appears. Definitions are told apart by a fingerprint of their DIEs
/// (`cv_dwarf_fingerprint`: every attribute but where it is declared, every child, every type held), so a
/// header's record that 3,000 units repeat is one entry, and a name two units define differently is two.
///
/// Reading a type with the index reads only the units holding one copy of each of its definitions, and
/// imports from those exactly as from every unit: definitions of one fingerprint read alike, so the import
/// pass merges and refuses as it would have. A name the index lacks is unknown without reading a unit.
struct TypeIndex {
  /// One definition of a name.
  struct Definition: Equatable {
    /// The fingerprint of its DIEs, with its unit's language and whether it is a typedef.
    var fingerprint: UInt64
    /// Its first unit, by position in ``DwarfFile/units()``.
    var unit: Int
    /// Its first place there (``TypeDeclarations/Entry/place``).
    var place: String
  }

  /// By name as ``DieReader/declarations()`` names entries: each different definition, first first.
  private(set) var definitions: [String: [Definition]] = [:]
  /// Tags declared but defined in no unit.
  private(set) var incomplete: Set<String> = []
  /// The same, kept on disk and read by name (``TypeIndexCache``) instead.
  private var kept: TypeIndexCache.Kept?
  /// How many units the file has: an index of a file with another count is another file's.
  let unitCount: Int
  /// Where each unit is, in order (built indexes; a kept one reads them by position).
  private(set) var units: [UnitEntry] = []

  /// A unit as the index finds it again without walking the others.
  struct UnitEntry: Equatable {
    var location: DwarfFile.Unit.Location
    var name: String
    var isTypeUnit: Bool
  }

  /// The unit at `position`, `nil` when there is none there (or a kept index is damaged there).
  func unit(_ position: Int) -> UnitEntry? {
    guard let kept else { return position < units.count ? units[position] : nil }
    return kept.unit(position)
  }

  init(unitCount: Int) {
    self.unitCount = unitCount
  }

  /// An index read from the disk cache, looked up by name.
  init(kept: TypeIndexCache.Kept, unitCount: Int) {
    self.kept = kept
    self.unitCount = unitCount
  }

  /// The different definitions of `name`, first first; `nil` when a kept index is damaged there.
  func definitions(of name: String) -> [Definition]? {
    guard let kept else { return definitions[name] ?? [] }
    return kept.definitions(of: name)
  }

  /// Whether `name` is a tag declared but defined in no unit.
  func isIncomplete(_ name: String) -> Bool {
    guard let kept else { return incomplete.contains(name) }
    return kept.isIncomplete(name)
  }

  /// Every name the index defines, for the nearest names to one it lacks (a kept index is read whole).
  var allNames: [String] {
    guard let kept else { return Array(definitions.keys) }
    return kept.names()
  }

  /// Up to three names of `names` spelled most like `type` (by edit distance, keywords aside, at most a
  /// quarter of its length and at least 2 apart), nearest first: what a miss offers instead.
  static func nearest(to type: String, in names: [String]) -> [String] {
    func bare(_ name: String) -> [UInt8] {
      for keyword in ["struct ", "union ", "enum "] where name.hasPrefix(keyword) {
        return Array(name.utf8.dropFirst(keyword.utf8.count))
      }
      return Array(name.utf8)
    }
    let query = bare(CTypeName.canonical(type) ?? type)
    let limit = max(2, query.count / 4)
    var scored: [(distance: Int, name: String)] = []
    for name in names {
      let candidate = bare(name)
      guard abs(candidate.count - query.count) <= limit else { continue }
      let distance = editDistance(query, candidate)
      if distance <= limit { scored.append((distance, name)) }
    }
    return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(3).map(\.name)
  }

  /// Levenshtein's distance between two byte strings.
  private static func editDistance(_ first: [UInt8], _ second: [UInt8]) -> Int {
    var previous = Array(0...second.count)
    var current = [Int](repeating: 0, count: second.count + 1)
    for (row, byte) in first.enumerated() {
      current[0] = row + 1
      for column in 0..<second.count {
        let substitution = previous[column] + (byte == second[column] ? 0 : 1)
        current[column + 1] = min(substitution, previous[column + 1] + 1, current[column] + 1)
      }
      swap(&previous, &current)
    }
    return previous[second.count]
  }

  /// Whether the index was read from the disk cache.
  var isKept: Bool { kept != nil }

  /// Reads every unit's declarations once, fingerprinting each.
  static func build(_ reader: inout DieReader) -> TypeIndex {
    var index = TypeIndex(unitCount: reader.units.count)
    index.units = reader.units.map { UnitEntry(location: $0.location, name: $0.name, isTypeUnit: $0.isTypeUnit) }
    var tags = DieReader.Tags()
    let fingerprints = cv_dwarf_fingerprints_create()
    defer { cv_dwarf_fingerprints_destroy(fingerprints) }
    for (position, unit) in reader.units.enumerated() {
      var part = TypeDeclarations<Dwarf_Die>()
      reader.declarations(in: unit, into: &part, tags: &tags)
      guard !part.entries.isEmpty else { continue }
      if let fingerprints { cv_dwarf_fingerprints_clear(fingerprints) }
      // The unit's language decides how its records' nested types are named.
      let language = reader.udata(unit.die, Attribute.language) ?? 0
      for entry in part.entries {
        var fingerprint: UInt64 = 0x766f_6964  // "void"
        if var die = entry.type { fingerprint = cv_dwarf_fingerprint(reader.api, &die, fingerprints) }
        fingerprint = Self.mix(Self.mix(fingerprint, language), entry.isTypedef ? 1 : 2)
        index.add(entry.name, Definition(fingerprint: fingerprint, unit: position, place: entry.place ?? ""))
      }
    }
    index.incomplete = tags.declaredOnly.subtracting(tags.defined)
    return index
  }

  private mutating func add(_ name: String, _ definition: Definition) {
    var known = definitions[name, default: []]
    guard !known.contains(where: { $0.fingerprint == definition.fingerprint }) else { return }
    known.append(definition)
    definitions[name] = known
  }

  private static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
    var result = hash ^ (value &+ 0x9e37_79b9_7f4a_7c15 &+ (hash << 6) &+ (hash >> 2))
    result ^= result >> 31
    result = result &* 0xbf58_476d_1ce4_e5b9
    return result ^ (result >> 29)
  }

  /// The names a type asked for may be, as the import pass selects them: a tagged name itself, a bare one as a
  /// typedef, a struct or a union (C++ spellings canonical: `class geo::box< int >` is `struct geo::box<int>`).
  static func candidates(for type: String) -> [String] {
    let query = CTypeName.canonical(type) ?? type
    let isTagged = query.hasPrefix("struct ") || query.hasPrefix("union ") || query.hasPrefix("enum ")
    return isTagged ? [query] : [query, "struct \(query)", "union \(query)"]
  }

  /// The names of the index `type` may be, and the first it has as an incomplete tag only (as the import
  /// pass picks them); a damaged kept entry counts as found, for the read to find it damaged.
  func names(for type: String) -> (found: [String], incomplete: String?) {
    let candidates = Self.candidates(for: type)
    let found = candidates.filter { definitions(of: $0).map { !$0.isEmpty } ?? true }
    return (found, candidates.first(where: isIncomplete))
  }

  /// The declarations the import pass needs for `types`: those of the units holding the first copy of each
  /// different definition of every name they may be (a tagged name itself, a bare one as a typedef, a struct
  /// or a union, as the import pass selects them), read again, and only those entries; `nil` when a kept
  /// index is damaged or names a unit `scan` does not find (`scan` gives a unit's declarations, as
  /// ``DieReader/declarations(in:into:tags:)`` lists them, with the reader's C++ names).
  func declarations(
    for types: [String], reader: inout DieReader,
    scan: (Int, inout DieReader) -> [TypeDeclarations<Dwarf_Die>.Entry]?
  ) -> TypeDeclarations<Dwarf_Die>? {
    struct Place: Hashable {
      var name: String
      var unit: Int
      var place: String
    }
    var wanted: Set<Place> = []
    var incomplete: Set<String> = []
    for type in types {
      for name in Self.candidates(for: type) {
        guard let found = definitions(of: name) else { return nil }
        for definition in found {
          wanted.insert(Place(name: name, unit: definition.unit, place: definition.place))
        }
        if isIncomplete(name) { incomplete.insert(name) }
      }
    }
    var result = TypeDeclarations<Dwarf_Die>(incomplete: incomplete)
    for position in Set(wanted.map(\.unit)).sorted() {
      guard let entries = scan(position, &reader) else { return nil }
      result.entries += entries.filter {
        wanted.contains(Place(name: $0.name, unit: position, place: $0.place ?? ""))
      }
    }
    return result
  }
}
