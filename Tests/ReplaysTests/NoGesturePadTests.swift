import GestureSynthesis
import MockedDevices
import ReplayChannel
import Replays
import XCTest
import TestSupport

/// A pad of one slot makes no gesture in libinput: a two-finger pinch scripted on it is said to
/// scroll, and libinput, replaying it, scrolls.
final class NoGesturePadTests: XCTestCase {
    func testAPinchOnASingleTouchPadIsSaidToScrollAndDoes() throws {
        let recording = try GestureSynthesizer.synthesize(
            "pinch scale=1.6", file: "t",
            onDescriptionAt: Fixtures.devices.appendingPathComponent(
                "touchpads_SynPS2_Synaptics_TouchPad-fdo23890.desc"
            ).path, libinput: LibinputBuild.system.version)
        XCTAssertTrue(
            recording.notes.contains {
                $0.hasSuffix(
                    "has no slots (it reports where one finger is, and counts the others by BTN_TOOL_* "
                        + "keys): libinput makes no pinch on it, and two fingers scroll")
            }, "\(recording.notes)")
        var kinds: Set<String> = []
        _ = try Replay.stream(.recording(recording)) { output in
            if case .event(let event, _) = output { kinds.insert(event.typeName) }
        }
        XCTAssertFalse(kinds.contains("GESTURE_PINCH_BEGIN"), "\(kinds)")
        XCTAssertTrue(kinds.contains("POINTER_SCROLL_FINGER"), "\(kinds)")
    }
}
