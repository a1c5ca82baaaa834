import Foundation
import XCTest

/// A minute of gestures (pinch, scroll and swipe, 30 times over) synthesized into a file of its
/// own, which the caller removes: a replay of it in real time is still running long after a
/// test's signal or its program's end, however loaded the machine, where a few seconds' recording
/// might be over first. The test waits only as long as it needs; the length is margin.
public func synthesizeMinuteOfGestures(file: StaticString = #filePath, line: UInt = #line) -> String {
    let desc = Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
    let path = temporaryPath("minute.yml")
    let cycle = "pinch scale=1.6; scroll fingers=2 dy=20mm; swipe fingers=3 distance=30mm"
    let made = runCommand([
        "synthesize", "-e", Array(repeating: cycle, count: 30).joined(separator: "\n"), "--desc", desc, "-o", path,
    ])
    XCTAssertEqual(made.status, 0, made.stderr, file: file, line: line)
    return path
}
