import CFFI
import CValueShim
import Testing

@Suite("C shims")
struct ShimTests {
  @Test("bytes compare whole, under a padding mask, and report the first difference")
  func bytes() {
    let a: [UInt8] = [1, 2, 3, 0xAA, 5]
    let b: [UInt8] = [1, 2, 3, 0x55, 5]
    let ignorePadding: [UInt8] = [0xFF, 0xFF, 0xFF, 0x00, 0xFF]
    let lowBits: [UInt8] = [0xFF, 0xFF, 0xFF, 0x01, 0xFF]
    #expect(cv_bytes_equal(a, a, 5))
    #expect(!cv_bytes_equal(a, b, 5))
    #expect(cv_bytes_equal(a, b, 3))
    #expect(cv_bytes_equal(a, b, 0))
    #expect(cv_bytes_equal_masked(a, b, ignorePadding, 5))
    #expect(!cv_bytes_equal_masked(a, b, lowBits, 5))
    #expect(cv_first_difference(a, b, nil, 5) == 3)
    #expect(cv_first_difference(a, b, ignorePadding, 5) == 5)
    #expect(cv_first_difference(a, a, nil, 5) == 5)
  }

  @Test("libffi's type descriptors are reachable through the accessors and describe the host's scalars")
  func ffiTypes() throws {
    let expected: [(UnsafeMutablePointer<ffi_type>, Int, Int)] = [
      (cv_ffi_type_uint8(), 1, 1), (cv_ffi_type_sint16(), 2, 2), (cv_ffi_type_uint32(), 4, 4),
      (cv_ffi_type_sint64(), 8, 8), (cv_ffi_type_float(), 4, 4), (cv_ffi_type_double(), 8, 8),
      (cv_ffi_type_pointer(), MemoryLayout<UnsafeRawPointer>.size, MemoryLayout<UnsafeRawPointer>.alignment),
    ]
    for (type, size, alignment) in expected {
      #expect(type.pointee.size == size)
      #expect(Int(type.pointee.alignment) == alignment)
    }
    #expect(cv_ffi_type_void().pointee.type == UInt16(FFI_TYPE_VOID))
  }
}
