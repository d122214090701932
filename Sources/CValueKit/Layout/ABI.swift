/// The size and alignment rules of one C target: everything a layout needs that an encoding does not say.
///
/// The fixed-width scalars (`c`…`Q`, `f`, `d`, `B`) are the same on every supported target; what differs is
/// collected here, so that another target is one more value, not more code.
///
/// ```swift
/// let layout = try TypeCatalog.shared.layout(of: TypeEncoding("{S=cD}"), abi: .arm64Darwin)
/// layout.size   // 16 on Apple arm64, where long double is double; 32 on x86_64 Linux
/// ```
public struct ABI: Hashable, Sendable, CustomStringConvertible {
  /// How `long double` is represented.
  public enum LongDoubleFormat: Hashable, Sendable {
    /// The x87 80-bit extended format in a 16-byte slot (x86_64); only the first 10 bytes carry the value.
    case x87Extended
    /// IEEE 754 binary128 (arm64 Linux).
    case ieeeQuadruple
    /// The same as `double` (Apple arm64).
    case ieeeDouble
  }

  /// A short name for messages, e.g. `x86_64-linux`.
  public var name: String
  /// The size of pointers and of `*`, `@`, `#`, `:`, `%`, `@?`.
  public var pointerSize: Int
  /// The alignment of pointers.
  public var pointerAlignment: Int
  /// The alignment of 8-byte integers (`q`, `Q`).
  public var longLongAlignment: Int
  /// The alignment of `double`.
  public var doubleAlignment: Int
  /// The representation of `long double`.
  public var longDoubleFormat: LongDoubleFormat
  /// The size of `long double`.
  public var longDoubleSize: Int
  /// The alignment of `long double`.
  public var longDoubleAlignment: Int
  /// The alignment of `__int128` (`t`, `T`).
  public var int128Alignment: Int
  /// Up to this size, `_Atomic(T)` is rounded up to a power of two and aligned to its size (clang's rule).
  public var maximumAtomicPromotionSize: Int

  /// Creates an ABI description.
  public init(
    name: String, pointerSize: Int, pointerAlignment: Int, longLongAlignment: Int, doubleAlignment: Int,
    longDoubleFormat: LongDoubleFormat, longDoubleSize: Int, longDoubleAlignment: Int, int128Alignment: Int,
    maximumAtomicPromotionSize: Int
  ) {
    self.name = name
    self.pointerSize = pointerSize
    self.pointerAlignment = pointerAlignment
    self.longLongAlignment = longLongAlignment
    self.doubleAlignment = doubleAlignment
    self.longDoubleFormat = longDoubleFormat
    self.longDoubleSize = longDoubleSize
    self.longDoubleAlignment = longDoubleAlignment
    self.int128Alignment = int128Alignment
    self.maximumAtomicPromotionSize = maximumAtomicPromotionSize
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// x86_64 Linux and other System V targets.
  public static let x86_64Linux = ABI(
    name: "x86_64-linux", pointerSize: 8, pointerAlignment: 8, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .x87Extended, longDoubleSize: 16, longDoubleAlignment: 16, int128Alignment: 16,
    maximumAtomicPromotionSize: 16)

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// x86_64 macOS.
  public static let x86_64Darwin = ABI(
    name: "x86_64-darwin", pointerSize: 8, pointerAlignment: 8, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .x87Extended, longDoubleSize: 16, longDoubleAlignment: 16, int128Alignment: 16,
    maximumAtomicPromotionSize: 16)

  /// arm64 (AArch64) Linux, where `long double` is IEEE binary128.
  public static let arm64Linux = ABI(
    name: "arm64-linux", pointerSize: 8, pointerAlignment: 8, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .ieeeQuadruple, longDoubleSize: 16, longDoubleAlignment: 16, int128Alignment: 16,
    maximumAtomicPromotionSize: 16)

  /// arm64 Apple platforms, where `long double` is `double`.
  public static let arm64Darwin = ABI(
    name: "arm64-darwin", pointerSize: 8, pointerAlignment: 8, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .ieeeDouble, longDoubleSize: 8, longDoubleAlignment: 8, int128Alignment: 16,
    maximumAtomicPromotionSize: 16)

  /// Every ABI the library describes.
  public static let all: [ABI] = [.x86_64Linux, .x86_64Darwin, .arm64Linux, .arm64Darwin]

  /// The ABI of the process running this code.
  public static var host: ABI {
    #if arch(x86_64) && canImport(Darwin)
      return .x86_64Darwin
    #elseif arch(x86_64)
      return .x86_64Linux
    #elseif arch(arm64) && canImport(Darwin)
      return .arm64Darwin
    #elseif arch(arm64)
      return .arm64Linux
    #else
      #error("CValueKit describes the x86_64 and arm64 ABIs only; add this target's ABI value")
    #endif
  }

  /// The ABI's name.
  public var description: String { name }

  /// The size and alignment of a scalar, or `nil` for `v` and `?`, which have no size.
  public func sizeAndAlignment(of scalar: TypeEncoding.Scalar) -> (size: Int, alignment: Int)? {
    switch scalar {
    case .char, .unsignedChar, .bool: return (1, 1)
    case .short, .unsignedShort: return (2, 2)
    case .int, .unsignedInt, .long, .unsignedLong, .float: return (4, 4)
    case .longLong, .unsignedLongLong: return (8, longLongAlignment)
    case .double: return (8, doubleAlignment)
    case .int128, .unsignedInt128: return (16, int128Alignment)
    case .longDouble: return (longDoubleSize, longDoubleAlignment)
    case .cString, .objectClass, .selector, .atom: return (pointerSize, pointerAlignment)
    case .void, .unknown: return nil
    }
  }
}
