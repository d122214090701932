import CValueKit

/// Input the tool refuses: the message goes to stderr and the tool exits with status 2.
///
/// The first line of the message names the problem on its own; a caret diagnostic adds the input and a caret
/// on the lines after it.
struct BadInput: Error, CustomStringConvertible {
  var message: String

  /// A one-line message; control characters in it (from arguments it quotes) are escaped, so that it stays
  /// one line.
  init(message: String) { self.message = ToolText.escaped(message) }

  /// A message whose first line is complete and whose further lines (input and caret) are already escaped.
  init(diagnostic: String) { self.message = diagnostic }

  /// The library's message, with the input and a caret under the problem when it is in an argument's text.
  init(_ error: ValueError) {
    switch error {
    case .encoding(let error): self.init(diagnostic: error.caretDiagnostic)
    case .literal: self.init(diagnostic: error.caretDiagnostic ?? error.description)
    default: self.init(message: error.description)
    }
  }

  // ArgumentParser prints an error thrown from `validate()` by its description, as one line: such errors are
  // one-line messages.
  var description: String { message }
}
