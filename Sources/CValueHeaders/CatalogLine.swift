import CValueKit

extension KeyedDecodingContainer {
  /// The array of objects at `key`, each read from its object's container by `element`. Decoding
  /// `[Element]` instead would set up a decoder for each element: a tenth of a load's JSON time.
  func decodeObjects<ElementKeys: CodingKey, Element>(
    forKey key: Key, as element: (KeyedDecodingContainer<ElementKeys>) throws -> Element
  ) throws -> [Element] {
    var list = try nestedUnkeyedContainer(forKey: key)
    var result: [Element] = []
    result.reserveCapacity(list.count ?? 0)
    while !list.isAtEnd { result.append(try element(list.nestedContainer(keyedBy: ElementKeys.self))) }
    return result
  }

  /// The array of strings at `key`, each read by `element`, which gets the line with its JSON path for
  /// errors: `typedefs[3]: expected "name = encoding"`.
  func decodeLines<Element>(
    forKey key: Key, as shape: String, _ element: (CatalogLine) throws -> Element
  ) throws -> [Element] {
    var list = try nestedUnkeyedContainer(forKey: key)
    var result: [Element] = []
    result.reserveCapacity(list.count ?? 0)
    let path = list.codingPath
    while !list.isAtEnd {
      let index = list.currentIndex
      let text = try list.decode(String.self)
      result.append(try element(CatalogLine(text: text, shape: shape, listPath: path, index: index)))
    }
    return result
  }

  func decodeEncoding(forKey key: Key) throws -> TypeEncoding {
    let text = try decode(String.self, forKey: key)
    do throws(EncodingError) {
      return try TypeEncoding(text)
    } catch {
      throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: error.description)
    }
  }
}

/// One string of a format 3 list, `"NAME = value"`, with where it is for errors.
struct CatalogLine {
  let text: String
  /// What the line should look like: `name = encoding`.
  let shape: String
  /// The list's JSON path and the line's index in it, made into a coding path only for an error.
  let listPath: [any CodingKey]
  let index: Int

  /// The text before and after the first ` = ` (the last, with `last`), each non-empty.
  func split(last: Bool = false) throws -> (String, String) {
    // The decoder's strings are native and contiguous: read in place, not copied into an array per line.
    var text = text
    return try text.withUTF8 { (bytes) throws -> (String, String) in
      // Both sides non-empty: the separator starts after the first byte and ends before the last.
      let starts = 1..<max(1, bytes.count - 3)
      let isSeparator = { (at: Int) in bytes[at] == 0x20 && bytes[at + 1] == 0x3D && bytes[at + 2] == 0x20 }
      guard let at = last ? starts.last(where: isSeparator) : starts.first(where: isSeparator) else {
        throw malformed()
      }
      return (
        String(decoding: UnsafeBufferPointer(rebasing: bytes[..<at]), as: UTF8.self),
        String(decoding: UnsafeBufferPointer(rebasing: bytes[(at + 3)...]), as: UTF8.self)
      )
    }
  }

  func encoding(_ text: String) throws -> TypeEncoding {
    do throws(EncodingError) {
      return try TypeEncoding(text)
    } catch {
      throw malformed(error.description)
    }
  }

  func malformed(_ reason: String? = nil) -> DecodingError {
    .dataCorrupted(
      .init(
        codingPath: listPath + [IndexKey(intValue: index)],
        debugDescription: reason ?? "expected \"\(shape)\", not \(text.debugDescription)"))
  }
}

/// An array index in a coding path.
struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "\(intValue ?? 0)" }
  init(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}
