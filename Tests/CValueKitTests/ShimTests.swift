import CFFI
import CShimChecks
import CValueKit
import CValueShim
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("C shims")
struct ShimTests {
  @Test("bytes compare whole and under a padding mask")
  func bytes() {
    let a: [UInt8] = [1, 2, 3, 0xAA, 5]
    let b: [UInt8] = [1, 2, 3, 0x55, 5]
    let ignorePadding: [UInt8] = [0xFF, 0xFF, 0xFF, 0x00, 0xFF]
    let lowBits: [UInt8] = [0xFF, 0xFF, 0xFF, 0x01, 0xFF]
    #expect(cvi_bytes_equal(a, a, 5))
    #expect(!cvi_bytes_equal(a, b, 5))
    #expect(cvi_bytes_equal(a, b, 3))
    #expect(cvi_bytes_equal(a, b, 0))
    #expect(cvi_bytes_equal_masked(a, b, ignorePadding, 5))
    #expect(!cvi_bytes_equal_masked(a, b, lowBits, 5))
  }

  @Test("libffi's type descriptors are reachable through the accessors and describe the host's scalars")
  func ffiTypes() throws {
    let expected: [(UnsafeMutablePointer<ffi_type>, Int, Int)] = [
      (cvi_ffi_type_uint8(), 1, 1), (cvi_ffi_type_sint16(), 2, 2), (cvi_ffi_type_uint32(), 4, 4),
      (cvi_ffi_type_sint64(), 8, 8), (cvi_ffi_type_float(), 4, 4), (cvi_ffi_type_double(), 8, 8),
      (cvi_ffi_type_pointer(), MemoryLayout<UnsafeRawPointer>.size, MemoryLayout<UnsafeRawPointer>.alignment),
    ]
    for (type, size, alignment) in expected {
      #expect(type.pointee.size == size)
      #expect(Int(type.pointee.alignment) == alignment)
    }
    #expect(cvi_ffi_type_void().pointee.type == UInt16(FFI_TYPE_VOID))
  }

  // MARK: Union cast

  @Test("CVI_UNION_CAST, exercised from C")
  func unionCastFromC() {
    var message = [CChar](repeating: 0, count: 512)
    let failures = cv_check_union_cast(&message, message.count)
    let firstFailure = message.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { String(cString: $0) } }
    #expect(failures == 0, "\(firstFailure ?? "")")
  }

  @Test(
    "CVI_UNION_CAST between types of different sizes does not compile", .enabled(if: Clang.path != nil, Clang.missing))
  func unionCastRefusesSizesAtCompileTime() throws {
    let clang = try #require(Clang.path)
    let accepted = try Clang.checkSyntax("long long f(void) { return CVI_UNION_CAST(1.0, long long); }", with: clang)
    #expect(accepted.status == 0, "the control case must compile: \(accepted.stderr)")
    let refused = try Clang.checkSyntax("int f(void) { return CVI_UNION_CAST(1.0, int); }", with: clang)
    #expect(refused.status != 0)
    #expect(
      refused.stderr.contains("CVI_UNION_CAST: the value and the target type differ in size (1.0 to int)"),
      "\(refused.stderr)")
  }

  @Test("unionCast copies equal sizes and refuses different ones")
  func unionCastSizes() throws {
    #expect(try unionCast(1.0, to: UInt64.self) == 0x3ff0_0000_0000_0000)
    #expect(throws: ValueError.self) { try unionCast(1.0, to: UInt32.self) }
  }

  private struct Pair: Equatable {
    var low: UInt32
    var high: UInt32
  }

  @Test("unionCast reads the bytes as the other type, bit for bit")
  func unionCastSwift() throws {
    #expect(try unionCast(Float(1), to: UInt32.self) == 0x3f80_0000)
    #expect(try unionCast(UInt32(0x3f80_0000), to: Float.self) == 1)
    #expect(try unionCast(-0.0, to: UInt64.self) == 0x8000_0000_0000_0000)
    #expect(try unionCast(-2.5, to: UInt64.self) == 0xc004_0000_0000_0000)
    #expect(try unionCast(Int8(-1), to: UInt8.self) == 0xff)
    let pair = Pair(low: 0x1122_3344, high: 0x5566_7788)
    #expect(try unionCast(unionCast(pair, to: UInt64.self), to: Pair.self) == pair)
    let payload: UInt64 = 0xfff8_0000_00c0_ffee
    let nan = try unionCast(payload, to: Double.self)
    #expect(nan.isNaN)
    #expect(try unionCast(nan, to: UInt64.self) == payload)
    #expect(try unionCast((), to: Void.self) == ())
  }

  @Test("unionCast refuses types of different sizes with both names and sizes")
  func unionCastSizeMismatch() {
    let error = #expect(throws: ValueError.self) { try unionCast(Int32(1), to: Double.self) }
    #expect(error == .unionCastSizes(source: "Int32", sourceSize: 4, target: "Double", targetSize: 8))
    #expect(error?.description == "cannot union-cast Int32 (4 bytes) to Double (8 bytes): the sizes differ")
    let narrowing = #expect(throws: ValueError.self) { try unionCast(UInt16(1), to: UInt8.self) }
    #expect(narrowing?.description == "cannot union-cast UInt16 (2 bytes) to UInt8 (1 byte): the sizes differ")
  }
}

/// The clang beside `swift`, to show that CVI_UNION_CAST refuses a size mismatch at compile time.
private enum Clang {
  static let missing: Comment = "no clang next to swift on PATH, so the compile-time check cannot run"

  /// `clang` in the first PATH folder that holds `swift`.
  static let path: String? = {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/swift") {
      let clang = folder + "/clang"
      return FileManager.default.isExecutableFile(atPath: clang) ? clang : nil
    }
    return nil
  }()

  /// CValueShim's public headers, found from this source file.
  static let include = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("CShims/CValueShim/include").path

  struct Run {
    var status: Int32
    var stderr: String
  }

  /// Runs `clang -fsyntax-only` on `body` after `#include <CValueShim.h>`. Freestanding, so that only clang's own
  /// headers are needed.
  static func checkSyntax(_ body: String, with clang: String) throws -> Run {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-shim-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("check.c").path
    let errors = folder.appendingPathComponent("stderr").path
    try "#include <CValueShim.h>\n\(body)\n".write(toFile: source, atomically: true, encoding: .utf8)
    let arguments = [clang, "-std=gnu11", "-ffreestanding", "-fsyntax-only", "-I", include, source]
    let pid = try Subprocess.spawn(
      clang, Array(arguments.dropFirst()), environment: ProcessInfo.processInfo.environment, stdout: "/dev/null",
      stderr: errors)
    let status = Subprocess.waitForExit(pid)
    let stderr = String(decoding: try Data(contentsOf: URL(fileURLWithPath: errors)), as: UTF8.self)
    // A signal counts as a failure too; only a clean exit 0 means clang accepted the file.
    return Run(status: status, stderr: stderr)
  }
}
