import Recordings
import XCTest

/// Fingers' tracks as a reader of the device knows them.
final class FingerTrackTests: XCTestCase {
    /// A slot's position starts at 0, so the kernel passes no position for a finger first down
    /// at 0 (the middle of an Apple trackpad's axes): its track is there all the same, at 0.
    func testAFingerFirstDownAtASlotsStartingPositionHasItsTrack() {
        let axis = AbsInfo(minimum: -100, maximum: 100, resolution: 10)
        let device = DeviceDescription(
            name: "pad",
            codes: [
                Evdev.EV_ABS: [
                    Evdev.ABS_MT_SLOT, Evdev.ABS_MT_TRACKING_ID, Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y,
                ],
                Evdev.EV_KEY: [Evdev.BTN_TOUCH],
            ],
            absinfo: [
                Evdev.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 1),
                Evdev.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535), Evdev.ABS_MT_POSITION_X: axis,
                Evdev.ABS_MT_POSITION_Y: axis,
            ])
        let abs = { (code: UInt16, value: Int32) in EvdevEvent(type: Evdev.EV_ABS, code: code, value: value) }
        let syn = EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)
        let recording = Recording(
            device: device,
            frames: [
                EvdevFrame(
                    time: 0,
                    events: [
                        // As delivered: position 0 on both axes, the slot's own, sent no event.
                        abs(Evdev.ABS_MT_TRACKING_ID, 1),
                        EvdevEvent(type: Evdev.EV_KEY, code: Evdev.BTN_TOUCH, value: 1),
                        syn,
                    ]),
                EvdevFrame(time: 10_000, events: [abs(Evdev.ABS_MT_POSITION_Y, 20), syn]),
            ])
        let tracks = recording.fingerTracks
        XCTAssertEqual(tracks.count, 1)
        XCTAssertEqual(tracks.first?.points.map(\.x), [10, 10])
        XCTAssertEqual(tracks.first?.points.map(\.y), [10, 12])
    }
}
