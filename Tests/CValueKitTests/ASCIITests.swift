import CValueKit
import Testing

/// The parsers' character classes agree with Swift's own for ASCII and refuse every other byte.
@Suite("ASCII character classes")
struct ASCIITests {
  @Test("each class is Swift's ASCII class, byte by byte", arguments: 0...255)
  func classes(_ value: Int) {
    let byte = UInt8(value)
    let character = Character(Unicode.Scalar(byte))
    let isASCII = byte < 0x80
    #expect(ASCII.isDigit(byte) == (isASCII && character.isWholeNumber))
    #expect(ASCII.digitValue(byte) == (isASCII ? character.wholeNumberValue.map(UInt8.init) : nil))
    #expect(ASCII.hexDigitValue(byte) == (isASCII ? character.hexDigitValue.map(UInt8.init) : nil))
    #expect(ASCII.isLetter(byte) == (isASCII && character.isLetter))
    #expect(ASCII.isIdentifierStart(byte) == (isASCII && (character.isLetter || character == "_")))
    #expect(
      ASCII.isIdentifierCharacter(byte) == (isASCII && (character.isLetter || character.isNumber || byte == 0x5F)))
  }

  @Test("identifiers are C's, in ASCII only")
  func identifiers() {
    for text in ["x", "_", "origin", "uint8", "_Bool", "a1_b2"] { #expect(ASCII.isIdentifier(text), "\(text)") }
    for text in ["", "1x", "a-b", "a b", "é", "aé", ".x", "x\u{0}"] { #expect(!ASCII.isIdentifier(text), "\(text)") }
  }

  @Test("bytes print as two lowercase hex digits apiece, first byte first")
  func hexDigits() {
    #expect(ASCII.hexDigits([]) == "")
    #expect(ASCII.hexDigits([0x00, 0x0A, 0x80, 0x3F, 0xFF]) == "000a803fff")
  }
}
