import CValueKit
import Testing

/// What a C++ name says beyond its spelling: a template instance's template and arguments, and the scalar a C
/// basic type name spells for an ABI.
@Suite struct CTypeNameInstanceTests {
  @Test func aTemplateInstanceSplitsAtItsLastComponentsArguments() {
    #expect(CTypeName.templateInstance("std::pair<int, box<long, char>>")?.template == "std::pair")
    #expect(CTypeName.templateInstance("std::pair<int, box<long, char>>")?.arguments == ["int", "box<long, char>"])
    #expect(CTypeName.templateInstance("std::span<int const, 3>")?.arguments == ["int const", "3"])
    #expect(
      CTypeName.templateInstance("std::unique_ptr<int [], std::default_delete<int []>>")?.arguments == [
        "int []", "std::default_delete<int []>",
      ])
    #expect(CTypeName.templateInstance("f<int (*)(char, long)>")?.arguments == ["int (*)(char, long)"])
    #expect(CTypeName.templateInstance("box<>")?.arguments == [])
    for name in ["geo::point", "box<int>::part", "int [4]", "pair<int", ""] {
      #expect(CTypeName.templateInstance(name) == nil, "\(name)")
    }
  }

  @Test func aBasicTypeNameIsTheScalarItsABIGives() {
    #expect(CTypeName.basicScalar("unsigned long", abi: .x86_64Linux) == .unsignedLongLong)
    #expect(CTypeName.basicScalar("long int", abi: .i386Linux) == .long)
    #expect(CTypeName.basicScalar("unsigned long", abi: .x86_64Windows) == .unsignedLong)
    #expect(CTypeName.basicScalar("char", abi: .x86_64Linux) == .char)
    #expect(CTypeName.basicScalar("char", abi: .arm64Linux) == .unsignedChar)
    #expect(CTypeName.basicScalar("char", abi: .arm64Darwin) == .char)
    #expect(CTypeName.basicScalar("signed char", abi: .arm64Linux) == .char)
    #expect(CTypeName.basicScalar("unsigned", abi: .x86_64Linux) == .unsignedInt)
    #expect(CTypeName.basicScalar("long double", abi: .x86_64Linux) == .longDouble)
    #expect(CTypeName.basicScalar("bool", abi: .x86_64Linux) == .bool)
    for name in ["void", "point", "unsigned point", "int8_t", ""] {
      #expect(CTypeName.basicScalar(name, abi: .x86_64Linux) == nil, "\(name)")
    }
  }
}
