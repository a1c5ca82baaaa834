import Recordings
import TestSupport
import ViewTimeline
import XCTest

/// The contacts the view and the report draw.
final class TouchpadContactsTests: XCTestCase {
    /// A pad without slots (the bcm5974's three-finger click) is drawn with every contact it
    /// sends, not its single-touch position alone: after each frame that speaks of its contacts,
    /// as many are down as the frame sent with a position and a touch size.
    func testAProtocolAPadIsDrawnWithEveryContact() throws {
        let recording = try RecordingLoader.load(
            Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path)
        XCTAssertTrue(recording.device.isProtocolA)
        var contacts = TouchpadContacts(device: recording.device)
        var most = 0, checked = 0
        for frame in recording.frames {
            let down = contacts.apply(frame.events)
            var sent = 0, hasPosition = false, touching = true, speaks = false
            for event in frame.events {
                switch (event.type, event.code) {
                case (Evdev.EV_SYN, Evdev.SYN_MT_REPORT):
                    if hasPosition && touching { sent += 1 }
                    (hasPosition, touching, speaks) = (false, true, true)
                case (Evdev.EV_ABS, Evdev.ABS_MT_POSITION_X): hasPosition = true
                case (Evdev.EV_ABS, Evdev.ABS_MT_TOUCH_MAJOR): touching = event.value != 0
                case (Evdev.EV_KEY, Evdev.BTN_TOUCH): speaks = true
                default: break
                }
            }
            guard speaks else { continue }
            checked += 1
            XCTAssertEqual(down.count, sent, "at \(frame.time) µs")
            most = max(most, down.count)
        }
        XCTAssertGreaterThan(checked, 100)
        XCTAssertEqual(most, 3, "the three-finger click")
        let slotted = recording.withContactsInSlots
        XCTAssertEqual(Set(slotted.fingerTracks.map(\.slot)), [0, 1, 2], "the report's tracks")
        XCTAssertEqual(slotted.touchpadGeometry, contacts.geometry)
    }

    /// The view's pad and the report's plot read the same contacts: after every frame of every
    /// bundled recording, the contacts the view draws are the report's tracks' points at that
    /// frame, slot and position.
    func testTheViewDrawsTheContactsTheReportPlots() throws {
        var compared = 0
        for url in Fixtures.recordings {
            let recording = try RecordingLoader.load(url.path)
            var contacts = TouchpadContacts(device: recording.device)
            let tracks = recording.withContactsInSlots.fingerTracks
            var plotted: [Int: [(slot: Int, x: Double, y: Double)]] = [:]
            for track in tracks {
                for point in track.points { plotted[point.frame, default: []].append((track.slot, point.x, point.y)) }
            }
            for (index, frame) in recording.frames.enumerated() {
                let drawn = contacts.apply(frame.events).map { "\($0.slot) \($0.x) \($0.y)" }
                let plot = (plotted[index] ?? []).sorted { $0.slot < $1.slot }.map { "\($0.slot) \($0.x) \($0.y)" }
                XCTAssertEqual(drawn, plot, "\(url.lastPathComponent) frame \(index)")
                if drawn != plot { break }
                compared += drawn.count
            }
        }
        XCTAssertGreaterThan(compared, 3000)
    }
}
