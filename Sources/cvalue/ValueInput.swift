import CValueKit

extension ABI {
  /// The names `--abi` accepts, for help and messages.
  static let names = all.map(\.name).joined(separator: ", ")

  /// The ABI `--abi` names.
  static func named(_ name: String) throws(BadInput) -> ABI {
    guard let abi = all.first(where: { $0.name == name }) else {
      throw BadInput(message: "unknown ABI \"\(name)\"; choose one of \(names)")
    }
    return abi
  }
}

extension ValueRegistry {
  /// The handle for a `<type>` argument, an encoding or a readable name, with encoding errors as a caret
  /// diagnostic.
  func resolveArgument(_ type: String, abi: String) throws(BadInput) -> ValueType {
    let abi = try ABI.named(abi)
    do throws(ValueError) {
      return try resolve(type, abi: abi)
    } catch {
      throw BadInput(error)
    }
  }
}

extension BadInput {
  /// The library's message, with the input and a caret under the problem when it is in an argument's text.
  init(_ error: ValueError) {
    switch error {
    case .encoding(let error): self.init(diagnostic: error.caretDiagnostic)
    case .literal(let error): self.init(diagnostic: error.caretDiagnostic)
    default: self.init(message: error.description)
    }
  }
}
