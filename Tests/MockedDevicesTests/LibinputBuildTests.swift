import Foundation
import TestSupport
import XCTest

@testable import MockedDevices

/// Which builds in the build area count as built: one whose BUILD-INFO names its prefix and
/// whose library is there; another would let the loader find the system's libinput, which would
/// then run under the version's name.
final class LibinputBuildTests: XCTestCase {
    func testABuildWithoutItsLibraryIsNotBuilt() throws {
        let area = temporaryPath("builds")
        defer { try? FileManager.default.removeItem(atPath: area) }
        let prefix = area + "/1.28.1"
        try FileManager.default.createDirectory(atPath: prefix + "/lib", withIntermediateDirectories: true)
        try "version=1.28.1\nprefix=\(prefix)\n".write(
            toFile: prefix + "/BUILD-INFO", atomically: true, encoding: .utf8)
        XCTAssertNil(LibinputBuild.built("1.28.1", in: area))
        XCTAssertTrue(FileManager.default.createFile(atPath: prefix + "/lib/libinput.so.10", contents: Data()))
        XCTAssertEqual(LibinputBuild.built("1.28.1", in: area)?.libraryDirectory, prefix + "/lib")
    }

    /// A version not built is told with the command that builds it where the replay looks: the
    /// script alone in a checkout building into its own area; told where to build otherwise, as
    /// for an app's package, which has its own build area and no script.
    func testTheCommandForAVersionNotBuiltBuildsWhereTheReplayLooks() {
        let checkout = "/src/touchsynth/.build/libinput"
        XCTAssertEqual(
            LibinputBuild.builder(of: "1.28.1", into: checkout + "/", checkoutArea: checkout),
            "`tools/build-libinput 1.28.1` builds it from Debian's source package")
        for other in [checkout, nil] {
            XCTAssertTrue(
                LibinputBuild.builder(of: "1.28.1", into: "/src/app/.build/libinput", checkoutArea: other).hasPrefix(
                    "in a checkout of TouchSynth, `TOUCHSYNTH_LIBINPUT_BUILDS=/src/app/.build/libinput "
                        + "tools/build-libinput 1.28.1` builds it there"))
            XCTAssertTrue(
                LibinputBuild.builder(of: "1.28.1", into: "/src/app/.build/libinput", checkoutArea: other).hasSuffix(
                    "; or set TOUCHSYNTH_LIBINPUT_BUILDS to a checkout's .build/libinput that has it"),
                "the builds a checkout already has serve an app's tests too")
        }
        // Where a shell would split the path, it is quoted; a relative one is made absolute.
        XCTAssertTrue(
            LibinputBuild.builder(of: "1.28.1", into: "/src/my builds", checkoutArea: checkout).contains(
                "`TOUCHSYNTH_LIBINPUT_BUILDS='/src/my builds' tools/build-libinput 1.28.1`"))
        XCTAssertTrue(
            LibinputBuild.builder(of: "1.28.1", into: "builds", checkoutArea: checkout).contains(
                "=\(FileManager.default.currentDirectoryPath)/builds tools"))
    }
}
