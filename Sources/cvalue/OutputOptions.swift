import ArgumentParser

/// The output format of a command that can print JSON (`layout`, `describe`, `compare`): declared once, shown
/// under one title; each command's discussion gives the keys of its object.
struct OutputOptions: ParsableArguments {
  /// The title of this group in `--help`.
  static let title = "Output"

  @Flag(
    help:
      "Print the result as one JSON object (keys sorted; its keys are listed above) instead of text; the exit status is the same."
  )
  var json = false
}
