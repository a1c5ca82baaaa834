import Foundation
import OutputFiles

#if canImport(Glibc)
import Glibc
#endif

extension MockedDevice {
    /// Runs `command` against the testbed to its end, without the replay: for a tool that asks
    /// about the device and exits (`libinput quirks list`). Returns its exit status and what it
    /// wrote to stdout, then what it wrote to stderr: one pipe for both would hold an error line
    /// inside a line of its output, which reaches a pipe in blocks while errors come unbuffered.
    public func output(of command: [String]) throws(HarnessError) -> (status: Int32, text: String) {
        var env = environment(preload: try BuildProducts.preload())
        if let dmi { try testbed.setDMI(dmi) }
        if !quirks.isEmpty { env["LIBINPUT_QUIRKS_DIR"] = try quirksDirectory() }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw HarnessError(.system, "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        defer { close(ends[0]) }
        let errors = openUnnamedFile(in: root, prefix: "errors")
        guard errors >= 0 else {
            close(ends[1])
            throw HarnessError(.system, "cannot make a file under \(root): \(String(cString: strerror(errno)))")
        }
        defer { close(errors) }
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(command, env: env, descriptors: [2: errors], standardOutput: ends[1])
        } catch {
            close(ends[1])
            throw error
        }
        close(ends[1])
        var bytes = Self.readToEnd(ends[0])
        let status = ChildProcess.stop(pid).status
        lseek(errors, 0, SEEK_SET)
        let errorBytes = Self.readToEnd(errors)
        // Errors begin a line of their own, though the output was cut mid-line.
        if !errorBytes.isEmpty, let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        bytes += errorBytes
        return (status, String(decoding: bytes, as: UTF8.self))
    }

    /// Every byte `fd` gives until its end.
    private static func readToEnd(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return bytes }
            bytes += chunk[..<n]
        }
    }

    /// The quirks folder a program given ``quirks`` reads: the build's own, with them after.
    public func quirksDirectory() throws(HarnessError) -> String {
        guard !quirks.isEmpty else { return libinput.quirksDirectory }
        if let made = quirksFolder, made.build == libinput.quirksDirectory { return made.path }
        let path = try DeviceQuirks.folder(for: quirks, build: libinput, under: root)
        quirksFolder = (libinput.quirksDirectory, path)
        return path
    }

    /// libinput's own quirks tool of the build the device runs on (`libinput quirks`).
    public var quirksTool: String { libinput.libexecDirectory + "/libinput-quirks" }

    /// What ``quirksTool`` says of the device (`list --verbose`), run as ``output(of:)`` runs it:
    /// its quirks and the files they come from, or, where it can read no file, its parser's error
    /// naming the file and line, which libinput itself keeps to itself at run time.
    public func quirksToolOutput() throws(HarnessError) -> (status: Int32, text: String) {
        try output(of: [quirksTool, "list", "--verbose", "--data-dir", try quirksDirectory(), devnode])
    }
}
