import Foundation
import Quirks
import Recordings

/// Quirks files tried on a replay: libinput reads its quirks from `LIBINPUT_QUIRKS_DIR` when that
/// is set, and then skips the local overrides file (`libinput_init_quirks`, `src/libinput.c` of
/// 1.22.1, 1.28.1 and 1.31.3). The testbed gets a folder holding the build's own quirks and,
/// after them in name order (libinput reads the files so, a later match overriding an earlier
/// one), a copy of each file given.
package enum DeviceQuirks {
    /// The copies' names begin so, after every file libinput ships (`10-…` to `50-…`).
    package static let copyPrefix = "zz-touchsynth-"

    /// Writes the folder for `files` on top of `build`'s quirks under `root`; returns its path.
    static func folder(for files: [String], build: LibinputBuild, under root: String) throws(HarnessError) -> String {
        let folder = root + "/touchsynth-quirks"
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let own = try manager.contentsOfDirectory(atPath: build.quirksDirectory).filter { $0.hasSuffix(".quirks") }
            for name in own where !manager.fileExists(atPath: folder + "/" + name) {
                try manager.createSymbolicLink(
                    atPath: folder + "/" + name, withDestinationPath: build.quirksDirectory + "/" + name)
            }
        } catch {
            throw HarnessError(.system, "cannot make the quirks folder under \(root): \(error.localizedDescription)")
        }
        for (index, file) in files.enumerated() {
            // Read as every text input is: a pipe or standard input (`-`) too, a missing or
            // unreadable file and one that is no UTF-8 text refused naming it; but as written,
            // Windows line ends and all, which libinput refuses.
            let string = try harnessError { () throws(RecordingError) in
                try readText(file, of: "a quirks file", verbatim: true)
            }
            // libinput reads a line only up to a NUL (`fgets`, then C strings), cut short without a
            // word; a binary file is told by its first, not quoted.
            if let nul = string.utf8.firstIndex(of: 0) {
                let line = 1 + string.utf8[..<nul].lazy.filter { $0 == UInt8(ascii: "\n") }.count
                throw HarnessError(
                    .quirksRefused,
                    "\(file):\(line): a NUL byte, where libinput would cut the line short: not a quirks file")
            }
            if let problem = QuirksFileCheck.problem(in: string, path: file) {
                throw HarnessError(.quirksRefused, problem + "; libinput would drop every quirk")
            }
            guard manager.createFile(atPath: folder + "/" + copyName(index, file), contents: Data(string.utf8)) else {
                throw HarnessError(.system, "cannot copy \(file) into the quirks folder under \(root)")
            }
        }
        return folder
    }

    /// The name of the copy of the `index`th file given: its own name, which libinput's messages
    /// carry, and `.quirks`, without which libinput passes a file over.
    package static func copyName(_ index: Int, _ file: String) -> String {
        let name = (file as NSString).lastPathComponent
        return copyPrefix + "\(index)-" + name + (name.hasSuffix(".quirks") ? "" : ".quirks")
    }
}
