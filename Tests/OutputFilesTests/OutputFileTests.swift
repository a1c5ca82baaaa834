import Foundation
import OutputFiles
import XCTest

/// An output file is in place only once committed: before, and for good when it is discarded or
/// dropped (a command that failed or was interrupted), what was at its path stays as it was.
final class OutputFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "output-file-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ text: String, to file: OutputFile) {
        XCTAssertEqual(text.utf8.count, text.withCString { Glibc.write(file.fileDescriptor, $0, strlen($0)) })
    }

    private func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    private var entries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? [] }

    func testTheFileReplacesWhatWasThereOnlyWhenCommitted() throws {
        let path = folder + "/out.txt"
        try "before".write(toFile: path, atomically: false, encoding: .utf8)
        let file = try OutputFile(path)
        write("after", to: file)
        XCTAssertEqual(contents(path), "before")
        try file.commit()
        XCTAssertEqual(contents(path), "after")
        XCTAssertEqual(entries, ["out.txt"], "no temporary file left")
    }

    func testADiscardedOrDroppedFileLeavesWhatWasThere() throws {
        let path = folder + "/out.txt"
        try "before".write(toFile: path, atomically: false, encoding: .utf8)
        let discarded = try OutputFile(path)
        write("half", to: discarded)
        discarded.discard()
        do {
            let dropped = try OutputFile(path)
            write("half", to: dropped)
        }
        XCTAssertEqual(contents(path), "before")
        XCTAssertEqual(entries, ["out.txt"])
        let new = folder + "/new.txt"
        _ = try OutputFile(new)
        XCTAssertFalse(FileManager.default.fileExists(atPath: new))
    }

    func testAnInputIsRefusedAndLeftAlone() throws {
        let input = folder + "/rec.yml", link = folder + "/link.yml"
        try "recording".write(toFile: input, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
        for path in [input, link, folder + "/./rec.yml"] {
            XCTAssertThrowsError(try OutputFile(path, inputs: [link])) { error in
                XCTAssertEqual((error as? OutputFileError)?.kind, .overwritesInput, path)
            }
        }
        XCTAssertEqual(contents(input), "recording")
        XCTAssertNoThrow(try OutputFile(folder + "/other.yml", inputs: [input]))
    }

    /// A link's file is replaced, the link kept; the mode of the file replaced is kept.
    func testALinkIsFollowedAndTheModeKept() throws {
        let target = folder + "/target.txt", link = folder + "/link.txt"
        try "before".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o600)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let file = try OutputFile(link)
        write("after", to: file)
        try file.commit()
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), target)
        XCTAssertEqual(contents(target), "after")
        var info = stat()
        XCTAssertEqual(stat(target, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
    }

    /// Written where it is, so that what is there stays what it was to others: a file with another
    /// link (both names see the new text), the file a dangling link names (made), a stream (read
    /// as it is written).
    func testLinkedFilesDanglingLinksAndStreamsAreWrittenInPlace() throws {
        let file = folder + "/file.txt", other = folder + "/other.txt"
        try "before".write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.linkItem(atPath: file, toPath: other)
        let linked = try OutputFile(file)
        write("after", to: linked)
        try linked.commit()
        XCTAssertEqual(contents(other), "after")
        let dangling = folder + "/dangling.txt", named = folder + "/named.txt"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: named)
        let viaLink = try OutputFile(dangling)
        write("made", to: viaLink)
        try viaLink.commit()
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dangling), named)
        XCTAssertEqual(contents(named), "made")
        let streamed = try OutputFile(folder + "/stream.txt", streaming: true)
        write("so far", to: streamed)
        XCTAssertEqual(contents(folder + "/stream.txt"), "so far")
        XCTAssertFalse(entries.contains { $0.contains(".touchsynth-") })
    }

    /// A device is written as it is: `/dev/null` stays a device.
    func testADeviceIsWrittenDirectly() throws {
        let file = try OutputFile("/dev/null")
        write("nothing", to: file)
        try file.commit()
        var info = stat()
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR)
    }

    func testAFolderIsMadeWithItsParentsButNotUnderAFile() throws {
        try OutputFile.makeFolder(folder + "/a/b")
        var isFolder: ObjCBool = false
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: folder + "/a/b", isDirectory: &isFolder) && isFolder.boolValue)
        try "file".write(toFile: folder + "/file", atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try OutputFile.makeFolder(folder + "/file/c")) { error in
            XCTAssertEqual((error as? OutputFileError)?.kind, .cannotCreate)
        }
        // A file where the folder would be is said to be one, not that it exists.
        XCTAssertThrowsError(try OutputFile.makeFolder(folder + "/file")) { error in
            XCTAssertEqual((error as? OutputFileError)?.reason, "a file, not a folder to write into")
        }
    }

    /// A file of a folder that takes no new file beside it (procfs answers ENOENT) is opened in
    /// place, so that what is said is its own refusal, not that it is missing.
    func testAFileOfAFolderThatTakesNoNewFileIsOpenedInPlace() {
        do {
            _ = try OutputFile("/proc/version")
        } catch {
            XCTAssertFalse("\(error)".contains(String(cString: strerror(ENOENT))), "\(error)")
        }
    }

    func testAnEmptyPathNamesNoFile() {
        XCTAssertThrowsError(try OutputFile("")) { XCTAssertEqual(($0 as? OutputFileError)?.kind, .noPath) }
    }

    func testAFolderOrAMissingFolderCannotBeCreated() {
        for path in [folder, folder + "/missing/out.txt"] {
            XCTAssertThrowsError(try OutputFile(path)) { error in
                XCTAssertEqual((error as? OutputFileError)?.kind, .cannotCreate, path)
                XCTAssertTrue((error as? OutputFileError)?.description.hasPrefix("\(path): cannot write: ") == true)
            }
        }
    }

    /// A regular file, the temporary one or one written in place, can be read back before it is
    /// committed; a device cannot, nor standard output.
    func testWhatCanBeReadBack() throws {
        let path = folder + "/out.txt", linked = folder + "/linked.txt"
        try "x".write(toFile: linked, atomically: false, encoding: .utf8)
        try FileManager.default.linkItem(atPath: linked, toPath: folder + "/other-link.txt")
        XCTAssertTrue(try OutputFile(path).canBeReadBack)
        XCTAssertTrue(try OutputFile(linked).canBeReadBack, "a file of several links, written in place")
        XCTAssertFalse(try OutputFile("/dev/null").canBeReadBack)
    }
}
