/// Why a type could not be laid out, and the field path where that was found.
///
/// ```
/// layout unknown for struct Node: the encoding omits its members and no definition is registered (at .next)
/// ```
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  package enum Reason: Hashable, Sendable {
    /// `v` has no size (it is only meaningful behind a pointer or as a return type).
    case voidHasNoSize
    /// `?` (an unknown type, such as a function) has no size.
    case unknownHasNoSize
    /// `{Name}` without members, and no definition of `Name` is registered.
    case recordLayoutUnknown(String)
    /// A record contains itself by value, through registered definitions.
    case recursiveRecord(String)
    /// An Apple-form bitfield (`b5`) carries neither its offset nor its declared type.
    case bitfieldNeedsPlacement(width: Int)
    /// A bitfield is wider than its declared type.
    case bitfieldTooWide(width: Int, declaredType: TypeEncoding.Scalar)
    /// A bitfield's offset falls inside the member before it.
    case bitfieldOverlaps(bitOffset: Int, previousEnd: Int)
    /// A bitfield outside a struct or union.
    case bitfieldOutsideRecord
    /// A vector whose size or alignment does not make sense.
    case invalidVector(String)
    /// `_Complex` of something that is not an arithmetic scalar.
    case invalidComplex(TypeEncoding)
    /// A negative array count, bitfield width or bitfield offset (only a value built in code can have one).
    case negativeNumber(String)
    /// The type is larger than ``CLayout/maximumSize``.
    case tooLarge
    /// A layout override that does not fit the record's members.
    case invalidOverride(String)
    /// Types nested deeper than the layout's limit (through registered definitions).
    case nestingTooDeep(limit: Int)
    /// The type was given as text that does not parse.
    case encoding(EncodingError)
    /// The catalog's definitions were written for the ABI named `catalog` (a catalog file or a header import
    /// made for it), not for the ABI named `laidOut` asked for. (Names, not ``ABI`` values: every frame of a
    /// layout holds room for the error it may throw, and a deep type's layout must fit the stack.)
    case otherABI(catalog: String, laidOut: String)
    /// Values laid out for the ABI named `abi` keep their bytes in the other order than this process's: its
    /// layouts are known, but its values cannot be read here.
    case otherByteOrder(abi: String)
  }

  /// What went wrong.
  package let reason: Reason
  /// The path of the field where it was found; empty for the value itself.
  public let path: FieldPath

  /// Creates an error.
  package init(_ reason: Reason, at path: FieldPath = FieldPath()) {
    self.reason = reason
    self.path = path
  }

  /// The problem without its location.
  public var problem: String {
    switch reason {
    case .voidHasNoSize:
      return "void has no size"
    case .unknownHasNoSize:
      return "'?' (an unknown type, such as a function) has no size"
    case .recordLayoutUnknown(let name):
      return "layout unknown for \(name): the encoding omits its members and no definition is registered"
    case .recursiveRecord(let name):
      return "\(name) contains itself"
    case .bitfieldNeedsPlacement(let width):
      return
        "bitfield b\(width) has no offset or declared type (Apple form); use the GNU form "
        + "b<offset><type><width> or register a layout override"
    case .bitfieldTooWide(let width, let type):
      return "bitfield of width \(width) does not fit its declared type \(type.rawValue)"
    case .bitfieldOverlaps(let bitOffset, let previousEnd):
      return "bitfield at bit \(bitOffset) overlaps the member before it, which ends at bit \(previousEnd)"
    case .bitfieldOutsideRecord:
      return "a bitfield can only be a member of a struct or union"
    case .invalidVector(let why):
      return "invalid vector: \(why)"
    case .invalidComplex(let type):
      return "_Complex needs an integer or floating-point component, not \(type)"
    case .negativeNumber(let what):
      return "\(what) is negative"
    case .otherABI(let catalog, let laidOut):
      return
        "the catalog holds types made for \(catalog) (a catalog file or header import for that ABI), "
        + "not for \(laidOut), the ABI laid out for; use a catalog made for \(laidOut)"
    case .otherByteOrder(let abi):
      return
        "values laid out for \(abi) keep their bytes in the other order than this machine's: CValueKit lays "
        + "out its types but reads no values of it"
    case .tooLarge:
      return "type larger than \(CLayout.maximumSize) bytes"
    case .invalidOverride(let why):
      return "invalid layout override: \(why)"
    case .nestingTooDeep(let limit):
      return "types nested deeper than \(limit) levels"
    case .encoding(let error):
      return error.description
    }
  }

  /// One line: the problem and, when it is inside the value, the field path.
  public var description: String { path.components.isEmpty ? problem : "\(problem) (at \(path))" }
}
