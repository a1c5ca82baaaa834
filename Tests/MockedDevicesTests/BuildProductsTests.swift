import MockedDevices
import XCTest

/// The products a replay needs, and the checkout's own scripts, found from the running executable.
final class BuildProductsTests: XCTestCase {
    /// The test bundle lies in the checkout's `.build`: the checkout's scripts are found from it,
    /// and what is not there is nil.
    func testACheckoutsScriptIsFoundFromTheExecutable() throws {
        let script = try XCTUnwrap(BuildProducts.inCheckout("tools/build-libinput"))
        XCTAssertTrue(script.hasSuffix("/tools/build-libinput"), script)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: script))
        XCTAssertNil(BuildProducts.inCheckout("tools/no-such-script"))
        XCTAssertNil(BuildProducts.inCheckout("README.md"), "a file that cannot be run is no script")
    }
}
