import CValueHeaders
import CValueKit
import Foundation
import TestSupport
import Testing

/// Headers of the size real users import (`.ci/run` installs libvulkan-dev and libx11-dev): imported whole,
/// with each enumeration stored once however many members use it.
@Suite struct LargeHeaderTests {
  @Test(.needs(.vulkan)) func vulkanCoreImportsWholeWithEachEnumerationOnce() throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders(["vulkan/vulkan_core.h"])
    #expect(imported.unimportable == [])
    #expect(imported.records.count > 800)
    // Every sType member shares VkStructureType's one list of constants.
    let sTypes = imported.enumerations.filter { $0.member == "sType" }
    #expect(sTypes.count > 500)
    #expect(Set(sTypes.map(\.enumeration.name)) == ["VkStructureType"])
    #expect(Set(sTypes.map(\.enumeration)).count == 1)
    let file = CatalogFile(imported)
    let text = file.encoded()
    #expect(text.utf8.count < 3_000_000)
    #expect(text.components(separatedBy: #""VK_STRUCTURE_TYPE_APPLICATION_INFO = "#).count == 2)
    // And it loads back to the same descriptions.
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("vulkan-\(UUID()).json")
    try file.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let loaded = TypeCatalog()
    try loaded.loadCatalogFile(at: url)
    var info = [UInt8](repeating: 0, count: try loaded.layout(of: "{VkApplicationInfo}").size)
    info[0] = 0  // VK_STRUCTURE_TYPE_APPLICATION_INFO
    let description = try ValueRegistry(catalog: loaded).resolve("{VkApplicationInfo}").describe(bytes: info)
    #expect(description.hasPrefix("{.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .pNext = NULL,"))
  }

  @Test(.needs(.x11)) func xlibImportsWhole() throws {
    let imported = try TypeCatalog().importHeaders(["X11/Xlib.h"])
    #expect(imported.unimportable == [])
    let event = try #require(imported.record(named: "union _XEvent"))
    #expect(event.size == 192)
  }
}
