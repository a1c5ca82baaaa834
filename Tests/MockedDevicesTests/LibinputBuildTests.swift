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
        FileManager.default.createFile(atPath: prefix + "/lib/libinput.so.10", contents: Data())
        XCTAssertEqual(LibinputBuild.built("1.28.1", in: area)?.libraryDirectory, prefix + "/lib")
    }
}
