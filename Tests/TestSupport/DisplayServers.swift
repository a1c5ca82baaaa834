import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Real display servers for the tests of the desktop clients and of `debug --wayland/--x11`:
/// each started in a place of its own and ended as its test tears down.
extension XCTestCase {
    /// Starts sway headless (no outputs, no input devices) as an unprivileged user, as sway
    /// requires, in a runtime folder of its own; returns its socket's path once a client can
    /// connect to it.
    public func startSway() throws -> String {
        let sway = try XCTUnwrap(findExecutable("sway"), "sway is not installed (tools/test installs it)")
        let setpriv = try XCTUnwrap(findExecutable("setpriv"), "setpriv (util-linux) is not installed")
        // sway refuses root, and only root can start it as another user here.
        try requireTier(getuid() == 0, "root, to start sway as an unprivileged user", source: "which CI runs as")
        let runtime = temporaryPath("wayland")
        try FileManager.default.createDirectory(
            atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        XCTAssertEqual(chown(runtime, 65534, 65534), 0)
        let process = try Running([
            setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "env", "XDG_RUNTIME_DIR=\(runtime)",
            "WLR_BACKENDS=headless", "WLR_RENDERER=pixman", sway, "-c", "/dev/null",
        ])
        addTeardownBlock {
            process.kill()
            try? FileManager.default.removeItem(atPath: runtime)
        }
        // sway makes its socket as it starts, and listens on it a moment later: wait until a
        // connection is accepted.
        var socket: String?
        waitUntil(whileRunning: process.pid) {
            let sockets = ((try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []).filter {
                $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock")
            }
            socket = sockets.first.map { runtime + "/" + $0 }
            return socket.map(acceptsConnections) ?? false
        }
        XCTAssertTrue(process.isRunning, "sway ended as it started")
        return try XCTUnwrap(socket)
    }

    /// Starts Xvfb on a display of its own, which it chooses and names on stdout once it accepts
    /// clients (`-displayfd`); `-noreset` keeps it from resetting as its last client leaves.
    /// Returns the display's name (`:N`).
    public func startXvfb() throws -> String {
        let xvfb = try XCTUnwrap(findExecutable("Xvfb"), "Xvfb is not installed (tools/test installs xvfb)")
        let process = try Running([
            xvfb, "-displayfd", "1", "-noreset", "-nolisten", "tcp", "-screen", "0", "800x600x24",
        ])
        // SIGTERM: Xvfb then removes its socket and lock file from /tmp.
        addTeardownBlock { process.terminate() }
        waitUntil(whileRunning: process.pid) { process.stdoutText.hasSuffix("\n") }
        let number = process.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(process.isRunning && Int(number) != nil, "Xvfb ended as it started: \(number)")
        return ":" + number
    }
}

/// Whether the Unix socket at `path` accepts a connection now.
private func acceptsConnections(_ path: String) -> Bool {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8.prefix(MemoryLayout.size(ofValue: address.sun_path) - 1))
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
        }
    }
}
