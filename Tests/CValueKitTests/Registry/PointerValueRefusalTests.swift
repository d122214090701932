import CValueKit
import Testing

/// The generic value entry points refuse a Swift pointer given as the value of a C type that is not a
/// pointer: its own bits would otherwise be compared as if they were the value. A compile-time refusal
/// would also refuse plain C structs, so the check is at run time. (An unlabeled `UnsafeRawBufferPointer`
/// or `[UInt8]` in direct code picks the deprecated byte overloads, which compare the bytes, with a warning;
/// generic code, such as a test helper over any value, reaches the generic entry points tested here.)
@Suite struct PointerValueRefusalTests {
  /// What a generic helper over any value calls.
  static func compare<Value>(_ type: ValueType, _ a: Value, _ b: Value) throws(ValueError) -> Comparison {
    try type.compare(a, b)
  }

  static func isEqual<Value>(_ type: ValueType, _ a: Value, _ b: Value) -> Bool { type.isEqual(a, b) }

  @Test func pointersAreRefusedForAnEightByteStruct() throws {
    let type = try ValueRegistry.shared.resolve("{S=\"a\"i\"b\"i}")
    let a = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
    let b = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
    defer {
      a.deallocate()
      b.deallocate()
    }
    a.storeBytes(of: 0x0000_0002_0000_0001, as: Int64.self)
    b.storeBytes(of: 0x0000_0002_0000_0001, as: Int64.self)
    let (x, y) = (UnsafeRawPointer(a), UnsafeRawPointer(b))
    #expect(throws: ValueError.pointerValue(swiftType: "UnsafeRawPointer", type: type.type)) {
      try type.compare(x, y)
    }
    #expect(!type.isEqual(x, x))
    #expect(throws: ValueError.pointerValue(swiftType: "UnsafeMutableRawPointer", type: type.type)) {
      try type.compare(a, b)
    }
    #expect(throws: ValueError.pointerValue(swiftType: "OpaquePointer", type: type.type)) {
      try type.compare(OpaquePointer(x), OpaquePointer(y))
    }
    let (p, q) = (x.assumingMemoryBound(to: Int64.self), y.assumingMemoryBound(to: Int64.self))
    #expect(throws: ValueError.pointerValue(swiftType: "UnsafePointer<Int64>", type: type.type)) {
      try type.compare(p, q)
    }
    #expect(throws: ValueError.pointerValue(swiftType: "Optional<UnsafePointer<Int64>>", type: type.type)) {
      try type.compare(Optional(p), Optional(q))
    }
    // The forms meant for memory behind a pointer compare the values.
    #expect(try type.compare(pointers: x, y).isEqual)
    #expect(type.isEqual(pointers: x, y))
  }

  @Test func bufferPointersAreRefusedForASixteenByteStruct() throws {
    let point = try ValueRegistry.shared.resolve("point")
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 8)
    defer { buffer.deallocate() }
    buffer.initializeMemory(as: UInt8.self, repeating: 0)
    let error = ValueError.pointerValue(swiftType: "UnsafeMutableRawBufferPointer", type: point.type)
    #expect(throws: error) { try Self.compare(point, buffer, buffer) }
    #expect(
      error.description
        == "UnsafeMutableRawBufferPointer is a pointer, but {CGPoint=dd} is not a pointer type, so its "
        + "bits are not the value; compare the memory it points to with compare(pointers:_:) or compare(bytes:_:)")
    let raw = UnsafeRawBufferPointer(buffer)
    #expect(throws: ValueError.pointerValue(swiftType: "UnsafeRawBufferPointer", type: point.type)) {
      try Self.compare(point, raw, raw)
    }
    #expect(!Self.isEqual(point, raw, raw))
    #expect(try point.compare(bytes: buffer, buffer).isEqual)
  }

  @Test func aPointerTypeTakesPointerValues() throws {
    let type = try ValueRegistry.shared.resolve("^v")
    let memory = UnsafeMutableRawPointer.allocate(byteCount: 2, alignment: 1)
    defer { memory.deallocate() }
    let address = UnsafeRawPointer(memory)
    #expect(try type.compare(address, address).isEqual)
    #expect(type.isEqual(address, address))
    #expect(try !type.compare(address, address + 1).isEqual)
    #expect(try ValueRegistry.shared.resolve("r^i").compare(OpaquePointer(address), OpaquePointer(address)).isEqual)
  }
}
