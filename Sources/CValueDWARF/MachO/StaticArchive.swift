/// A static library (`ar` archive, BSD's `#1/` long names as Apple's tools write them, or GNU's `/` names), read
/// for the one member a debug map names: `libshapes.a(shape.o)`.
enum StaticArchive {
  /// `path(member)` split into the archive's path and the member's name, `nil` for any other path.
  static func split(_ path: String) -> (archive: String, member: String)? {
    guard path.hasSuffix(")"), let open = path.lastIndex(of: "("), open > path.startIndex else { return nil }
    return (String(path[..<open]), String(path[path.index(after: open)..<path.index(before: path.endIndex)]))
  }

  /// The bytes of the member `name` of the archive in `storage`, with the modification time its header records;
  /// `nil` when it has no such member.
  ///
  /// - Throws: ``DWARFError/malformed(_:_:)`` for a header that is not an archive member's.
  static func member(_ name: String, in storage: ByteStorage, path: String) throws(DWARFError)
    -> (bytes: ByteSlice, modificationTime: Int64)?
  {
    let bytes = storage.bytes
    guard bytes.count >= 8, bytes[0..<8].elementsEqual("!<arch>\n".utf8) else {
      throw .malformed(DWARFLocation(file: path, section: "archive", offset: 0), "not an ar archive (no !<arch>)")
    }
    var offset = 8
    var longNames: UnsafeRawBufferPointer?
    while offset + 60 <= bytes.count {
      let header = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 60])
      guard header[58] == 0x60, header[59] == 0x0a, let size = number(header[48..<58]) else {
        throw .malformed(
          DWARFLocation(file: path, section: "archive", offset: UInt64(offset)), "a member header that is not one")
      }
      var start = offset + 60
      guard size <= bytes.count - start else {
        throw .malformed(
          DWARFLocation(file: path, section: "archive", offset: UInt64(offset)),
          "a member of \(size) bytes, past the archive's end")
      }
      var end = start + size
      var memberName = text(header[0..<16])
      if memberName.hasPrefix("#1/"), let length = Int(memberName.dropFirst(3)), length <= size {
        memberName = String(decoding: bytes[start..<start + length].prefix { $0 != 0 }, as: UTF8.self)
        start += length
      } else if memberName == "//" {
        longNames = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
      } else if memberName.hasPrefix("/"), let at = Int(memberName.dropFirst()), let table = longNames, at < table.count
      {
        memberName = String(decoding: table[at...].prefix { $0 != 0x2f && $0 != 0x0a }, as: UTF8.self)
      } else if memberName.hasSuffix("/") {
        memberName.removeLast()
      }
      if memberName == name, let slice = storage.slice(UInt64(start)..<UInt64(end)) {
        return (slice, Int64(number(header[16..<28]) ?? 0))
      }
      end += end % 2
      offset = end
    }
    return nil
  }

  /// A header field's text, its padding spaces dropped.
  private static func text(_ field: Slice<UnsafeRawBufferPointer>) -> String {
    var result = String(decoding: field, as: UTF8.self)
    while result.hasSuffix(" ") { result.removeLast() }
    return result
  }

  /// A header field's decimal number.
  private static func number(_ field: Slice<UnsafeRawBufferPointer>) -> Int? {
    Int(text(field))
  }
}
