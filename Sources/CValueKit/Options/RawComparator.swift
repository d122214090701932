/// Compares the bytes of two values of one C type; each buffer holds exactly one value.
public typealias RawComparator = @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Bool

/// Describes the bytes of one value of a C type; the buffer holds exactly one value.
public typealias RawDescriber = @Sendable (UnsafeRawBufferPointer) -> String
