internal import CDwarf
import Glibc

/// DWARF written out as an ELF file in memory (`memfd_create`) and opened by libdw, closed with it.
final class WrittenDwarf {
  let dwarf: OpaquePointer
  private let descriptor: Int32
  /// libdw's `dwarf_end`, kept by value: the table it came from may be gone first.
  private let end: @convention(c) (OpaquePointer?) -> Int32

  /// `nil` when the file cannot be made, or libdw cannot read it.
  init?(_ image: [UInt8], api: UnsafeMutablePointer<cv_dwarf_api>) {
    let descriptor = image.withUnsafeBytes { cv_dwarf_memory_file($0.baseAddress, $0.count) }
    guard descriptor >= 0 else { return nil }
    // DWARF_C_READ 0
    guard let dwarf = api.pointee.dwarf_begin(descriptor, 0) else {
      close(descriptor)
      return nil
    }
    self.dwarf = dwarf
    self.descriptor = descriptor
    self.end = api.pointee.dwarf_end
  }

  deinit {
    _ = end(dwarf)
    close(descriptor)
  }

  /// gcc's `.dwo` of a unit with type units (`-fdebug-types-section`): each type unit in a COMDAT group of
  /// its own, so that the file holds several `.debug_info.dwo` (or `.debug_types.dwo`) sections, of which
  /// libdw reads one. Written out with each such section's pieces joined, as a linker joins them; `nil` when
  /// the file is not such a `.dwo`, or cannot be read.
  static func joiningSections(of path: String, api: UnsafeMutablePointer<cv_dwarf_api>) -> WrittenDwarf? {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
    let size = Int(status.st_size)
    guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else { return nil }
    defer { munmap(mapped, size) }
    let bytes = UnsafeRawBufferPointer(start: mapped, count: size)
    guard let file = try? ELFLayout(bytes),
      file.ordered.count(where: { $0.name == ".debug_info.dwo" || $0.name == ".debug_types.dwo" }) > 1
    else { return nil }
    var joined: [(name: String, contents: [UInt8])] = []
    for (name, section) in file.ordered where name.hasPrefix(".debug_") && name.hasSuffix(".dwo") {
      let contents = Array(bytes[Int(section.offset)..<Int(section.offset + section.size)])
      if let at = joined.firstIndex(where: { $0.name == name }) {
        joined[at].contents += contents
      } else {
        joined.append((name, contents))
      }
    }
    return WrittenDwarf(file.image(joined), api: api)
  }
}
