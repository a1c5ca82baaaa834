import Foundation

/// Recordings kept with an app's tests, for one test run over each.
public enum RecordedDevices {
    /// Every recording in `folder`, a path relative to the directory of the test file (by
    /// default the caller's), sorted by name: its regular files but hidden ones, device
    /// descriptions (`.desc`, which a recording beside it uses) and a folder's papers (Markdown,
    /// README, LICENSE, COPYING, NOTICE). A folder that is missing, or holds no recording, is
    /// listed as itself, so that the test's one case fails naming it rather than the test
    /// finding no case to run. For a parameterized test:
    ///
    /// ```swift
    /// @Test(arguments: RecordedDevices.recordings(in: "Recordings"))
    /// func swipeBack(_ recording: String) throws { … }
    /// ```
    public static func recordings(in folder: String, relativeTo filePath: StaticString = #filePath) -> [String] {
        let directory = TestFilePath.resolve(folder, relativeTo: filePath)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let recordings = names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".desc") && !isPaper($0) }.sorted().map {
            (directory as NSString).appendingPathComponent($0)
        }
        .filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        return recordings.isEmpty ? [directory] : recordings
    }

    /// Whether a file of a recordings folder is about them rather than one: Markdown, or a
    /// README, LICENSE, COPYING or NOTICE of any extension.
    private static func isPaper(_ name: String) -> Bool {
        let stem = (name as NSString).deletingPathExtension.uppercased()
        return name.lowercased().hasSuffix(".md") || ["README", "LICENSE", "COPYING", "NOTICE"].contains(stem)
    }
}
