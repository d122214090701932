import CValueKit
import TestSupport
import Testing

/// Every clang-generated vector in Tests/Fixtures, through the library: the encodings parse and print back,
/// and the computed layout agrees with the compiler's size, alignment, leaves and padding. The vectors were
/// made on x86_64 Linux, so that ABI is named explicitly and the tests hold on any host.
@Suite("Layout vectors from clang")
struct LayoutVectorTests {
  @Test("the fixture files all decode, and there are vectors from both sources")
  func fixturesLoad() {
    #expect(LayoutVector.loadProblems == [])
    #expect(LayoutVector.all.filter { $0.corpus == "random" }.count == 150)
    #expect(LayoutVector.all.filter { $0.corpus == "bitfields" }.count == 25)
    #expect(LayoutVector.all.filter { $0.corpus == "quirks" }.count == 43)
    #expect(LayoutVector.all.filter { $0.corpus == "system" }.count >= 30)
  }

  @Test("both encodings print back exactly as clang wrote them", arguments: LayoutVector.all)
  func roundTrip(_ vector: LayoutVector) throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    for text in [vector.encoding, vector.encodingMacosx] + (vector.encodingNamed.map { [$0] } ?? []) {
      #expect(try catalog.parse(text).description == text)
    }
    for leaf in vector.leaves {
      #expect(try catalog.parse(leaf.encoding).description == leaf.encoding)
      if let standalone = leaf.encodingStandalone {
        #expect(try catalog.parse(standalone).description == standalone)
      }
    }
  }

  @Test("the GNU-form encoding lays out as the compiler did", arguments: LayoutVector.all)
  func layoutMatchesCompiler(_ vector: LayoutVector) throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    let type = try catalog.parse(vector.encoding)
    if vector.naiveLayoutOk == false {
      try catalog.register(type, override: vector.override, abi: .x86_64Linux)
    }
    let layout = try catalog.layout(of: type, abi: .x86_64Linux)
    // An unnamed bitfield adds no alignment in C, but without member names the encoding cannot say which
    // bitfields are unnamed, so they are laid out as named ones; the named-encoding test checks these exactly.
    if !vector.hasUnnamedBitfield {
      #expect(layout.size == vector.size)
      #expect(layout.alignment == vector.alignment)
      #expect(layout.stride == vector.size)
    }
    // C's leaves are the fields with bytes; a flexible array member is a field of none.
    let reported = layout.fields.filter { $0.flexibleArrayElement == nil }.map(ReportedLeaf.init)
    let problems = vector.mismatches(reported, exactPaths: false, skippingUnnamedBitfields: vector.hasUnnamedBitfield)
    #expect(problems == [])
    if !vector.hasUnnamedBitfield && !vector.leaves.contains(where: { $0.note != nil }) {
      #expect(Array(layout.padding) == vector.impliedPadding)
    }
  }

  @Test(
    "the encoding with member names gives C's own paths", arguments: LayoutVector.all.filter { $0.encodingNamed != nil }
  )
  func namedPaths(_ vector: LayoutVector) throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    let type = try catalog.parse(try #require(vector.encodingNamed))
    if vector.naiveLayoutOk == false {
      try catalog.register(type, override: vector.override, abi: .x86_64Linux)
    }
    let layout = try catalog.layout(of: type, abi: .x86_64Linux)
    #expect(layout.size == vector.size)
    #expect(layout.alignment == vector.alignment)
    let problems = vector.mismatches(
      layout.fields.filter { $0.flexibleArrayElement == nil }.map(ReportedLeaf.init), exactPaths: true,
      skippingUnnamedBitfields: false)
    #expect(problems == [])
    if !vector.leaves.contains(where: { $0.note != nil }) {
      #expect(Array(layout.padding) == vector.impliedPadding)
    }
  }

  @Test(
    "a type the encoding cannot show is laid out differently without its override",
    arguments: LayoutVector.all.filter { $0.naiveLayoutOk == false })
  func overrideIsNeeded(_ vector: LayoutVector) throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    let naive = try catalog.layout(of: catalog.parse(vector.encoding), abi: .x86_64Linux)
    let offsets = naive.fields.map(\.offset)
    let expected = vector.leaves.map { $0.offset ?? ($0.bitfield?.bitOffset ?? 0) / 8 }
    #expect(naive.size != vector.size || naive.alignment != vector.alignment || offsets != expected)
  }

  @Test(
    "the Apple-form encoding of a bitfield type needs an override",
    arguments: LayoutVector.all.filter { $0.flags.contains("bitfield") })
  func appleBitfieldsNeedPlacement(_ vector: LayoutVector) throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    let type = try catalog.parse(vector.encodingMacosx)
    #expect {
      try catalog.layout(of: type, abi: .x86_64Linux)
    } throws: { error in
      guard let error = error as? LayoutError, case .bitfieldNeedsPlacement = error.reason else { return false }
      return true
    }
  }

  @Test(
    "without bitfields, the Apple and GNU encodings are the same text",
    arguments: LayoutVector.all.filter { !$0.flags.contains("bitfield") })
  func sameEncodingWithoutBitfields(_ vector: LayoutVector) {
    #expect(vector.encoding == vector.encodingMacosx)
  }
}

extension LayoutVectorTests {
  @Test("all but three vectors carry C's member names (a top-level record pointer, va_list's builtin record)")
  func namedCoverage() {
    let unnamed = LayoutVector.all.filter { $0.encodingNamed == nil }.map(\.description).sorted()
    #expect(
      unnamed == [
        "quirks/Q05b_top_level_struct_pointer", "quirks/Q05c_top_level_union_pointer", "quirks/Q19_va_list_member",
      ])
  }
}
