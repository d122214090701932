import CValueKit

#if canImport(Glibc)
  import Glibc
#endif

extension TypeIndexCache {
  /// An index file mapped into memory and searched by name, never read whole: a process that needs three
  /// names of a binary with a million reads three lines.
  final class Kept: @unchecked Sendable {
    // @unchecked: the mapping is read-only and never changes while the object lives.
    private let base: UnsafeRawPointer
    private let size: Int
    /// The header's text, and where the lines after it start and `end` starts.
    let header: String
    private let bodyStart: Int
    private let bodyEnd: Int

    /// The index file at `path`, `nil` when it cannot be read or is not whole.
    init?(path: String) {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var status = stat()
      guard fstat(descriptor, &status) == 0, status.st_size > 0, status.st_size < 1 << 40 else { return nil }
      let size = Int(status.st_size)
      guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
        return nil
      }
      let bytes = UnsafeRawBufferPointer(start: mapped, count: size)
      // The header's three lines, and `end` last: a file cut short has no `end`.
      var newlines: [Int] = []
      for position in 0..<min(size, 4096) where bytes[position] == 10 {
        newlines.append(position)
        if newlines.count == 3 { break }
      }
      let tail = Array("end\n".utf8)
      guard newlines.count == 3, size >= newlines[2] + 1 + tail.count,
        Array(bytes[(size - tail.count)...]) == tail,
        size == newlines[2] + 1 + tail.count || bytes[size - tail.count - 1] == 10
      else {
        munmap(mapped, size)
        return nil
      }
      self.base = UnsafeRawPointer(mapped)
      self.size = size
      self.header = String(decoding: bytes[...newlines[2]], as: UTF8.self)
      self.bodyStart = newlines[2] + 1
      self.bodyEnd = size - tail.count
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), size) }

    private subscript(_ position: Int) -> UInt8 { base.load(fromByteOffset: position, as: UInt8.self) }

    private func lineStart(containing position: Int) -> Int {
      var start = position
      while start > bodyStart, self[start - 1] != 10 { start -= 1 }
      return start
    }

    private func lineEnd(from start: Int) -> Int {
      var end = start
      while end < bodyEnd, self[end] != 10 { end += 1 }
      return end
    }

    /// The key of a line: its kind and name, up to the second tab.
    private func keyEnd(_ start: Int, _ end: Int) -> Int {
      var tabs = 0
      for position in start..<end where self[position] == 9 {
        tabs += 1
        if tabs == 2 { return position }
      }
      return end
    }

    private func compare(_ start: Int, _ end: Int, _ key: [UInt8]) -> Int {
      let keyEnd = keyEnd(start, end)
      for index in 0..<min(keyEnd - start, key.count) where self[start + index] != key[index] {
        return self[start + index] < key[index] ? -1 : 1
      }
      return (keyEnd - start) - key.count
    }

    /// The fields of the lines whose first two fields are `kind` and `name`, in order; `nil` when one of
    /// them does not read back.
    private func lines(_ kind: String, _ name: String) -> [[String]]? {
      var result: [[String]] = []
      for line in lines(Array(TabSeparatedLine.make([kind, name]).utf8)) {
        guard let fields = TabSeparatedLine.fields(Substring(line)) else { return nil }
        result.append(fields)
      }
      return result
    }

    /// The lines whose key is `key`, in order.
    private func lines(_ key: [UInt8]) -> [String] {
      var low = bodyStart
      var high = bodyEnd
      while low < high {
        let start = lineStart(containing: (low + high) / 2)
        let end = lineEnd(from: start)
        if compare(start, end, key) < 0 { low = end + 1 } else { high = start }
      }
      var result: [String] = []
      var start = low
      while start < bodyEnd {
        let end = lineEnd(from: start)
        guard compare(start, end, key) == 0 else { break }
        result.append(String(decoding: UnsafeRawBufferPointer(start: base + start, count: end - start), as: UTF8.self))
        start = end + 1
      }
      return result
    }

    /// The names of every definition line, in order (each once): for the nearest names to a miss.
    func names() -> [String] {
      var result: [String] = []
      var start = bodyStart
      while start < bodyEnd {
        let end = lineEnd(from: start)
        let line = String(decoding: UnsafeRawBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        if let fields = TabSeparatedLine.fields(Substring(line)), fields.count >= 2, fields[0] == "D",
          result.last != fields[1]
        {
          result.append(fields[1])
        }
        start = end + 1
      }
      return result
    }

    /// The definitions of `name`, `nil` when a line of them is damaged.
    func definitions(of name: String) -> [TypeIndex.Definition]? {
      guard let lines = lines("D", name) else { return nil }
      var result: [TypeIndex.Definition] = []
      for parts in lines {
        guard parts.count == 5, let fingerprint = UInt64(parts[2], radix: 16), let unit = Int(parts[3]), unit >= 0
        else { return nil }
        result.append(.init(fingerprint: fingerprint, unit: unit, place: parts[4]))
      }
      return result
    }

    /// The unit at `position`, `nil` when none is listed there or its line is damaged.
    func unit(_ position: Int) -> TypeIndex.UnitEntry? {
      guard let parts = lines("U", TypeIndexCache.position(position))?.first, parts.count == 6,
        let section = Int(parts[2]).flatMap(DwarfFile.Unit.Location.Section.init(rawValue:)),
        let offset = UInt64(parts[3], radix: 16), parts[4] == "0" || parts[4] == "1"
      else { return nil }
      return .init(location: .init(section: section, offset: offset), name: parts[5], isTypeUnit: parts[4] == "1")
    }

    /// Whether `name` is listed as an incomplete tag.
    func isIncomplete(_ name: String) -> Bool { lines("I", name).map { !$0.isEmpty } ?? true }
  }
}
