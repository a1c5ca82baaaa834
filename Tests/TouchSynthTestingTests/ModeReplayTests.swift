import AppEvents
import Foundation
import Gestures
import LibinputEvents
import Recordings
import SurfaceDescriptions
import Synchronization
import Testing
import TouchSynthTesting
import TestSupport

/// The testing kit on real replays: its expectations hold where the recognizers did what they
/// say, and where they did not, each records one issue whose message names the recording, the
/// mode and the recognizer, with what it did instead.
struct ModeReplayTests {
    static let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
    /// A real touchpad's two-finger scroll that libinput reads as a pinch at its end.
    static let scrollEndingInAPinch = Fixtures.evemu
        .appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events").path

    /// libinput's last pinch scale in `events`.
    private func libinputScale(_ events: [LibinputEvent]) -> Double? {
        events.compactMap { if case .gesturePinchEnd(_, let scale, _) = $0.kind { scale } else { nil } }.last
    }

    /// A script performed on a description beside the tests: only the pinch libinput sees (2.0,
    /// not 1.05, which stays under its threshold) zooms the photo, and a failure names the script.
    @Test(arguments: [1.05, 2.0])
    func aScriptIsPerformedOnADescriptionAndReplayed(_ scale: Double) throws {
        let script = "pinch scale=\(scale) duration=400ms"
        let replay = try ModeReplay(
            script: script, on: "../Fixtures/devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc",
            surface: .builtIn(.photos))
        #expect(replay.name == script)
        replay.expect("photo/pinch", scale > 1.1 ? .activated : .notActivated, in: .both)
        withKnownIssue {
            replay.expect("photo/pinch", scale > 1.1 ? .notActivated : .activated, in: .indirectInput)
        } matching: {
            message(of: $0).hasPrefix("\(script): indirect: photo/pinch: expected")
        }
    }

