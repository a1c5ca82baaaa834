import Foundation
import MarkupText
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Text escaped for XML reads back from a real parser: markup characters as themselves, and the
/// control characters XML 1.0 forbids (a device's name or an error can hold them) as spaces.
final class MarkupEscapeTests: XCTestCase {
    func testEscapedTextIsWellFormedInAnAttributeAndAnElement() throws {
        let controls = (0..<0x20).compactMap(Unicode.Scalar.init).map(String.init).joined()
        let text = "a&b<c>\"d\" \(controls) \u{FFFE}\u{FFFF} é"
        let escaped = MarkupText.escape(text)
        let document = try XMLDocument(xmlString: "<r a=\"\(escaped)\">\(escaped)</r>")
        let root = try XCTUnwrap(document.rootElement())
        let kept = text.unicodeScalars.map { scalar -> String in
            let allowed = ["\t", "\n", "\r"].contains(scalar) || (scalar.value >= 0x20 && scalar.value < 0xFFFE)
            return allowed ? String(scalar) : " "
        }.joined()
        // A parser reads a carriage return in content as a line feed, as XML 1.0 §2.11 has it.
        XCTAssertEqual(root.stringValue, kept.replacingOccurrences(of: "\r", with: "\n"))
        XCTAssertTrue(root.attribute(forName: "a")?.stringValue?.hasPrefix("a&b<c>\"d\" ") ?? false)
    }
}
