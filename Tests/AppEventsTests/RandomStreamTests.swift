import GestureSynthesis
import AppEvents
import LibinputEvents
import XCTest

/// Random mixed streams, including events out of order, non-finite numbers and clocks going
/// back: whatever libinput (or a corrupt recording) sends, the app must get a legal stream.
final class RandomStreamTests: XCTestCase {
    private static let devices = ["event5", "event6", "event7"]

    private func randomValue(_ rng: inout SplitMix64, _ range: ClosedRange<Double>) -> Double {
        switch Int.random(in: 0..<40, using: &rng) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.greatestFiniteMagnitude
        case 3: return 0
        default: return Double.random(in: range, using: &rng)
        }
    }

    private func randomKind(_ rng: inout SplitMix64) -> LibinputEvent.Kind {
        let fingers = Int.random(in: 2...4, using: &rng)
        let delta = GestureDelta(
            dx: randomValue(&rng, -30...30), dy: randomValue(&rng, -30...30), unacceleratedDx: 1, unacceleratedDy: 1)
        let button = UInt32.random(in: 0x10f...0x115, using: &rng)
        let key = [Key.leftShift, Key.rightShift, Key.leftCtrl, Key.capsLock, 30].randomElement(using: &rng)!
        let state: ButtonState = Bool.random(using: &rng) ? .pressed : .released
        switch Int.random(in: 0..<22, using: &rng) {
        case 0, 1, 2: return .motion(randomValue(&rng, -400...400), randomValue(&rng, -400...400))
        case 3: return .pointerMotionAbsolute(x: randomValue(&rng, -0.2...1.2), y: randomValue(&rng, -0.2...1.2))
        case 4, 5: return .pointerButton(button: button, state: state, seatCount: 1)
        case 6: return .keyboardKey(key: key, state: state, seatCount: 1)
        case 7:
            return .fingerScroll(
                horizontal: randomValue(&rng, -20...20),
                vertical: Bool.random(using: &rng) ? nil : randomValue(&rng, -20...20))
        case 8: return .fingerScroll(horizontal: 0, vertical: 0)
        case 9: return .wheel(vertical: randomValue(&rng, -30...30), vertical120: randomValue(&rng, -240...240))
        case 10: return .gesturePinchBegin(fingers: fingers)
        case 11, 12:
            return .gesturePinchUpdate(
                fingers: fingers, delta: delta, scale: randomValue(&rng, 0...6), angleDelta: randomValue(&rng, -30...30)
            )
        case 13: return .gesturePinchEnd(fingers: fingers, scale: 1, cancelled: Bool.random(using: &rng))
        case 14: return .gestureSwipeBegin(fingers: fingers + 1)
        case 15: return .gestureSwipeUpdate(fingers: fingers + 1, delta: delta)
        case 16: return .gestureSwipeEnd(fingers: fingers + 1, cancelled: Bool.random(using: &rng))
        case 17: return .gestureHoldBegin(fingers: fingers)
        case 18: return .gestureHoldEnd(fingers: fingers, cancelled: Bool.random(using: &rng))
        case 19: return .deviceRemoved
        case 20: return .added("mouse", [.pointer])
        default:
            return .pointerScroll(Scroll(source: .continuous, vertical: randomValue(&rng, -5...5), horizontal: nil))
        }
    }

    func testRandomStreamsKeepEveryInvariantInBothModes() throws {
        var eventsChecked = 0
        for seed in 0..<UInt64(500) {
            for mode in DeliveryMode.allCases {
                var rng = SplitMix64(seed: seed)
                let harness = Harness(mode: mode)
                for _ in 0..<Int.random(in: 1...150, using: &rng) {
                    switch Int.random(in: 0..<30, using: &rng) {
                    case 0: harness.requestPointerLock(Bool.random(using: &rng))
                    case 1: harness.updateScene(SceneConditions(isFullScreen: Bool.random(using: &rng)))
                    case 2: harness.reset()
                    case 3: harness.time -= min(harness.time, UInt64.random(in: 0...50_000, using: &rng))
                    default:
                        let kind = randomKind(&rng)
                        let device = Self.devices.randomElement(using: &rng)!
                        harness.send(kind, device: device, dt: UInt64.random(in: 0...200_000, using: &rng))
                    }
                }
                harness.flush()
                harness.reset()
                eventsChecked += harness.events.count
                XCTAssertEqual(harness.allViolations, [], "seed \(seed), \(mode)")
                if mode == .indirectInput {
                    XCTAssertFalse(harness.events.flatMap(\.allTouches).contains(where: \.isSimulated), "seed \(seed)")
                } else {
                    XCTAssertFalse(
                        harness.events.flatMap(\.allTouches).contains { $0.type == .indirectPointer }, "seed \(seed)")
                }
                try stopIfFailed("seed \(seed), \(mode)")
            }
        }
        // The streams must actually exercise the checker, not pass by producing nothing.
        XCTAssertGreaterThan(eventsChecked, 10_000)
    }
}
