import AppEvents
import Foundation
import Gestures
import LibinputEvents
import Synchronization
import Testing
import TouchSynthTesting

/// The testing kit on real replays: its expectations hold where the recognizers did what they
/// say, and where they did not, each records one issue whose message names the recording, the
/// mode and the recognizer, with what it did instead.
struct ModeReplayTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let pinch = fixtures.appendingPathComponent("synthesized/pinch-in.yml").path
    /// A real touchpad's two-finger scroll that libinput reads as a pinch at its end.
    static let scrollEndingInAPinch = fixtures.appendingPathComponent("evemu-devices/touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events").path

    /// libinput's last pinch scale in `events`.
    private func libinputScale(_ events: [LibinputEvent]) -> Double? {
        events.compactMap { if case .gesturePinchEnd(_, let scale, _) = $0.kind { scale } else { nil } }.last
    }

    @Test func aPinchOnTheCanvasIsAPinchInBothModes() throws {
        let replay = try ModeReplay(Self.pinch, surface: .builtIn(.canvas))
        let scale = try #require(libinputScale(replay.events))
        replay.expect("canvas/pinch", .transitions([.began, .changed, .ended]))
        replay.expect("pinch", .scale, equals: scale, within: 0.01)
        replay.expect("rotation", .notActivated)
        replay.expect("twoFingerPan", .failed, in: .compatibility)
        replay.expect("twoFingerPan", .transitions([]), in: .indirectInput)
        replay.expectNoAccidentalActivations()
        replay.expectAccidentalActivations([], in: .compatibility)
        #expect(replay[.compatibility].record("canvas/pinch")?.maxNumberOfTouches == 2)
        #expect(replay[.indirectInput].record("canvas/pinch")?.maxNumberOfTouches == 0)
        #expect(replay[.indirectInput].recognizer("pinch", as: PinchGestureRecognizer.self) != nil)
    }

    @Test func aFailedExpectationNamesTheRecordingTheModeAndWhatTheRecognizerDid() throws {
        let replay = try ModeReplay(Self.pinch, surface: .builtIn(.canvas))
        withKnownIssue {
            replay.expect("pinch", .never(.began), in: .indirectInput)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("pinch-in.yml: indirect: pinch: expected never to enter began; it began, changed ×") }
        }
        withKnownIssue {
            replay.expect("pinch", .scale, equals: 2, within: 0.1, in: .compatibility)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("pinch-in.yml: compat: pinch: scale 0.50") && $0.rawValue.contains("expected 2.0000 ± 0.1000") }
        }
        withKnownIssue {
            replay.expect("swipeBack", .began)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("pinch-in.yml: compat: no recognizer swipeBack on the surface (it has canvas/pinch, ") }
        }
        withKnownIssue {
            replay.expectAccidentalActivations(["canvas/twoFingerPan"], in: .compatibility)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("pinch-in.yml: accidental activations in compat mode only: none, expected canvas/twoFingerPan") }
        }
    }

    /// A failure writes the replay's HTML report and names it, as the attachment a Swift Testing
    /// run saves with `--attachments-path` holds.
    @Test func aFailureCarriesTheReplaysReport() throws {
        let replay = try ModeReplay(Self.pinch, surface: .builtIn(.canvas))
        let report = Mutex<String?>(nil)
        withKnownIssue {
            replay.expect("pinch", .notActivated, in: .compatibility)
        } matching: { issue in
            let path = issue.comments.first?.rawValue.firstMatch(of: /\(report: (.+\.html)\)$/).map { String($0.output.1) }
            report.withLock { $0 = path }
            return path != nil
        }
        let html = try String(contentsOfFile: try #require(report.withLock { $0 }), encoding: .utf8)
        #expect(html.contains("<svg"))
        #expect(html.contains("pinch-in.yml"))
    }

    /// An app's own recognizer, built in Swift, on a surface of its own.
    @Test func aSurfaceBuiltInSwiftTakesTheAppsRecognizers() throws {
        // A photo that pans with two fingers while it zooms: compatibility mode's simulated
        // touches move the pan too, indirect mode's transform events do not.
        let replay = try ModeReplay(Self.scrollEndingInAPinch, surface: .build {
            let pinch = PinchGestureRecognizer(name: "zoom"), pan = PanGestureRecognizer(name: "pan")
            pan.minimumNumberOfTouches = 2
            let surface = Surface(regions: [Region(name: "photo", frame: Rect(x: 0, y: 0, width: 1440, height: 900),
                                                   gestureRecognizers: [pinch, pan])])
            surface.allowSimultaneousRecognition(pinch, pan)
            return surface
        })
        replay.expect("photo/zoom", .ended)
        replay.expect("photo/pan", .activated, in: .compatibility)
        replay.expect("photo/pan", .notActivated, in: .indirectInput)
        replay.expectAccidentalActivations(["photo/pan"], in: .compatibility)
    }

    @Test func aFolderListsItsRecordingsButNotTheirDescriptions() {
        let listed = RecordedDevices.recordings(in: "../Fixtures/evemu-devices").map { ($0 as NSString).lastPathComponent }
        #expect(listed.contains("touchpads_SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events"))
        #expect(!listed.contains { $0.hasSuffix(".desc") })
        #expect(listed == listed.sorted())
    }
}
