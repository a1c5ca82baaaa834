import Foundation
import Synchronization
import Testing
import TouchSynthTesting
import TestSupport

/// Snapshots as app developers' tests name them: two replays of one test process cannot share
/// one, and a long name (a gesture script's) still makes a file.
@Suite(.serialized) struct SnapshotTests {
    /// This file's snapshots, removed by each test that writes one.
    private static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/SnapshotTests")

    private func removeSnapshots(startingWith prefix: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.directory.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            try? FileManager.default.removeItem(at: Self.directory.appendingPathComponent(name))
        }
        // The folders too, once empty: no file of a test's is left in the tree.
        for folder in [Self.directory, Self.directory.deletingLastPathComponent()]
        where (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// A test's cases parameterized by the screen, say, would write one file: the second replay
    /// with other events fails at once, naming the way to part them, not on every later run.
    @Test func twoReplaysThatWouldShareASnapshotAreTold() throws {
        let name = "shared-\(UUID().uuidString)"
        defer { removeSnapshots(startingWith: name) }
        let pinch = try ModeReplay(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let scroll = try ModeReplay(Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path)
        withKnownIssue {
            pinch.expectSnapshot(named: name)
        } matching: {
            message(of: $0).contains("recorded the snapshot")
        }
        #expect(pinch.expectSnapshot(named: name), "the same replay again matches what it recorded")
        withKnownIssue {
            scroll.expectSnapshot(named: name)
        } matching: {
            message(of: $0).contains(
                "holds another replay of this test process (pinch-in.yml), with other events: name each with "
                    + "expectSnapshot(named:)")
        }
    }

    /// A snapshot that differs says where first, and where this run's text is, to compare whole.
    @Test func aDifferenceSaysWhereTheNewTextIs() throws {
        let name = "changed-\(UUID().uuidString)"
        defer { removeSnapshots(startingWith: name) }
        let replay = try ModeReplay(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        withKnownIssue {
            replay.expectSnapshot(named: name)
        } matching: {
            message(of: $0).contains("recorded the snapshot")
        }
        let file = Self.directory.appendingPathComponent(name + ".txt")
        let recorded = try String(contentsOf: file, encoding: .utf8)
        try recorded.replacingOccurrences(of: "## compat", with: "## compat (edited)")
            .write(to: file, atomically: true, encoding: .utf8)
        let written = Mutex<String?>(nil)
        withKnownIssue {
            replay.expectSnapshot(named: name)
        } matching: { issue in
            let said = message(of: issue)
            let path = said.firstRange(of: "this run's text: ").map {
                String(said[$0.upperBound...].prefix { $0 != ";" })
            }
            written.withLock { $0 = path }
            return said.contains(
                "expected \"## compat (edited)\", got \"## compat\" (this run's text: ")
        }
        #expect(try String(contentsOfFile: try #require(written.withLock { $0 }), encoding: .utf8) == recorded)
    }

    /// A name past what a file name may hold is cut, with a hash of the whole: recorded, not
    /// refused, and two such names that share their start stay two files.
    @Test func aLongNameMakesAFileOfItsOwn() throws {
        let prefix = "long-\(UUID().uuidString)"
        let start = prefix + "-" + String(repeating: "pinch scale=2 duration=400ms; ", count: 12)
        defer { removeSnapshots(startingWith: prefix) }
        let replay = try ModeReplay(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        for end in ["a", "b"] {
            withKnownIssue {
                replay.expectSnapshot(named: start + end)
            } matching: {
                message(of: $0).contains("recorded the snapshot")
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasPrefix(prefix) }
        #expect(names.count == 2)
        #expect(names.allSatisfy { $0.utf8.count < 255 })
    }
}
