import ArgumentParser
import CValueKit

/// `compare`'s options that hand the decision to a C function: `--comparer` and what it needs.
struct ComparerOptions: ParsableArguments {
  @Option(help: ArgumentHelp("A C function that compares the values, by its symbol name.", valueName: "symbol"))
  var comparer: String?

  @Option(
    help: ArgumentHelp(
      "The shared library --comparer is in (a path, or a name the dynamic linker finds).", valueName: "library"))
  var library: String?

  @Option(
    help: ArgumentHelp(
      "The --comparer's type encoding, return type first, e.g. 'B{Rect=dddd}{Rect=dddd}' or 'i^{Rect}^{Rect}'.",
      valueName: "encoding"))
  var signature: String?

  @Option(
    help: ArgumentHelp(
      "Which result of --comparer means equal; needed unless it returns bool (B).",
      valueName: "zero|nonzero"))
  var equalWhen: EqualWhen?

  func validate() throws(BadInput) {
    guard let comparer else {
      for (option, isGiven) in [
        ("--library", library != nil), ("--signature", signature != nil),
        ("--equal-when", equalWhen != nil),
      ]
      where isGiven {
        throw BadInput(message: "\(option) needs --comparer")
      }
      return
    }
    guard let signature else { throw BadInput(message: "--comparer needs --signature") }
    // Parsed before --equal-when is looked at, which reads the return type: a bad signature is the problem.
    do throws(EncodingError) { _ = try TypeEncoding.parseSignature(signature) } catch {
      throw BadInput(ValueError.cFunction(.signature(error)))
    }
    switch equalWhen {
    case .unknown(let text)?: throw BadInput(message: "--equal-when must be 'zero' or 'nonzero', not '\(text)'")
    case nil where !signature.hasPrefix("B"):
      throw BadInput(
        message: "--equal-when zero|nonzero is needed: \(comparer) returns an integer, which may be a truth value "
          + "or an ordering")
    default: return
    }
  }

  /// The shared registry, or one with the --comparer registered for the type.
  func registry(for type: String) throws(BadInput) -> ValueRegistry {
    guard let comparer, let signature else { return .shared }
    let result: CComparerConvention = equalWhen == .zero ? .zeroMeansEqual : .nonZeroMeansEqual
    let registry = ValueRegistry()
    do throws(ValueError) {
      let function: CFunction
      do throws(CFunctionError) { function = try .lookup(comparer, in: library) } catch {
        throw .cFunction(error)
      }
      try registry.register(type, comparer: function, signature: signature, convention: result)
    } catch {
      throw BadInput(error)
    }
    return registry
  }
}

/// An `--equal-when` argument: which result of the comparer means equal, or text ``ComparerOptions``
/// refuses.
///
/// Text that names neither choice is not refused while parsing, for the same reason as in ``ABIChoice``: the
/// tool's message names the option and the choices on one line.
enum EqualWhen: ExpressibleByArgument, Equatable, CustomStringConvertible {
  /// Zero means equal, as from an ordering such as `memcmp`.
  case zero
  /// Any other result means equal, as from a truth value.
  case nonzero
  /// Text that names neither; ``ComparerOptions/validate()`` refuses it.
  case unknown(String)

  init(argument: String) {
    switch argument {
    case "zero": self = .zero
    case "nonzero": self = .nonzero
    default: self = .unknown(argument)
    }
  }

  static var allValueStrings: [String] { ["nonzero", "zero"] }

  static var allValueDescriptions: [String: String] {
    [
      "nonzero": "Any result but zero means equal, as from a truth value.",
      "zero": "Zero means equal, as from an ordering such as memcmp.",
    ]
  }

  var description: String {
    switch self {
    case .zero: return "zero"
    case .nonzero: return "nonzero"
    case .unknown(let text): return text
    }
  }
}
