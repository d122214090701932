import ArgumentParser
import CValueKit

/// The output format of a command that prints a report (`layout`, `describe`, `compare`, `check-padding`,
/// `log`): declared once, shown under one title; each command's discussion gives the keys of its JSON object.
/// The formats are the library's (`ReportFormat`), so a format the library gains is one `--format` takes.
struct OutputOptions: ParsableArguments {
  /// The title of this group in `--help`.
  static let title = "Output"

  // Declared before --format: the spelling users already have, which help lists first.
  @Flag(
    help:
      "Print the result as one JSON object (keys sorted; its keys are listed above) instead of text; the exit status is the same. The same as --format json."
  )
  var json = false

  @Option(
    name: .customLong("format"),
    help: ArgumentHelp(
      "How to print the result (text by default): json prints one JSON object (keys sorted; its keys are listed above); the exit status is the same.",
      valueName: "format"))
  var asked: ReportFormat?

  func validate() throws(BadInput) {
    if json, let asked, asked != .json {
      throw BadInput(message: "--json is --format json: it cannot go with --format \(asked.rawValue)")
    }
  }

  /// The format the command prints in: `--format`'s, json for `--json`, else text.
  var format: ReportFormat { json ? .json : asked ?? .text }
}

/// `--format text|json`: the library's formats by their names.
extension ReportFormat: ExpressibleByArgument {}
