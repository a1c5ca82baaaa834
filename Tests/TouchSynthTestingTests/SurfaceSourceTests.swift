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

/// The surfaces and recordings a test names: folders of recordings, description files and
/// their kinds, paths beside the test, and surfaces built in Swift that a replay refuses.
struct SurfaceSourceTests {
    @Test func aFolderListsItsRecordingsButNotTheirDescriptions() {
        let listed = RecordedDevices.recordings(in: "../Fixtures/evemu-devices").map {
            ($0 as NSString).lastPathComponent
        }
        #expect(listed.contains("touchpads_SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events"))
        #expect(!listed.contains { $0.hasSuffix(".desc") })
        #expect(!listed.contains("README.md") && !listed.contains("LICENSE"), "the folder's papers")
        #expect(listed == listed.sorted())
    }

    /// A folder's papers are no recordings; a folder misspelt, or without a recording, is listed
    /// as itself, so its test's one case fails naming it instead of running none.
    @Test func aFolderOfNoRecordingIsListedAsItselfToFail() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for paper in ["README.md", "LICENSE", "NOTICE.txt"] {
            try "about the recordings\n".write(
                to: folder.appendingPathComponent(paper), atomically: true, encoding: .utf8)
        }
        #expect(RecordedDevices.recordings(in: folder.path) == [folder.path])
        #expect(
            RecordedDevices.recordings(in: "Recordingz").map { ($0 as NSString).lastPathComponent } == ["Recordingz"])
        #expect(throws: (any Error).self) { try ModeReplay(folder.path) }
        try Data().write(to: folder.appendingPathComponent("pinch.yml"))
        #expect(RecordedDevices.recordings(in: folder.path) == [folder.appendingPathComponent("pinch.yml").path])
    }

    /// An app's kind given to one surface file is that surface's alone: the same file loaded
    /// without it fails naming the kind, whichever test loaded it with the kind before.
    @Test func aKindGivenToOneSurfaceIsNotAnothers() throws {
        let file = temporaryPath("own-kind.yml")
        try "regions: [{name: photo, frame: [0, 0, 1440, 900], recognizers: [{kind: squeeze}]}]\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let own = try SurfaceSource.file(file, kinds: [SqueezeKind.self])
        let replay = try ModeReplay(ModeReplayTests.pinch, surface: own)
        #expect(replay[.compatibility].record("photo/squeeze") != nil)
        let unknown = #expect(throws: RecordingError.self) { try SurfaceSource.file(file) }
        #expect(
            unknown?.message.hasSuffix(
                "no recognizer of kind squeeze (known: pinch, rotation, pan, hover, tap, longPress, swipe, "
                    + "contextMenu, drag, multiSelect); give an app's own kind to SurfaceSource.file as kinds: "
                    + "[MyKind.self]") == true,
            "\(String(describing: unknown))")
        #expect(RecognizerKinds.named(SqueezeKind.kind) == nil)
        // A kind misspelt beside it is told with the kinds known there, the surface's own among them.
        try "regions: [{name: photo, frame: [0, 0, 1440, 900], recognizers: [{kind: squeeze}, {kind: sqeeze}]}]\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let misspelt = #expect(throws: RecordingError.self) { try SurfaceSource.file(file, kinds: [SqueezeKind.self]) }
        #expect(misspelt?.description.contains("multiSelect, squeeze)") == true, "\(String(describing: misspelt))")
    }

    /// Paths a test names are read from its own directory, whatever the current one: the
    /// recording, its device description and the surface file.
    @Test func relativePathsAreReadFromTheTestFilesDirectory() throws {
        let replay = try ModeReplay(
            "../Fixtures/formats/two-finger-scroll.events-only.evemu",
            description: "../Fixtures/evemu-devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc",
            surface: .file("../Fixtures/pointer/surface.yml"))
        let description = try RecordingLoader.load(
            Fixtures.evemu.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path)
        #expect(replay.recording.device.name == description.device.name)
        #expect(replay.recording.notes.isEmpty)
        #expect(replay[.compatibility].surface.records.contains { $0.region == "button" })
        let here = (("\(#filePath)" as NSString).deletingLastPathComponent as NSString)
        // A relative path that finds nothing says where it was read from, whatever the current directory.
        let missing = #expect(throws: RecordingError.self) { try ModeReplay("Recordings/none.yml") }
        #expect(
            missing?.description
                == here.appendingPathComponent("Recordings/none.yml")
                + ": no such file (a relative path is read from the test file's directory)")
        let surface = #expect(throws: RecordingError.self) { try SurfaceSource.file("none.yml") }
        #expect(surface?.message.hasSuffix("(a relative path is read from the test file's directory)") == true)
        let absolute = #expect(throws: RecordingError.self) { try ModeReplay("/nonexistent/none.yml") }
        #expect(absolute?.message.contains("test file's directory") == false)
    }

    /// A surface, or a region, made once and returned for both modes would take both modes'
    /// events: refused, naming the recording and saying each call must build a fresh one.
    @Test func aSurfaceOrRegionReturnedForBothModesIsRefused() {
        let page = Surface(regions: [
            Region(
                name: "photo", frame: Rect(x: 0, y: 0, width: 1440, height: 900),
                gestureRecognizers: [PinchGestureRecognizer(name: "zoom")])
        ])
        let photo = Region(name: "photo", frame: Rect(x: 0, y: 0, width: 1440, height: 900))
        for source in [SurfaceSource.build { page }, .build { Surface(regions: [photo]) }] {
            let error = #expect(throws: SurfaceReused.self) { try ModeReplay(ModeReplayTests.pinch, surface: source) }
            #expect(error?.description.hasPrefix("pinch-in.yml: the surface's closure returned") == true)
            #expect(error?.description.contains("each call must build a fresh one") == true)
        }
    }

    /// A region whose frame nothing could hit-test (not a number, a negative size) is the test's
    /// mistake, said before any replay with the recording's name: otherwise its recognizers stay
    /// silent and the input is blamed.
    @Test(arguments: [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: -1, height: 10)])
    func aRegionWithAFrameNothingCanHitIsRefused(frame: Rect) {
        let source = SurfaceSource.build { Surface(regions: [Region(name: "photo", frame: frame)]) }
        let error = #expect(throws: BadConfiguration.self) { try ModeReplay(ModeReplayTests.pinch, surface: source) }
        #expect(error?.recording == "pinch-in.yml")
        #expect(error?.description.hasPrefix("pinch-in.yml: region photo's frame ") == true)
    }

    /// A name alone that two regions have names neither: the failure lists both paths.
    @Test func aNameTwoRegionsHaveIsRefusedWithBothPaths() throws {
        let replay = try ModeReplay(
            ModeReplayTests.pinch,
            surface: .build {
                Surface(regions: [
                    Region(
                        name: "left", frame: Rect(x: 0, y: 0, width: 720, height: 900),
                        gestureRecognizers: [PanGestureRecognizer(name: "scroll")]),
                    Region(
                        name: "right", frame: Rect(x: 720, y: 0, width: 720, height: 900),
                        gestureRecognizers: [PanGestureRecognizer(name: "scroll")]),
                ])
            })
        #expect(replay[.compatibility].record("scroll") == nil)
        #expect(replay[.compatibility].record("right/scroll") != nil)
        withKnownIssue {
            replay.expect("scroll", .notActivated, in: .compatibility)
        } matching: { issue in
            message(of: issue).hasPrefix(
                "pinch-in.yml: compat: scroll names 2 recognizers, left/scroll, right/scroll; name one as region/name")
        }
    }
}

/// An app's own kind, for ``SurfaceSourceTests/aKindGivenToOneSurfaceIsNotAnothers()``: a pinch by
/// another name.
private struct SqueezeKind: RecognizerKind {
    static let kind = GestureKind("squeeze")

    static func make(named name: String, options: NoOptions) throws(InvalidOption) -> GestureRecognizer {
        PinchGestureRecognizer(name: name)
    }
}
