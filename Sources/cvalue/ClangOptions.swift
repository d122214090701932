import ArgumentParser
import CValueKit
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What clang is given when it reads headers (`cvalue import`, and `--header` in the other commands): the
/// common arguments as options of their own (`-I`, `-D`, `--target`, `--sysroot`) and any other one with
/// `--clang-arg`, passed on as given.
///
/// Declared once, shown under one title in every command's `--help`.
struct ClangOptions: ParsableArguments {
  /// The title of this group in `--help`.
  static let title = "Clang arguments (how the headers are read)"

  @Option(
    name: .customShort("I", allowingJoined: true),
    help: ArgumentHelp(
      "Add a directory to clang's include path, as clang's -I: -I DIR or -IDIR (repeatable).", valueName: "dir"))
  var includeDirectories: [String] = []

  @Option(
    name: .customShort("D", allowingJoined: true),
    help: ArgumentHelp(
      "Define a macro, as clang's -D: -D NAME, -DNAME or -D NAME=VALUE (repeatable).", valueName: "name[=value]"))
  var macros: [String] = []

  @Option(
    help: ArgumentHelp(
      "The machine to read the headers and lay out for, as clang's -target: \(Targets.list); the value's bytes are read with its layout.",
      valueName: "triple"))
  var target: String?

  @Option(
    help: ArgumentHelp(
      "The target's C library root, as clang's --sysroot (default with --target: /usr/<triple>, where Debian's libc6-dev-*-cross packages install it, when present).",
      valueName: "dir"))
  var sysroot: String?

  // Unconditional, so that a value starting with '-' (which every clang argument does) is the value.
  @Option(
    name: .customLong("clang-arg"),
    parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "Pass one more argument to clang as it is (repeatable), e.g. --clang-arg -fshort-enums, --clang-arg -m32, --clang-arg -fpack-struct=1, --clang-arg -std=c11, or --clang-arg -include --clang-arg config.h. With import, every argument after -- is one too. An argument that changes the target (-m32) changes the ABI the headers are read for.",
      valueName: "argument"))
  var extraArguments: [String] = []

  func validate() throws(BadInput) {
    guard let target, ABI(targetTriple: target) == nil else { return }
    throw BadInput(
      message: "unknown target \"\(target)\": CValueKit describes no ABI for it; use one of \(Targets.list)")
  }

  /// Whether any argument for clang is given.
  var isEmpty: Bool { arguments.isEmpty }

  /// The arguments for clang, in this order: `-I dir`, `-D name=value`, `-target T` and `--sysroot` (the given
  /// root, or Debian's cross root for the target when installed), then the `--clang-arg`s.
  var arguments: [String] {
    var result = includeDirectories.flatMap { ["-I", $0] } + macros.flatMap { ["-D", $0] }
    if let target {
      result += ["-target", target]
      if let root = sysroot ?? Targets.debianCrossRoot(for: target) { result += ["--sysroot", root] }
    } else if let sysroot {
      result += ["--sysroot", sysroot]
    }
    return result + extraArguments
  }
}

/// The target triples the tool names: each ABI's own (`ABI.all`, `ABI.targetTriple`), so that an ABI the
/// library gains is listed here with no change.
enum Targets {
  /// `x86_64-linux-gnu (x86_64-linux), x86_64-apple-macos (x86_64-darwin), …`, for messages and help.
  static var list: String { ABI.all.map { "\($0.targetTriple) (\($0.name))" }.joined(separator: ", ") }

  /// Where Debian's `libc6-dev-<arch>-cross` puts a target's C library, when it is installed.
  static func debianCrossRoot(for target: String) -> String? {
    let parts = target.split(separator: "-")
    guard let arch = parts.first, parts.contains("linux") else { return nil }
    let multiarch: String? =
      switch arch {
      case "aarch64", "arm64": "aarch64-linux-gnu"
      case _ where arch.hasPrefix("armv7") && target.hasSuffix("hf"): "arm-linux-gnueabihf"
      case "i386", "i486", "i586", "i686": "i686-linux-gnu"
      case "riscv64": "riscv64-linux-gnu"
      case "s390x": "s390x-linux-gnu"
      default: nil
      }
    guard let multiarch, FileManager.default.fileExists(atPath: "/usr/\(multiarch)/include/stdio.h") else {
      return nil
    }
    return "/usr/\(multiarch)"
  }
}
