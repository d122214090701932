internal import CDwarf
import CValueKit

/// Array counts from `DW_TAG_subrange_type`, in every form DWARF writes them.
///
/// gcc writes an upper bound (`DW_AT_upper_bound`, count − 1) in the narrowest fixed-width form that holds
/// it — `DW_FORM_data1` for 128 to 255 — and clang a count (`DW_AT_count`). A fixed-width constant carries no
/// sign: the subrange's index type (`sizetype`, unsigned) decides, never libdw's `dwarf_formsdata`, which
/// sign-extends `data1`, `data2` and `data4` (so that `char name[200]`, bound 199, read as −57, was taken
/// for a flexible array).
extension DieReader {
  /// The counts of an array's subranges, outermost first: a subrange with no bound is a flexible array (0),
  /// as is gcc's upper bound of −1 (`int a[0]` before gcc 11).
  func counts(of array: Dwarf_Die, place: (record: String, field: String) = ("", "")) throws(DebugInfoError)
    -> [Int]
  {
    var counts: [Int] = []
    for subrange in children(array) where tag(subrange) == Tag.subrangeType {
      counts.append(try count(of: subrange, place: place))
    }
    _ = try product(counts, array)
    return counts
  }

  /// How an index type reads a fixed-width constant: its signedness and width in bits.
  private struct IndexType {
    var isSigned: Bool
    var bits: Int
  }

  private func count(of subrange: Dwarf_Die, place: (record: String, field: String)) throws(DebugInfoError) -> Int {
    let index = try indexType(of: subrange)
    if let count = try bound(subrange, Attribute.count, index: index, place: place) {
      guard count >= 0 else { throw malformed(subrange, "an array count of \(count)") }
      return count
    }
    guard let upper = try bound(subrange, Attribute.upperBound, index: index, place: place) else { return 0 }
    let lower = try bound(subrange, Attribute.lowerBound, index: index, place: place) ?? 0
    if upper == lower - 1 { return 0 }
    guard upper >= lower else {
      throw malformed(subrange, "an array whose upper bound \(upper) is below its lower bound \(lower)")
    }
    let count = upper - lower + 1
    guard count <= Int(Self.largestNumber) else {
      throw malformed(subrange, "an array count of \(count), larger than any C type")
    }
    return count
  }

  /// The subrange's `DW_AT_type`, or an unsigned index of the target's pointer width when it has none.
  private func indexType(of subrange: Dwarf_Die) throws(DebugInfoError) -> IndexType {
    let fallback = IndexType(isSigned: false, bits: header.abi.pointerSize * 8)
    guard let declared = try type(of: subrange), let type = try strip(declared), tag(type) == Tag.baseType else {
      return fallback
    }
    let encoding = udata(type, Attribute.encoding)
    let bits = (udata(type, Attribute.byteSize)).map { Int(min($0, 8)) * 8 } ?? fallback.bits
    return IndexType(
      isSigned: encoding == BaseEncoding.signed || encoding == BaseEncoding.signedChar, bits: max(bits, 8))
  }

  /// A bound (`DW_AT_count`, `DW_AT_upper_bound`, `DW_AT_lower_bound`) as a signed number, `nil` when absent.
  ///
  /// A fixed-width constant is read as its index type reads it: sign-extended from its width when the index
  /// is signed, zero-extended otherwise, where the index type's all-ones is −1. A bound that is not a
  /// constant (an expression or a variable: a variable-length array) is refused.
  private func bound(
    _ subrange: Dwarf_Die, _ attribute: UInt32, index: IndexType, place: (record: String, field: String)
  )
    throws(DebugInfoError) -> Int?
  {
    var die = subrange
    let form = cv_dwarf_form(api, &die, attribute)
    let value: Int64
    switch form {
    case 0: return nil
    case Form.sdata, Form.implicitConst:
      guard let signed = sdata(subrange, attribute) else { throw malformed(subrange, "an unreadable array bound") }
      value = signed
    case Form.udata, Form.data1, Form.data2, Form.data4, Form.data8:
      guard let raw = udata(subrange, attribute) else { throw malformed(subrange, "an unreadable array bound") }
      let width = Form.fixedWidth(form) ?? 64
      if index.isSigned, width < 64, raw & (1 << (width - 1)) != 0 {
        value = Int64(bitPattern: raw | ~((1 << width) - 1))
      } else if !index.isSigned, raw == (index.bits >= 64 ? UInt64.max : (1 << index.bits) - 1) {
        value = -1
      } else {
        value = Int64(bitPattern: raw)
      }
    default:
      throw .unsupportedType(
        "a variable-length array (its bound is DW_FORM 0x\(String(form, radix: 16)), not a constant)",
        record: place.record, field: place.field)
    }
    guard value.magnitude <= Self.largestNumber else {
      throw malformed(subrange, "an array bound of \(value), larger than any C type")
    }
    return Int(value)
  }
}
