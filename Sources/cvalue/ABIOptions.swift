import ArgumentParser
import CValueKit

/// The `--abi` option every command shares, and the type argument resolved under it.
struct ABIOptions: ParsableArguments {
  @Option(help: ArgumentHelp("The ABI to lay out for.", valueName: "abi"))
  var abi: ABIChoice = .known(.host)

  /// The ABI `--abi` names; only called after ``validate()`` accepted it.
  var resolved: ABI {
    guard case .known(let abi) = abi else { preconditionFailure("--abi is validated before it is used") }
    return abi
  }

  func validate() throws(BadInput) {
    guard case .unknown(let name) = abi else { return }
    throw BadInput(
      message: "unknown ABI \"\(name)\"; choose one of \(ABIChoice.allValueStrings.joined(separator: ", "))")
  }

  /// The handle for a `<type>` argument, an encoding or a readable name, laid out for this ABI.
  func resolve(_ type: String, in registry: ValueRegistry = .shared) throws(BadInput) -> ValueType {
    do throws(ValueError) {
      return try registry.resolve(type, abi: resolved)
    } catch {
      throw BadInput(error)
    }
  }
}

extension ArgumentHelp {
  /// The help of every command's `<type>` argument, which ``ABIOptions/resolve(_:in:)`` resolves.
  static var typeArgument: ArgumentHelp {
    "A type encoding such as '{CGPoint=dd}', or a readable name such as 'rect' or 'uint32'."
  }
}

/// An `--abi` argument: one of the ABIs CValueKit knows, or a name ``ABIOptions/validate()`` refuses.
///
/// A name is not refused while parsing, because ArgumentParser would word the message itself ("The value … is
/// invalid for …") and add usage lines; the tool's message names the ABI and the choices on one line.
enum ABIChoice: ExpressibleByArgument, CustomStringConvertible {
  case known(ABI)
  /// A name that is none of them; ``ABIOptions/validate()`` refuses it.
  case unknown(String)

  init(argument: String) {
    self = ABI.all.first { $0.name == argument }.map(Self.known) ?? .unknown(argument)
  }

  static var allValueStrings: [String] { ABI.all.map(\.name) }

  var description: String {
    switch self {
    case .known(let abi): return abi.name
    case .unknown(let name): return name
    }
  }
}