    /// A pointer started over the left half scrolls the left view, where one at the screen's
    /// centre (the default) scrolls the right; a start no translator takes is an error, not a trap.
    @Test func thePointerStartsWhereTheTestPutsIt() throws {
        let halves = SurfaceSource.build {
            Surface(
                regions: ["left", "right"].enumerated().map { index, name in
                    let pan = PanGestureRecognizer(name: "pan")
                    pan.allowedScrollTypesMask = .all
                    return Region(
                        name: name, frame: Rect(x: Double(index) * 720, y: 0, width: 720, height: 900),
                        gestureRecognizers: [pan])
                })
        }
        let scroll = Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path
        let centre = try ModeReplay(scroll, surface: halves)
        let left = try ModeReplay(scroll, surface: halves.pointer(startingAt: Point(x: 100, y: 450)))
        centre.expect("right/pan", .activated, in: Modes(.indirectInput))
        centre.expect("left/pan", .notActivated, in: Modes(.indirectInput))
        left.expect("left/pan", .activated, in: Modes(.indirectInput))
        left.expect("right/pan", .notActivated, in: Modes(.indirectInput))
        #expect(throws: BadConfiguration.self) {
            try ModeReplay(scroll, surface: halves.pointer(startingAt: Point(x: .nan, y: 0)))
        }
    }

    /// The recording a script makes, taken apart from its replay and cut, is what
    /// ``ModeReplay/init(script:on:surface:options:relativeTo:)`` replays: its description read
    /// beside the test, not from the current directory.
    @Test func aScriptsRecordingCanBeTakenAndCut() throws {
        let asus = "../Fixtures/devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"
        let script = "pinch scale=2 duration=400ms; pause 200ms; move dx=20mm"
        let recording = try ModeReplay.recording(script: script, on: asus)
        let whole = try ModeReplay(recording, named: "whole")
        #expect(whole.events == (try ModeReplay(script: script, on: asus)).events)
        let pinchOnly = try ModeReplay(try recording.cut(from: nil, to: 0.5, file: "script"), named: "cut")
        #expect(whole.events.contains { $0.typeName == "POINTER_MOTION" })
        #expect(!pinchOnly.events.contains { $0.typeName == "POINTER_MOTION" })
        #expect(pinchOnly.events.contains { $0.typeName == "GESTURE_PINCH_END" })
    }

    /// An app asking for the pointer lock gets it with the first event in both modes, then
    /// relative motion where an unlocked pointer hovers, as `compare --pointer-lock`.
    @Test func anAppRequestingThePointerLockGetsRelativeMotion() throws {
        let path = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.leftmove.events").path
        let locked = try ModeReplay(path, surface: SurfaceSource.default.requestingPointerLock())
        let free = try ModeReplay(path)
        for mode in DeliveryMode.allCases {
            #expect(locked[mode].appEvents.first?.payload == .pointerLock(isLocked: true))
            #expect(locked[mode].appEvents.contains { $0.type == .relativeMotion })
            #expect(!locked[mode].appEvents.contains { $0.type == .hover })
            #expect(!free[mode].appEvents.contains { $0.type == .relativeMotion })
        }
        #expect(free[.indirectInput].appEvents.contains { $0.type == .hover })
        // A scene that refuses the lock: no lock event, and the pointer hovers as when free.
        let refused = try ModeReplay(path, surface: SurfaceSource.default.requestingPointerLock(policy: .never))
        for mode in DeliveryMode.allCases {
            #expect(!refused[mode].appEvents.contains { $0.type == .pointerLock || $0.type == .relativeMotion })
        }
        #expect(refused[.indirectInput].appEvents.contains { $0.type == .hover })
    }

    @Test func aPinchOnTheCanvasIsAPinchInBothModes() throws {
        let replay = try ModeReplay(Self.pinch, surface: .builtIn(.canvas))
        let scale = try #require(libinputScale(replay.events))
        replay.expect("canvas/pinch", .transitions([.began, .changed, .ended]))
        replay.expect("canvas/pinch", .activations(1))
        replay.expect("pinch", .scale, equals: scale, within: 0.01)
        replay.expectAlike("pinch", .scale, within: 0.02)
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
            replay.expect("pinch", .activations(2), in: .indirectInput)
        } matching: { issue in
            message(of: issue).hasPrefix(
                "pinch-in.yml: indirect: pinch: expected to have begun or been recognized 2 times; it activated once; "
                    + "its states: began")
        }
        // UIKit's .recognized is .ended: a record tells them apart, and the failure says which to expect.
        withKnownIssue {
            replay.expect("pinch", .recognized, in: .indirectInput)
        } matching: { issue in
            message(of: issue).hasPrefix(
                "pinch-in.yml: indirect: pinch: expected to enter recognized; it is continuous, so it ended (UIKit's "
                    + ".recognized is .ended): expect .ended; its states: began")
        }
        withKnownIssue {
            replay.expectAlike("twoFingerPan", .translationX, within: 1)
        } matching: { issue in
            message(of: issue).contains(": twoFingerPan: no translation x, as it never began")
        }
        // The horizontal scroll ends in a pinch, whose simulated touches stop the photo's pan in
        // compat mode short of where the scroll events take it in indirect mode.
        let scrolled = try ModeReplay(Self.scrollEndingInAPinch, surface: .builtIn(.photos))
        let panned = DeliveryMode.allCases.compactMap { scrolled[$0].record("photo/pan")?.finalValues?.translation?.x }
        let apart = try #require(panned.count == 2 ? abs(panned[0] - panned[1]) : nil)
        try #require(apart > 1)
        scrolled.expectAlike("photo/pan", .translationX, within: apart)
        // Compat mode's pan began three times: its value is said to be the last one's.
        let times = try #require(scrolled[.compatibility].record("photo/pan")?.activationTimes.count)
        try #require(times > 1)
        withKnownIssue {
            scrolled.expectAlike("photo/pan", .translationX, within: apart / 2)
        } matching: { issue in
            message(of: issue).contains(": photo/pan: translation x ")
                && message(of: issue).contains(" in compat (the value its last activation of \(times) left), ")
                && message(of: issue).contains(" in indirect, expected")
        }
        // A count that can never hold is said as such; starts asked of a kind that records none, too.
        withKnownIssue {
            replay.expect("pinch", .activations(-1))
        } matching: { issue in
            message(of: issue).hasPrefix("pinch-in.yml: pinch: .activations(-1) can never hold: give 0 or more")
        }
        withKnownIssue {
            replay.expectStarts(of: "pinch", [.longPress], in: .indirectInput)
        } matching: { issue in
            message(of: issue).contains("expected longPress (a pinch records no starts: contextMenu and drag do)")
        }
        withKnownIssue {
            replay.expect("pinch", .never(.began), in: .indirectInput)
        } matching: { issue in
            let told = message(of: issue)
            return told.hasPrefix("pinch-in.yml: indirect: pinch: expected never to enter began; its states: began ")
                && told.contains(/, changed ×[0-9]+ from [0-9.]+s, ended [0-9.]+s \(a run of changed is one state/)
        }
        withKnownIssue {
            replay.expect("pinch", .scale, equals: 2, within: 0.1, in: .compatibility)
        } matching: { issue in
            message(of: issue).hasPrefix("pinch-in.yml: compat: pinch: scale 0.50")
                && message(of: issue).contains("expected 2.0000 ± 0.1000")
        }
        withKnownIssue {
            replay.expect("swipeBack", .began)
        } matching: { issue in
            message(of: issue).hasPrefix(
                "pinch-in.yml: compat: no recognizer swipeBack on the surface "
                    + "(it has canvas/pinch, ")
        }
        withKnownIssue {
            replay.expectAccidentalActivations(["canvas/twoFingerPan"], in: .compatibility)
        } matching: { issue in
            // What it did instead: the canvas's two-finger pan never began on a pinch, in either mode.
            message(of: issue).hasPrefix(
                "pinch-in.yml: accidental activations in compat mode: none, expected canvas/twoFingerPan; "
                    + "canvas/twoFingerPan activated in compat never and in indirect never")
        }
        // One set off by the simulated touches is told with when.
        let list = try ModeReplay(Self.scrollEndingInAPinch, surface: .builtIn(.list))
        withKnownIssue {
            list.expectNoAccidentalActivations()
        } matching: { issue in
            message(of: issue).contains(
                /list\/swipeActions in compat mode \(1 set off by simulated touches, at [0-9.]+s\)/)
        }
    }

    /// A lookup that must find its recognizer throws why it found none, as an expectation says it,
    /// where the optional lookup gives nil alone.
    @Test func aRequiredLookupSaysWhyItFoundNone() throws {
        let replay = try ModeReplay(Self.pinch, surface: .builtIn(.canvas))
        #expect(try replay[.indirectInput].requireRecord("canvas/pinch").maxNumberOfTouches == 0)
        #expect(try replay[.indirectInput].requireRecognizer("pinch", as: PinchGestureRecognizer.self).name == "pinch")
        let missing = #expect(throws: RecognizerNotFound.self) { try replay[.compatibility].requireRecord("swipeBack") }
        #expect(
            missing?.description.hasPrefix("compat: no recognizer swipeBack on the surface (it has canvas/pinch, ")
                == true)
        let wrong = #expect(throws: RecognizerNotFound.self) {
            try replay[.compatibility].requireRecognizer("pinch", as: PanGestureRecognizer.self)
        }
        #expect(wrong?.problem == "pinch is a PinchGestureRecognizer, not a PanGestureRecognizer")
    }

    /// The report a failure wrote, as its message names it.
    private func failingReport(_ expectation: () -> Void) -> String? {
        let report = Mutex<String?>(nil)
        withKnownIssue {
            expectation()
        } matching: { issue in
            let failure = issue.error as? ExpectationFailure
            report.withLock { $0 = failure?.reportPath }
            return failure.map { $0.message.hasSuffix(" (report: \($0.reportPath ?? "none"))") } ?? false
        }
        return report.withLock { $0 }
    }

    /// A failure writes the replay's HTML report and names it, as the attachment a Swift Testing
    /// run saves with `--attachments-path` holds.
    @Test func aFailureCarriesTheReplaysReport() throws {
        let replay = try ModeReplay(Self.pinch, surface: .builtIn(.canvas))
        let report = try #require(failingReport { replay.expect("pinch", .notActivated, in: .compatibility) })
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains("<svg"))
        #expect(html.contains("pinch-in.yml"))
    }

    /// Each test's failures write their own report, in a directory of the test process's own:
    /// tests running at once never write over each other's. A replay's later failures in one test
    /// name the same file; the same recording replayed again in that test gets a file of its own.
    @Test func eachTestAndReplayHasItsOwnReportFile() throws {
        let replay = try ModeReplay(Self.pinch, surface: .builtIn(.canvas))
        let again = try ModeReplay(Self.pinch, surface: .builtIn(.list))
        let failingLine = #line + 1
        let first = try #require(failingReport { replay.expect("pinch", .notActivated, in: .compatibility) })
        let second = try #require(failingReport { replay.expect("pinch", .never(.ended), in: .indirectInput) })
        let otherTest = try #require(failingReport { replay.expect("pinch", .notActivated, function: "anotherTest()") })
        let otherReplay = try #require(failingReport { again.expect("list/none", .began, in: .compatibility) })
        #expect(first == second)
        #expect(Set([first, otherTest, otherReplay]).count == 3)
        let name = (first as NSString).lastPathComponent
        #expect(name.hasPrefix("ModeReplayTests.eachTestAndReplayHasItsOwnReportFile-pinch-in.yml"))
        #expect((otherTest as NSString).lastPathComponent.hasPrefix("ModeReplayTests.anotherTest-pinch-in.yml"))
        #expect((otherReplay as NSString).lastPathComponent == (name as NSString).deletingPathExtension + "-2.html")
        let directories = Set([first, otherTest, otherReplay].map { ($0 as NSString).deletingLastPathComponent })
        #expect(directories.count == 1)
        #expect(directories.first.map { ($0 as NSString).lastPathComponent.hasPrefix("touchsynth-reports-") } == true)
        // Each report draws its own surface's recognizers, named region/name.
        let list = try #require(again[.compatibility].surface.records.first.map { "\($0.region)/\($0.name)" })
        #expect(try String(contentsOfFile: otherReplay, encoding: .utf8).contains(list))
        #expect(try !String(contentsOfFile: first, encoding: .utf8).contains(list))
        // Each says, under its title, the failure it was written for: the test, its line, the message.
        #expect(
            try String(contentsOfFile: first, encoding: .utf8).contains(
                "<strong>Test failure:</strong> ModeReplayTests.eachTestAndReplayHasItsOwnReportFile "
                    + "(TouchSynthTestingTests/ModeReplayTests.swift:\(failingLine)): pinch-in.yml: compat: pinch: "
                    + "expected"
            ))
    }

    /// A region on top of a recognizer's takes the input where it lies: a failure that nothing
    /// activated says where the input began instead, so that a test that misplaced its regions
    /// learns why.
    @Test func aRecognizerUnderAnotherRegionIsToldWhereTheInputWent() throws {
        let covered = SurfaceSource.build {
            Surface(regions: [
                Region(
                    name: "photo", frame: Rect(x: 0, y: 0, width: 1440, height: 900),
                    gestureRecognizers: [PinchGestureRecognizer(name: "zoom")]),
                Region(name: "strip", frame: Rect(x: 0, y: 0, width: 1440, height: 900)),
            ])
        }
        let replay = try ModeReplay(Self.pinch, surface: covered)
        for (mode, over) in [(DeliveryMode.indirectInput, "strip"), (.compatibility, "strip ×2")] {
            withKnownIssue {
                replay.expect("photo/zoom", .activated, in: Modes(mode))
            } matching: { issue in
                message(of: issue).contains("; the input began over \(over), never over photo")
            }
        }
        // Uncovered, the input reaches its region; a pan there takes no transform, and nothing is
        // said of where the input began.
        let uncovered = try ModeReplay(
            Self.pinch,
            surface: .build {
                Surface(regions: [
                    Region(
                        name: "photo", frame: Rect(x: 0, y: 0, width: 1440, height: 900),
                        gestureRecognizers: [PanGestureRecognizer(name: "pan")])
                ])
            })
        withKnownIssue {
            uncovered.expect("photo/pan", .activated, in: .indirectInput)
        } matching: { issue in
            message(of: issue).contains("it never changed state") && !message(of: issue).contains("input began")
        }
    }

    /// A pinch and a pan built in Swift compete for compatibility mode's simulated touches: the
    /// pinch begins first and the pan fails, and the failure of an expectation that the pan
    /// activate says so, with the way to let both recognize.
    @Test func aRecognizerThatLostArbitrationIsToldWhoWon() throws {
        func photo(panRequiresPinchToFail: Bool) -> SurfaceSource {
            .build {
                let pinch = PinchGestureRecognizer(name: "zoom"), pan = PanGestureRecognizer(name: "pan")
                pan.minimumNumberOfTouches = 2
                if panRequiresPinchToFail { pan.require(toFail: pinch) }
                return Surface(regions: [
                    Region(
                        name: "photo", frame: Rect(x: 0, y: 0, width: 1440, height: 900),
                        gestureRecognizers: [pinch, pan])
                ])
            }
        }
        let competing = try ModeReplay(Self.scrollEndingInAPinch, surface: photo(panRequiresPinchToFail: false))
        let losses = try #require(competing[.compatibility].record("photo/pan")?.arbitrationLosses)
        #expect(!losses.isEmpty && losses.allSatisfy { $0.region == "photo" && $0.name == "zoom" && !$0.required })
        withKnownIssue {
            competing.expect("photo/pan", .activated, in: .compatibility)
        } matching: { issue in
            let text = message(of: issue)
            return text.contains(": compat: photo/pan: expected to have begun or been recognized; its states: failed")
                && text.contains("; it lost arbitration to photo/zoom")
                && text.contains(
                    "(both took the same input; Surface.allowSimultaneousRecognition or a delegate "
                        + "lets both recognize)")
        }
        let requiring = try ModeReplay(Self.scrollEndingInAPinch, surface: photo(panRequiresPinchToFail: true))
        withKnownIssue {
            requiring.expect("photo/pan", .activated, in: .compatibility)
        } matching: { issue in
            message(of: issue).contains("; it lost arbitration to photo/zoom")
                && message(of: issue).contains("(it requires that one to fail)")
        }
    }

    /// An app's own recognizer, built in Swift, on a surface of its own.
    @Test func aSurfaceBuiltInSwiftTakesTheAppsRecognizers() throws {
        // A photo that pans with two fingers while it zooms: compatibility mode's simulated
        // touches move the pan too, indirect mode's transform events do not.
        let replay = try ModeReplay(Self.scrollEndingInAPinch, surface: Self.photoPanningWhileItZooms)
        replay.expect("photo/zoom", .ended)
        replay.expect("photo/pan", .activated, in: .compatibility)
        replay.expect("photo/pan", .notActivated, in: .indirectInput)
        replay.expectAccidentalActivations(["photo/pan"], in: .compatibility)
    }

    /// A photo that pans with two fingers while it zooms.
    static var photoPanningWhileItZooms: SurfaceSource {
        .build {
            let pinch = PinchGestureRecognizer(name: "zoom"), pan = PanGestureRecognizer(name: "pan")
            pan.minimumNumberOfTouches = 2
            let surface = Surface(regions: [
                Region(
                    name: "photo", frame: Rect(x: 0, y: 0, width: 1440, height: 900), gestureRecognizers: [pinch, pan])
            ])
            surface.allowSimultaneousRecognition(pinch, pan)
            return surface
        }
    }

    /// A log read without its device description gets one inferred; a failure says so, whole (the
    /// guessed pad's size is often the cause), and the snapshot keeps the note, so that a guessed
    /// device is never silent.
    @Test func aFailureAndASnapshotTellWhatReadingTheRecordingGuessed() throws {
        let replay = try ModeReplay("../Fixtures/formats/two-finger-scroll.events-only.evemu")
        let note = try #require(replay.recording.notes.first)
        #expect(note.hasPrefix("no device description, so one was inferred from the 626 events: "))
        let shown = "; read with notes: \(replay.recording.notes.joined(separator: "; ")) (report: "
        withKnownIssue {
            replay.expect("list/select", .activated, in: Modes(.compatibility))
        } matching: { issue in
            message(of: issue).contains(shown)
        }
        #expect(replay.snapshotText.contains("\n# note: \(note)\n"))
    }

    /// A script's statement that libinput made another gesture of is said with a failure: a pinch
    /// under libinput's threshold is a hold.
    @Test func aFailureTellsWhatLibinputMadeOfAScriptOtherwise() throws {
        let replay = try ModeReplay(
            script: "pinch scale=1.05",
            on: "../Fixtures/devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc", surface: .builtIn(.photos))
        withKnownIssue {
            replay.expect("photo/pinch", .activated, in: Modes(.indirectInput))
        } matching: { issue in
            message(of: issue).contains(
                "; libinput made otherwise: line 1 asked a 2-finger pinch ×1.05; libinput made a 2-finger "
                    + "hold (cancelled)")
        }
    }

    /// A region of the surface file that nothing on the screen reaches is said with a failure, as
    /// `compare` warns of it: an expectation on it fails for the file, not for libinput.
    @Test func aFailureTellsOfARegionOffTheScreen() throws {
        let file = temporaryPath("off-screen.yml")
        try "regions: [{name: photo, frame: [1500, 0, 1440, 900], recognizers: [{kind: pinch}]}]\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let replay = try ModeReplay(Self.pinch, surface: .file(file))
        withKnownIssue {
            replay.expect("photo/pinch", .activated, in: Modes(.compatibility))
        } matching: { issue in
            message(of: issue).contains(
                "; read with notes: region photo lies off the 1440x900 screen: nothing there reaches it")
        }
    }

    /// A value the recognizer's kind does not report is told as such, not as a gesture that never
    /// began; one that never changed state is told with what libinput sent, and which recognizers
    /// took it instead.
    @Test func aMissingValueOrStateChangeSaysWhy() throws {
        let replay = try ModeReplay(Self.pinch, surface: .builtIn(.canvas))
        withKnownIssue {
            replay.expect("canvas/pinch", .translationX, equals: 0, within: 1, in: .compatibility)
        } matching: { issue in
            message(of: issue).hasPrefix(
                "pinch-in.yml: compat: canvas/pinch: it reports no translation x (its kind, "
                    + "pinch, reports scale")
        }
        var counts: [String: Int] = [:]
        for event in replay.events where !event.typeName.hasPrefix("DEVICE_") {
            counts[event.typeName, default: 0] += 1
        }
        let updates = try #require(counts["GESTURE_PINCH_UPDATE"])
        withKnownIssue {
            replay.expect("twoFingerPan", .activated, in: .indirectInput)
        } matching: { issue in
            message(of: issue).contains(
                "indirect: twoFingerPan: expected to have begun or been recognized; it never changed state; "
                    + "libinput sent \(updates) GESTURE_PINCH_UPDATE, ")
                && message(of: issue).contains("1 GESTURE_PINCH_BEGIN")
                // Where the pinch went instead: the recognizers of this mode that did change state.
                && message(of: issue).contains("; canvas/pinch activated instead")
        }
        // A recognizer that failed by its own rules is told which rule and what it followed as it
        // failed: a one-finger pan, the pinch's two simulated touches.
        let oneFinger = SurfaceSource.build {
            let pan = PanGestureRecognizer(name: "draw")
            pan.maximumNumberOfTouches = 1
            return Surface(regions: [
                Region(name: "board", frame: Rect(x: 0, y: 0, width: 1440, height: 900), gestureRecognizers: [pan])
            ])
        }
        let drawn = try ModeReplay(Self.pinch, surface: oneFinger)
        withKnownIssue {
            drawn.expect("board/draw", .activated, in: .compatibility)
        } matching: { issue in
            message(of: issue).contains(
                "(by its own rules: 2 touches, more than the 1 it takes; no other recognizer won over it; it followed "
                    + "2 touches, both simulated, as it failed)")
        }
    }

    /// A pan left at UIKit's default scroll mask takes none of indirect mode's scroll events: the
    /// failure says so, and how to let it.
    @Test func aPanWithoutScrollTypesIsToldWhyScrollingMissedIt() throws {
        let page = SurfaceSource.build {
            Surface(regions: [
                Region(
                    name: "photo", frame: Rect(x: 0, y: 0, width: 1440, height: 900),
                    gestureRecognizers: [PanGestureRecognizer(name: "pan")])
            ])
        }
        let replay = try ModeReplay(
            Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path, surface: page)
        withKnownIssue {
            replay.expect("photo/pan", .activated, in: Modes(.indirectInput))
        } matching: { issue in
            message(of: issue).contains(
                "it never changed state; libinput sent 97 POINTER_SCROLL_FINGER, ")
                && message(of: issue).contains(
                    "; its allowedScrollTypesMask is empty, as UIKit's default is, so it takes no scroll events "
                        + "(set it to .all, as a scroll view's pan is)")
        }
        // The second pan of a region is told of its own mask, not the first's.
        let two = SurfaceSource.build {
            let scrolling = PanGestureRecognizer(name: "pan")
            scrolling.allowedScrollTypesMask = .all
            return Surface(regions: [
                Region(
                    name: "photo", frame: Rect(x: 0, y: 0, width: 1440, height: 900),
                    gestureRecognizers: [scrolling, PanGestureRecognizer(name: "pan")])
            ])
        }
        let second = try ModeReplay(
            Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path, surface: two)
        withKnownIssue {
            second.expect("photo/pan#2", .activated, in: Modes(.indirectInput))
        } matching: { issue in
            message(of: issue).contains("photo/pan#2: expected")
                && message(of: issue).contains("allowedScrollTypesMask")
        }
    }

    /// A value a recognizer left after several activations is the last one's, which the failure
    /// says; a tolerance below 0 holds nothing, and is told as such.
    @Test func aValueOfSeveralActivationsIsSaidToBeTheLasts() throws {
        let replay = try ModeReplay(Self.scrollEndingInAPinch, surface: Self.photoPanningWhileItZooms)
        let count = try #require(replay[.compatibility].record("photo/pan")?.activationTimes.count)
        try #require(count > 1)
        withKnownIssue {
            replay.expect("photo/pan", .translationX, equals: -1e6, within: 1, in: Modes(.compatibility))
        } matching: { issue in
            message(of: issue).contains("± 1.0000 (the value its last activation of \(count) left) (report: ")
        }
        let name = replay.name
        withKnownIssue {
            replay.expect("photo/pan", .translationX, equals: 0, within: -1)
        } matching: { issue in
            message(of: issue).hasPrefix("\(name): a tolerance of -1.0: give 0 or more (report: ")
        }
    }

    /// Accidental activations over both modes: those of either mode alone.
    @Test func accidentalActivationsInEitherMode() throws {
        let replay = try ModeReplay(Self.scrollEndingInAPinch, surface: Self.photoPanningWhileItZooms)
        let all = Set(replay.comparison.accidentalActivations.map { "\($0.region)/\($0.name)" })
        #expect(!all.isEmpty)
        replay.expectAccidentalActivations(all, in: .both)
        let name = replay.name
        // Each activation not expected is told with its cause, when and where, as compare tells it.
        withKnownIssue {
            replay.expectAccidentalActivations([], in: .both)
        } matching: { issue in
            message(of: issue).hasPrefix("\(name): accidental activations in either mode: photo/pan, expected none; ")
                && message(of: issue).contains(
                    "; photo/pan began twice in compat mode (key NO) and never in indirect mode (key YES): pinches' "
                        + "simulated touches set it off at 1.407s, from touches down at ")
        }
        // Named as every check names them: a name one region alone has, and a typo told as one.
        let names = Set(replay.comparison.accidentalActivations.map(\.name))
        #expect(replay.expectAccidentalActivations(names, in: .compatibility))
        // Compatibility mode, the one that can have any, unless told.
        #expect(replay.expectAccidentalActivations(names))
        withKnownIssue {
            replay.expectAccidentalActivations(["photo/pann"], in: .compatibility)
        } matching: { issue in
            message(of: issue).hasPrefix("\(name): compat: no recognizer photo/pann on the surface (it has ")
                && message(of: issue).contains("); did you mean photo/pan?")
        }
    }
}
