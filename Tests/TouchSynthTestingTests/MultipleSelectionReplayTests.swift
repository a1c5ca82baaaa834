import GestureSynthesis
import Recordings
import SurfaceDescriptions
import Testing
import TouchSynthTesting
import TestSupport

/// The list's two-finger multi-select pan on gestures performed on a real touchpad's description
/// and replayed through real libinput: the pointer is first moved over the list (its left third).
struct MultipleSelectionReplayTests {
    static let device = Fixtures.devices
        .appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path

    private func performed(_ script: String) throws -> Recording {
        let description = try RecordingLoader.load(Self.device).device
        return try GestureSynthesizer.synthesize(
            try GestureScript.parse(script, file: "script"), on: description, file: "script")
    }

    /// A pinch drifting down over the list: compatibility mode's two simulated touches pan down
    /// over the rows and select them; indirect mode's transform events are no touches.
    @Test func aPinchOverTheListSelectsRowsInCompatibilityModeOnly() throws {
        let replay = try ModeReplay(
            try performed("move dx=-40mm duration=400ms; pinch scale=1.8 dy=6mm"), named: "pinch over the list",
            surface: .builtIn(.list))
        replay.expect("list/multiSelect", .transitions([.began, .changed, .ended]), in: .compatibility)
        replay.expect("list/multiSelect", .transitions([]), in: .indirectInput)
        replay.expectAccidentalActivations(["list/multiSelect"], in: .compatibility)
        let rows = replay[.compatibility].record("list/multiSelect")?.finalValues?["selectedRows"]
        guard case .rows(let selected)? = rows else {
            Issue.record("no selected rows: \(String(describing: rows))")
            return
        }
        #expect(selected.count >= 2, "the touches crossed rows: \(selected)")
    }

    /// Two fingers scrolling down over the list are scroll events in both modes: the list
    /// scrolls, and selection never begins.
    @Test func aTwoFingerScrollOverTheListNeverSelects() throws {
        let replay = try ModeReplay(
            try performed("move dx=-40mm duration=400ms; scroll fingers=2 dy=25mm"), named: "scroll over the list",
            surface: .builtIn(.list))
        replay.expect("list/scroll", .transitions([.began, .changed, .ended]))
        replay.expect("list/multiSelect", .transitions([]))
        replay.expectNoAccidentalActivations()
    }

    /// A list that does not opt in (`shouldBeginMultipleSelectionInteraction` false) never selects.
    @Test func withoutTheOptInNothingSelects() throws {
        var list = BuiltInScreen.list.description()
        var options = MultiSelectKind.Options()
        options.shouldBeginMultipleSelectionInteraction = false
        let index = try #require(list.regions[0].recognizers.firstIndex { $0.kind == .multiSelect })
        list.regions[0].recognizers[index] = RecognizerDescription(MultiSelectKind.self, options: options)
        let replay = try ModeReplay(
            try performed("move dx=-40mm duration=400ms; pinch scale=1.8 dy=6mm"), named: "pinch over the list",
            surface: .description(list))
        replay.expect("list/multiSelect", .notActivated)
        replay.expectAccidentalActivations([], in: .compatibility)
    }
}
