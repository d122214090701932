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
  package enum LongDoubleFormat: Hashable, Sendable {
    /// The x87 80-bit extended format in a 16-byte slot (x86_64); only the first 10 bytes carry the value.
    case x87Extended
    /// IEEE 754 binary128 (arm64 Linux).
    case ieeeQuadruple
    /// The same as `double` (Apple arm64).
    case ieeeDouble
  }

  /// A short name for messages, e.g. `x86_64-linux`.
  public var name: String
  /// A target triple for this ABI as clang's `-target` takes it, e.g. `aarch64-linux-gnu`: the one the tool and
  /// messages name. ``init(targetTriple:)`` reads it back as this ABI.
  ///
  /// ```swift
  /// ABI.all.map(\.targetTriple)   // ["x86_64-linux-gnu", "x86_64-apple-macos", "aarch64-linux-gnu", …]
  /// ```
  public var targetTriple: String
  /// The size of pointers and of `*`, `@`, `#`, `:`, `%`, `@?`.
  public var pointerSize: Int
  /// The alignment of pointers.
  public var pointerAlignment: Int
  /// The alignment of 8-byte integers (`q`, `Q`).
  public var longLongAlignment: Int
  /// The alignment of `double`.
  public var doubleAlignment: Int
  /// The representation of `long double`.
  package var longDoubleFormat: LongDoubleFormat
  /// The size of `long double`.
  public var longDoubleSize: Int
  /// The alignment of `long double`.
  public var longDoubleAlignment: Int
  /// The alignment of `__int128` (`t`, `T`).
  public var int128Alignment: Int
  /// Up to this size, `_Atomic(T)` is rounded up to a power of two and aligned to its size (clang's rule).
  public var maximumAtomicPromotionSize: Int
  /// The size of a struct with no members (a GNU C extension): 0, except under MSVC's rules, where 4.
  public var emptyStructSize: Int
  /// Whether the most significant byte comes first (s390x). Layouts hold for either order; values are read
  /// in this process's order only, so a handle for an ABI of the other order refuses to read them.
  public var isBigEndian: Bool

  /// Creates an ABI description.
  package init(
    name: String, targetTriple: String,
    pointerSize: Int, pointerAlignment: Int, longLongAlignment: Int, doubleAlignment: Int,
    longDoubleFormat: LongDoubleFormat, longDoubleSize: Int, longDoubleAlignment: Int, int128Alignment: Int,
    maximumAtomicPromotionSize: Int, emptyStructSize: Int = 0, isBigEndian: Bool = false
  ) {
    self.name = name
    self.targetTriple = targetTriple
    self.pointerSize = pointerSize
    self.pointerAlignment = pointerAlignment
    self.longLongAlignment = longLongAlignment
    self.doubleAlignment = doubleAlignment
    self.longDoubleFormat = longDoubleFormat
    self.longDoubleSize = longDoubleSize
    self.longDoubleAlignment = longDoubleAlignment
    self.int128Alignment = int128Alignment
    self.maximumAtomicPromotionSize = maximumAtomicPromotionSize
    self.emptyStructSize = emptyStructSize
    self.isBigEndian = isBigEndian
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// x86_64 Linux and other System V targets.
  public static let x86_64Linux = ABI(
    name: "x86_64-linux", targetTriple: "x86_64-linux-gnu",
    pointerSize: 8, pointerAlignment: 8, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .x87Extended, longDoubleSize: 16, longDoubleAlignment: 16, int128Alignment: 16,
    maximumAtomicPromotionSize: 16)

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// x86_64 macOS.
  public static let x86_64Darwin = ABI(
    name: "x86_64-darwin", targetTriple: "x86_64-apple-macos",
    pointerSize: 8, pointerAlignment: 8, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .x87Extended, longDoubleSize: 16, longDoubleAlignment: 16, int128Alignment: 16,
    maximumAtomicPromotionSize: 16)

  /// arm64 (AArch64) Linux, where `long double` is IEEE binary128.
  public static let arm64Linux = ABI(
    name: "arm64-linux", targetTriple: "aarch64-linux-gnu",
    pointerSize: 8, pointerAlignment: 8, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .ieeeQuadruple, longDoubleSize: 16, longDoubleAlignment: 16, int128Alignment: 16,
    maximumAtomicPromotionSize: 16)

  /// arm64 Apple platforms, where `long double` is `double`.
  public static let arm64Darwin = ABI(
    name: "arm64-darwin", targetTriple: "arm64-apple-macos",
    pointerSize: 8, pointerAlignment: 8, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .ieeeDouble, longDoubleSize: 8, longDoubleAlignment: 8, int128Alignment: 16,
    maximumAtomicPromotionSize: 16)

  /// 32-bit x86 Linux (i386 System V): 8-byte integers and doubles aligned to 4 in records, `long double`
  /// the x87 format in 12 bytes.
  public static let i386Linux = ABI(
    name: "i386-linux", targetTriple: "i386-linux-gnu",
    pointerSize: 4, pointerAlignment: 4, longLongAlignment: 4, doubleAlignment: 4,
    longDoubleFormat: .x87Extended, longDoubleSize: 12, longDoubleAlignment: 4, int128Alignment: 16,
    maximumAtomicPromotionSize: 8)

  /// 32-bit Arm Linux with the hard-float AAPCS (armv7 `gnueabihf`), where `long double` is `double`.
  public static let armv7Linux = ABI(
    name: "armv7-linux", targetTriple: "armv7-linux-gnueabihf",
    pointerSize: 4, pointerAlignment: 4, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .ieeeDouble, longDoubleSize: 8, longDoubleAlignment: 8, int128Alignment: 16,
    maximumAtomicPromotionSize: 8)

  /// 64-bit RISC-V Linux (LP64D), where `long double` is IEEE binary128.
  public static let riscv64Linux = ABI(
    name: "riscv64-linux", targetTriple: "riscv64-linux-gnu",
    pointerSize: 8, pointerAlignment: 8, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .ieeeQuadruple, longDoubleSize: 16, longDoubleAlignment: 16, int128Alignment: 16,
    maximumAtomicPromotionSize: 16)

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// 64-bit Windows with the MSVC ABI, where `long double` is `double`. MSVC packs bitfields by its own
  /// rules, which an encoding cannot express: a record with bitfields needs the compiler's layout as a
  /// ``LayoutOverride`` (an imported header registers one).
  public static let x86_64Windows = ABI(
    name: "x86_64-windows", targetTriple: "x86_64-pc-windows-msvc",
    pointerSize: 8, pointerAlignment: 8, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .ieeeDouble, longDoubleSize: 8, longDoubleAlignment: 8, int128Alignment: 16,
    maximumAtomicPromotionSize: 16, emptyStructSize: 4)

  /// 64-bit IBM Z Linux (s390x), big-endian: `long double` is IEEE binary128 aligned to 8, as `__int128` is.
  /// Its bitfields are allocated from the most significant bit of their unit; offsets count bits in memory
  /// order, as clang and DWARF count them.
  public static let s390xLinux = ABI(
    name: "s390x-linux", targetTriple: "s390x-linux-gnu",
    pointerSize: 8, pointerAlignment: 8, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .ieeeQuadruple, longDoubleSize: 16, longDoubleAlignment: 8, int128Alignment: 8,
    maximumAtomicPromotionSize: 16, isBigEndian: true)

  // swift-format-ignore: DontRepeatTypeInStaticProperties
  /// 32-bit Arm bare-metal firmware with the soft-float EABI (Cortex-M0/M3, `arm-none-eabi-gcc`,
  /// `-mfloat-abi=soft`): records laid out as by the AAPCS, `long double` is `double`. `arm-none-eabi-gcc`
  /// makes enumerations as small as their values (`-fshort-enums`) and clang for `thumbv7m-none-eabi` makes
  /// them `int`: the debug info of a firmware says each enumeration's size, so either reads exactly.
  /// CValueDebugInfo's `DebugInfoImport` recognises such an ELF by its Arm build attributes (a
  /// microcontroller profile, or small enumerations) and its `e_flags` float ABI.
  public static let armEABI = ABI(
    name: "arm-eabi", targetTriple: "thumbv7m-none-eabi",
    pointerSize: 4, pointerAlignment: 4, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .ieeeDouble, longDoubleSize: 8, longDoubleAlignment: 8, int128Alignment: 16,
    maximumAtomicPromotionSize: 8)

  /// 32-bit Arm bare-metal firmware with the hard-float EABI (Cortex-M4F/M7, `-mfloat-abi=hard`): the same
  /// layouts as ``armEABI``, floating-point arguments passed in VFP registers.
  public static let armEABIHF: ABI = {
    var abi = armEABI
    abi.name = "arm-eabihf"
    abi.targetTriple = "thumbv7em-none-eabihf"
    return abi
  }()

  /// 32-bit RISC-V bare-metal firmware (`rv32imac` and the like, `riscv64-unknown-elf-gcc -march=rv32… -mabi=ilp32`;
  /// ilp32f and ilp32d lay out the same): 8-byte integers and doubles aligned to 8, `long double` IEEE
  /// binary128 in 16 bytes aligned to 16. The ilp32e ABI (RV32E), whose alignments differ, is not described.
  public static let riscv32 = ABI(
    name: "riscv32-elf", targetTriple: "riscv32-unknown-elf",
    pointerSize: 4, pointerAlignment: 4, longLongAlignment: 8, doubleAlignment: 8,
    longDoubleFormat: .ieeeQuadruple, longDoubleSize: 16, longDoubleAlignment: 16, int128Alignment: 16,
    maximumAtomicPromotionSize: 16)

  /// Every ABI the library describes.
  public static let all: [ABI] = [
    .x86_64Linux, .x86_64Darwin, .arm64Linux, .arm64Darwin, .i386Linux, .armv7Linux, .riscv64Linux, .x86_64Windows,
    .s390xLinux, .armEABI, .armEABIHF, .riscv32,
  ]

  /// The ABI of a clang target triple (`aarch64-linux-gnu`, `armv7-linux-gnueabihf`, `i386-linux-gnu`,
  /// `riscv64-linux-gnu`, `s390x-linux-gnu`, `x86_64-pc-windows-msvc`, `arm64-apple-macos14`; for bare-metal
  /// firmware `thumbv7m-none-eabi`, `arm-none-eabi`, `thumbv7em-none-eabihf`, `riscv32-unknown-elf`), or `nil`
  /// for a target the library does not describe.
  ///
  /// ```swift
  /// ABI(targetTriple: "armv7-linux-gnueabihf")?.name   // "armv7-linux"
  /// ABI(targetTriple: "thumbv7em-none-eabihf")?.name   // "arm-eabihf"
  /// ```
  public init?(targetTriple triple: String) {
    let parts = triple.lowercased().split(separator: "-").map(String.init)
    guard let arch = parts.first else { return nil }
    let rest = parts.dropFirst()
    let isApple = rest.contains { $0 == "apple" || $0.hasPrefix("macos") || $0.hasPrefix("darwin") || $0 == "ios" }
    let isWindows = rest.contains { $0.hasPrefix("windows") || $0 == "win32" }
    let isLinux = rest.contains { $0 == "linux" }
    switch arch {
    case "x86_64", "amd64":
      if isApple {
        self = .x86_64Darwin
      } else if isWindows {
        // MinGW's x86_64 Windows keeps the x87 long double: a different ABI, not described. clang's own
        // triple carries the MSVC version (`x86_64-pc-windows-msvc19.33.0`).
        guard rest.contains(where: { $0.hasPrefix("msvc") }) else { return nil }
        self = .x86_64Windows
      } else if isLinux {
        self = .x86_64Linux
      } else {
        return nil
      }
    case "aarch64", "arm64":
      if isApple { self = .arm64Darwin } else if isLinux { self = .arm64Linux } else { return nil }
    case "i386", "i486", "i586", "i686":
      guard isLinux else { return nil }
      self = .i386Linux
    case _ where (arch.hasPrefix("arm") || arch.hasPrefix("thumb")) && !isLinux:
      // Bare metal: `arm-none-eabi`, `thumbv7m-none-eabi`, `thumbv7em-none-eabihf`.
      guard !isApple, !isWindows, let environment = rest.last, environment.hasPrefix("eabi") else { return nil }
      self = environment == "eabihf" ? .armEABIHF : .armEABI
    case _ where arch.hasPrefix("armv7"):
      guard isLinux, rest.contains(where: { $0.hasSuffix("hf") }) else { return nil }
      self = .armv7Linux
    case "riscv32":
      guard !isLinux, !isApple, !isWindows else { return nil }
      self = .riscv32
    case "riscv64":
      guard isLinux else { return nil }
      self = .riscv64Linux
    case "s390x", "systemz":
      guard isLinux else { return nil }
      self = .s390xLinux
    default:
      return nil
    }
  }

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
  package func sizeAndAlignment(of scalar: TypeEncoding.Scalar) -> (size: Int, alignment: Int)? {
    switch scalar {
    case .char, .unsignedChar, .bool: return (1, 1)
    case .short, .unsignedShort, .float16, .bfloat16: return (2, 2)
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
