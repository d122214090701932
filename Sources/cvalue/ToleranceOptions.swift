import ArgumentParser
import CValueKit

/// `compare`'s floating-point tolerances: `--absolute`, `--relative`, `--ulps`, `--nan-equals-nan`,
/// `--bitwise` and `--field-tolerance`, declared once and turned into the library's ``FloatTolerance``s.
struct ToleranceOptions: ParsableArguments {
  /// The title of this group in `--help`.
  static let title = "Tolerances (float, double, long double, complex and vector fields)"

  // Parsed unconditionally, so that `--absolute -1` reaches the tolerance check instead of reading as an option.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Floating-point fields are equal within this difference.", valueName: "x"))
  var absolute: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Floating-point fields are equal within this fraction of the larger magnitude (1e-6 is one part in a million).",
      valueName: "x"))
  var relative: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Floating-point fields are equal at most this many representable values apart (of the field's own type).",
      valueName: "n"))
  var ulps: UInt64?

  @Flag(
    name: .customLong("nan-equals-nan"), help: "A NaN equals any other NaN (by default NaN != NaN, as in IEEE 754).")
  var nanEqualsNaN = false

  @Flag(help: "Compare floating-point fields by their bit patterns only, so -0.0 != 0.0; no tolerance applies.")
  var bitwise = false

  @Option(
    help: ArgumentHelp(
      "An absolute tolerance for one field and everything in it, e.g. .size.width=0.5 (repeatable).",
      valueName: ".path=x"))
  var fieldTolerance: [String] = []

  func validate() throws(BadInput) {
    if bitwise, absolute != nil || relative != nil || ulps != nil {
      throw BadInput(
        message: "--bitwise compares bit patterns only; it does not combine with --absolute, --relative or --ulps")
    }
  }

  /// The tolerance for every floating-point field, or `nil` when no option gives one.
  var tolerance: FloatTolerance? {
    guard absolute != nil || relative != nil || ulps != nil || nanEqualsNaN || bitwise else { return nil }
    return wholeValue
  }

  /// The tolerance of each `--field-tolerance` path: the whole value's with its absolute tolerance replaced,
  /// never bitwise.
  func fieldTolerances() throws(BadInput) -> [FieldPath: FloatTolerance] {
    var result: [FieldPath: FloatTolerance] = [:]
    for text in fieldTolerance {
      let (path, absolute) = try Self.fieldTolerance(text)
      guard result[path] == nil else {
        throw BadInput(message: "--field-tolerance: \(path) is given more than once")
      }
      var field = wholeValue
      field.absolute = absolute
      field.isBitwise = false
      result[path] = field
    }
    return result
  }

  private var wholeValue: FloatTolerance {
    FloatTolerance(
      absolute: absolute ?? 0, relative: relative ?? 0, ulps: ulps ?? 0, nanEqualsNaN: nanEqualsNaN,
      isBitwise: bitwise)
  }

  /// `.size.width=0.5` as a path and an absolute tolerance.
  private static func fieldTolerance(_ text: String) throws(BadInput) -> (FieldPath, Double) {
    guard let equals = text.lastIndex(of: "=") else {
      throw BadInput(message: "--field-tolerance: \"\(text)\" is not .path=x, e.g. .size.width=0.5")
    }
    let pathText = String(text[..<equals])
    let valueText = text[text.index(after: equals)...]
    guard let absolute = Double(valueText) else {
      throw BadInput(message: "--field-tolerance: \"\(valueText)\" in \"\(text)\" is not a number")
    }
    do throws(ValueError) {
      return (try FieldPath(parsing: pathText), absolute)
    } catch {
      throw BadInput(message: "--field-tolerance: \(error)")
    }
  }
}
