import Foundation
import Testing

/// The Debian packages beyond the README's set-up line (libffi-dev, pkg-config) that some tests read real
/// headers or libraries from: a test that needs one runs when it is installed, and says which package to
/// install when it is not. Under CI (`CI` set) every such test runs, installed or not, so that a missing
/// install step in `.ci/run` fails the run instead of skipping tests.
public enum SystemPackage: String, CaseIterable, Sendable {
  case x11 = "libx11-dev"
  case vulkan = "libvulkan-dev"
  case zlib = "zlib1g-dev"
  case crossGlibc = "libc6-dev-arm64-cross libc6-dev-armhf-cross libc6-dev-i386-cross libc6-dev-riscv64-cross"
  case libclang14 = "libclang1-14 libclang-common-14-dev"
  case gcc = "gcc"
  case gxx = "g++"
  case glibcDebugInfo = "libc6-dbg"
  /// Bare-metal Arm firmware: arm-none-eabi-gcc and newlib (semihosting through rdimon.specs).
  case armNoneEABI = "gcc-arm-none-eabi libnewlib-arm-none-eabi"
  /// Bare-metal RISC-V firmware: riscv64-unknown-elf-gcc (rv32imac ilp32 too) and picolibc.
  case riscvElf = "gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf"
  /// QEMU's system emulators that run the firmware: Cortex-M (mps2) and RISC-V 32 (virt).
  case qemu = "qemu-system-arm qemu-system-misc"
  /// `llvm-dwp` (Debian's LLVM 14), which packages a split build's `.dwo` files into a `.dwp`, both DWARF
  /// forms from gcc and clang (binutils' `dwp` packages only GNU's DWARF 4 form).
  case llvmDwp = "llvm-14"
  /// LLVM 14's Mach-O linker (`ld64.lld-14`), which links Mach-O objects with a debug map on Linux (the Swift
  /// toolchain's own ld64.lld refuses macOS targets).
  case lld14 = "lld-14"
  /// dwz, which moves what several programs' DWARF share into a supplementary file (`.gnu_debugaltlink`).
  case dwz = "dwz"
  /// elfutils' debuginfod client library, which libdw loads to ask a server named by `DEBUGINFOD_URLS` for a
  /// debug file it does not find on the machine.
  case debuginfodClient = "libdebuginfod1"
  /// elfutils' debuginfod server (`debuginfod -F -p PORT -d DB DIR` serves the debug files under DIR by build
  /// id) and its client tool, `debuginfod-find`.
  case debuginfodServer = "debuginfod"

  /// The files whose presence means the package is installed.
  public var files: [String] {
    switch self {
    case .x11: ["/usr/include/X11/Xlib.h"]
    case .vulkan: ["/usr/include/vulkan/vulkan_core.h"]
    case .zlib: ["/usr/include/zlib.h"]
    case .crossGlibc:
      ["aarch64-linux-gnu", "arm-linux-gnueabihf", "i686-linux-gnu", "riscv64-linux-gnu"].map {
        "/usr/\($0)/include/stdio.h"
      }
    case .libclang14: ["/usr/lib/llvm-14/lib/libclang.so.1", "/usr/lib/llvm-14/lib/clang"]
    case .gcc: ["/usr/bin/gcc"]
    case .gxx: ["/usr/bin/g++"]
    case .glibcDebugInfo: ["/usr/lib/debug/.build-id"]
    case .armNoneEABI: ["/usr/bin/arm-none-eabi-gcc", "/usr/lib/arm-none-eabi/include/stdio.h"]
    case .riscvElf: ["/usr/bin/riscv64-unknown-elf-gcc", "/usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs"]
    case .qemu: ["/usr/bin/qemu-system-arm", "/usr/bin/qemu-system-riscv32"]
    case .llvmDwp: ["/usr/lib/llvm-14/bin/llvm-dwp"]
    case .debuginfodClient: ["/usr/lib/x86_64-linux-gnu/libdebuginfod.so.1"]
    case .debuginfodServer: ["/usr/bin/debuginfod", "/usr/bin/debuginfod-find"]
    case .lld14: ["/usr/bin/ld64.lld-14"]
    case .dwz: ["/usr/bin/dwz"]
    }
  }

  /// Whether the tests that need the package run: it is installed, or CI runs them regardless.
  public var isAvailable: Bool {
    ProcessInfo.processInfo.environment["CI"] != nil || files.allSatisfy { FileManager.default.fileExists(atPath: $0) }
  }

  /// The reason shown for a test that did not run.
  public var reason: String { "needs Debian's \(rawValue) (sudo apt-get install \(rawValue)); CI always runs it" }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test or suite only where `package` is installed, or under CI (see ``SystemPackage``):
  /// `@Test(.needs(.vulkan))`.
  public static func needs(_ package: SystemPackage) -> Self {
    .enabled(if: package.isAvailable, Comment(rawValue: package.reason))
  }
}
