import KernelEmulation
import Recordings
import XCTest

/// Checks that a recording read back from a recorder (`record`, evtest) has `original`'s device
/// and frames, with their exact spacing.
public func assertSameFrames(
    _ recorded: Recording, _ original: Recording, _ what: String,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(recorded.device.name, original.device.name, what, file: file, line: line)
    XCTAssertEqual(recorded.device.codes, original.device.codes, what, file: file, line: line)
    XCTAssertEqual(
        recorded.device.absinfo.mapValues(\.maximum), original.device.absinfo.mapValues(\.maximum), what, file: file,
        line: line)
    XCTAssertEqual(recorded.frames.map(\.events), original.frames.map(\.events), what, file: file, line: line)
    XCTAssertEqual(
        recorded.frames.map(\.time), original.frames.map(\.time), "\(what): the recording's exact spacing", file: file,
        line: line)
}

/// What readers of the device get of `recording`: the harness, like a kernel, drops unchanged
/// values and frames left empty (``InputCoreFilter``).
public func delivered(_ recording: Recording) -> Recording {
    var result = recording
    result.frames = InputCoreFilter.delivered(recording)
    // Times count from the first frame delivered, as a recorder's do.
    let start = result.frames.first?.time ?? 0
    result.frames = result.frames.map { EvdevFrame(time: $0.time - start, events: $0.events) }
    return result
}
