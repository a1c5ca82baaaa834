import Foundation

/// The kit's one rule for a path a test names: an absolute path as it is, a relative one from
/// the directory of the test file that names it (`#filePath`), so that recordings, descriptions
/// and surface files kept beside a test are found whatever the current directory.
enum TestFilePath {
    static func resolve(_ path: String, relativeTo filePath: StaticString) -> String {
        guard !path.hasPrefix("/") else { return path }
        return (("\(filePath)" as NSString).deletingLastPathComponent as NSString).appendingPathComponent(path)
    }
}
