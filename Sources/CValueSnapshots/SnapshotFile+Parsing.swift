extension SnapshotFile {
  /// Reads a snapshot file's text: the header lines, then the initializer (everything after them).
  ///
  /// ```swift
  /// let file = try SnapshotFile(parsing: String(decoding: data, as: UTF8.self), path: "point-1.snap")
  /// ```
  ///
  /// - Parameters:
  ///   - text: The file's text.
  ///   - path: The file's path, for errors.
  /// - Throws: ``SnapshotError`` with the line and column of a header line that is missing or does not read.
  public init(parsing text: String, path: String) throws(SnapshotError) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
    func fail(_ line: Int, _ column: Int, _ problem: String) -> SnapshotError {
      SnapshotError(path: path, line: line, column: column, problem: problem)
    }
    let magic = "// cvalue snapshot "
    guard let first = lines.first, first.hasPrefix(magic) else {
      throw fail(1, 1, "not a cvalue snapshot: the first line must be “\(magic)\(Self.formatVersion)”")
    }
    guard let version = Int(first.dropFirst(magic.count)) else {
      throw fail(1, magic.count + 1, "the format version “\(first.dropFirst(magic.count))” is not a number")
    }
    guard version == Self.formatVersion else {
      throw fail(
        1, magic.count + 1, "format version \(version) is not one this CValueKit reads (\(Self.formatVersion))")
    }
    var header: [String: (value: String, line: Int)] = [:]
    var fields: [String] = []
    var index = 1
    while index < lines.count, lines[index].hasPrefix("// ") {
      let line = lines[index].dropFirst(3)
      guard let colon = line.firstIndex(of: ":") else {
        throw fail(index + 1, 4, "a header line is “// key: value”, with key type, size, count, abi or field")
      }
      let key = String(line[..<colon])
      let value = String(line[line.index(after: colon)...].drop { $0 == " " })
      switch key {
      case "field": fields.append(value)
      case "type", "size", "count", "abi":
        guard header[key] == nil else { throw fail(index + 1, 4, "a second “\(key):” line") }
        header[key] = (value, index + 1)
      default: throw fail(index + 1, 4, "unknown header line “\(key):” (type, size, count, abi or field)")
      }
      index += 1
    }
    for key in ["type", "size", "abi"] where header[key] == nil {
      throw fail(index + 1, 1, "the header has no “// \(key):” line")
    }
    guard let typeName = header["type"]?.value, let sizeLine = header["size"], let abi = header["abi"]?.value else {
      throw fail(index + 1, 1, "the header is incomplete")
    }
    guard let size = Int(sizeLine.value), size >= 0 else {
      throw fail(sizeLine.line, 10, "the size “\(sizeLine.value)” is not a number of bytes")
    }
    if let countLine = header["count"] {
      guard let count = Int(countLine.value), count >= 0 else {
        throw fail(countLine.line, 11, "the count “\(countLine.value)” is not a number of values")
      }
      self.count = count
    }
    self.typeName = typeName
    self.size = size
    self.abi = abi
    self.fields = fields
    let body = lines[index...].joined(separator: "\n")
    initializer = String(body.reversed().drop { $0 == "\n" }.reversed())
    initializerLine = index + 1
  }

  /// The line and column in the file of a byte offset in ``initializer``.
  ///
  /// ```swift
  /// file.position(ofInitializerOffset: 0)   // (line: file.initializerLine, column: 1)
  /// ```
  ///
  /// - Parameter offset: A UTF-8 offset in ``initializer``, as `ValueError.literal` gives it.
  public func position(ofInitializerOffset offset: Int) -> (line: Int, column: Int) {
    let prefix = initializer.utf8.prefix(max(0, offset))
    let text = String(decoding: prefix, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return (initializerLine + lines.count - 1, (lines.last?.count ?? 0) + 1)
  }
}
