import Gestures
import Testing
import TouchSynthTesting
import TestSupport

/// A two-touch swipe recognizer on gestures performed on a real touchpad's description and
/// replayed through real libinput.
struct SwipeReplayTests {
    static let device = Fixtures.devices
        .appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path

    private static func surface() -> SurfaceSource {
        .build {
            let swipe = SwipeGestureRecognizer(name: "swipe")
            swipe.numberOfTouchesRequired = 2
            swipe.direction = [.left, .right]
            return Surface(regions: [
                Region(name: "page", frame: Rect(x: 0, y: 0, width: 1440, height: 900), gestureRecognizers: [swipe])
            ])
        }
    }

    /// A pinch drifting right: compatibility mode's two simulated touches follow it right and swipe
    /// by accident; indirect mode's transform events are no touches.
    @Test func aDriftingPinchSwipesInCompatibilityModeOnly() throws {
        let replay = try ModeReplay(
            script: "pinch scale=1.3 dx=25mm duration=300ms", on: Self.device, surface: Self.surface())
        replay.expect("page/swipe", .transitions([.recognized]), in: .compatibility)
        replay.expect("page/swipe", .transitions([]), in: .indirectInput)
        replay.expectAccidentalActivations(["page/swipe"], in: .compatibility)
    }

    /// Two fingers swiping sideways are scroll events in both modes: no touch swipes.
    @Test func aTwoFingerScrollNeverSwipes() throws {
        let replay = try ModeReplay(
            script: "scroll fingers=2 dx=30mm duration=200ms", on: Self.device, surface: Self.surface())
        replay.expect("page/swipe", .transitions([]))
        replay.expectNoAccidentalActivations()
    }

    /// A click-and-drag flick is a pointer touch in both modes (`direct` in compatibility mode,
    /// `indirectPointer` in indirect mode), and a one-touch swipe takes either.
    @Test func aClickAndDragFlickSwipesInBothModes() throws {
        let surface = SurfaceSource.build {
            Surface(regions: [
                Region(
                    name: "page", frame: Rect(x: 0, y: 0, width: 1440, height: 900),
                    gestureRecognizers: [SwipeGestureRecognizer(name: "swipe")])
            ])
        }
        let replay = try ModeReplay(script: "click dx=30mm duration=150ms", on: Self.device, surface: surface)
        replay.expect("page/swipe", .transitions([.recognized]))
        replay.expectNoAccidentalActivations()
    }
}
