import MockedDevices
import TestSupport
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

    /// A path the variable names is said to be wrong as such, before anything runs it: a file that
    /// cannot be run is no program, a directory no library; a library need not be runnable.
    func testAPathFromTheVariableIsOneThatCanBeUsed() throws {
        let variable = "TOUCHSYNTH_BUILD_PRODUCTS_TEST"
        defer { unsetenv(variable) }
        func located(_ path: String, runs: Bool = true) -> Result<String, HarnessError> {
            setenv(variable, path, 1)
            return Result { () throws(HarnessError) in try BuildProducts.locate("x", variable: variable, runs: runs) }
        }
        let readme = Fixtures.root.appendingPathComponent("README.md").path
        XCTAssertEqual(located(readme).failure?.kind, .unavailable)
        XCTAssertEqual(
            located(readme).failure?.message, "\(variable)=\(readme) is not a program this user can run")
        XCTAssertEqual(try located(readme, runs: false).get(), readme)
        XCTAssertEqual(located("/tmp", runs: false).failure?.message, "\(variable)=/tmp is a directory")
        XCTAssertEqual(try located("/bin/sh").get(), "/bin/sh")
        // Relative, the current directory's, whole: spawned by its bare name it would be looked up on PATH.
        let here = FileManager.default.currentDirectoryPath
        defer { _ = FileManager.default.changeCurrentDirectoryPath(here) }
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(Fixtures.root.path))
        let script = try located("tools/build").get()
        XCTAssertTrue(script.hasPrefix("/") && script.hasSuffix("/tools/build"), script)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: script), script)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
