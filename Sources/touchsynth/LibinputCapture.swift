import Foundation
import LibinputEvents
import MockedDevices
import Recordings

/// Runs a recording through real libinput (a mocked-device child running `debug --json`, on the
/// `libinput` build, its devices configured by `config`, ``DeviceConfigOptions/arguments``) and
/// reads its events back, for commands that work on the libinput stream itself.
func captureLibinputEvents(of recording: Recording, name: String, clock: ReplayClock, libinput: LibinputBuild = .system,
                           asDelivered: Bool = false, config: [String] = []) throws -> (events: [LibinputEvent], report: ReplayReport) {
    let device = try MockedDevice(recording: recording)
    device.libinput = libinput
    device.filtersLikeKernel = !asDelivered
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-\(getpid())-\(UUID().uuidString)").path
    let fd = open(output, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw CommandError(.system, "cannot create \(output): \(String(cString: strerror(errno)))") }
    defer { unlink(output) }
    let report: ReplayReport
    do {
        var timing = ReplayTiming.programSignalsReady
        timing.clock = clock
        report = try device.run([currentExecutable(), "debug", "--device", device.devnode, "--json"] + config,
                                timing: timing, readiness: .programSignals, standardOutput: fd)
    } catch {
        close(fd)
        throw error
    }
    close(fd)
    endIfInterrupted(report)
    guard report.exitStatus == 0 else { throw CommandError(.system, "libinput replay of \(name) failed (status \(report.exitStatus))") }
    return (try LibinputEvent.events(fromJSONLines: try readText(output, of: "a libinput capture", mayBeLong: true)), report)
}
