import Foundation

/// Recordings kept with an app's tests, for one test run over each.
public enum RecordedDevices {
    /// Every recording in `folder`, a path relative to the directory of the test file (by
    /// default the caller's), sorted by name: its regular files but hidden ones and device
    /// descriptions (`.desc`, which a recording beside it uses). For a parameterized test:
    ///
    /// ```swift
    /// @Test(arguments: RecordedDevices.recordings(in: "Recordings"))
    /// func swipeBack(_ recording: String) throws { … }
    /// ```
    public static func recordings(in folder: String, relativeTo filePath: StaticString = #filePath) -> [String] {
        let directory = TestFilePath.resolve(folder, relativeTo: filePath)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".desc") }.sorted().map {
            (directory as NSString).appendingPathComponent($0)
        }
        .filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }
}
