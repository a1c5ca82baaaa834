import AppEvents
import XCTest

/// A screen size as the command line and descriptions write it.
final class SizeTests: XCTestCase {
    func testDimensionsReadWhatTheyWrite() {
        XCTAssertEqual(Size(dimensions: "1440x900"), Size(width: 1440, height: 900))
        XCTAssertEqual(Size(dimensions: "1024X768.5")?.dimensions, "1024x768.5")
        XCTAssertEqual(Size.defaultScreen.dimensions, "1440x900")
        for bad in ["1440", "0x900", "1440x-1", "1440x900x2", "widexhigh", "100001x10", "nanx5"] {
            XCTAssertNil(Size(dimensions: bad), bad)
        }
    }
}
