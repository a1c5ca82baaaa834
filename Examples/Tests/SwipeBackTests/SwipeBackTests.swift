import SurfaceDescriptions
import SwipeBack
import Testing
import TouchSynthTesting

/// The swipe back on recorded touchpads, replayed through real libinput and delivered in both
/// UIKit modes (Swift Testing).
struct SwipeBackTests {
    private let page = SurfaceSource.build(swipeBackPage)

    /// Two fingers scrolling right on a real HP 8470p touchpad swipe back once in either mode. In
    /// indirect input mode the scroll events drive the pan; in compatibility mode libinput's
    /// reading of the fingers as small pinches becomes two simulated touches, which set the pan
    /// off again without moving it far enough right to swipe back a second time.
    @Test func scrollingRightSwipesBackOnceInEitherMode() throws {
        let replay = try ModeReplay("Recordings/hp8470p.two-finger-scroll-right.events", surface: page)
        for mode in DeliveryMode.allCases {
            // requireRecognizer throws, saying why, where recognizer(_:as:) would give nil.
            #expect(try replay[mode].requireRecognizer("swipeBack", as: SwipeBack.self).swipes == 1, "\(mode)")
        }
        replay.expect("page/swipeBack", .transitions([.began, .changed, .ended]), in: .indirectInput)
        replay.expect("page/swipeBack", .entered(.began), in: .compatibility)
        replay.expect("page/swipeBack", .translationX, equals: 236, within: 5, in: .indirectInput)
    }

    /// README.md's example, line for line (`SwiftBlocksTests` holds the two alike): the swipe back
    /// ends in both modes, and compat mode's simulated touches set it off again, by accident.
    @Test func theReadmeExample() throws {
        let replay = try ModeReplay("Recordings/hp8470p.two-finger-scroll-right.events", surface: .build(swipeBackPage))
        replay.expect("page/swipeBack", .ended, in: .both)
        replay.expectAccidentalActivations(["page/swipeBack"], in: .compatibility)
    }

    /// Two fingers scrolling down cancel the swipe as soon as the motion is vertical.
    @Test func scrollingDownIsNoSwipeBack() throws {
        let replay = try ModeReplay("Recordings/two-finger-scroll-down.yml", surface: page)
        replay.expect("swipeBack", .transitions([.began, .cancelled]))
        replay.expectNoAccidentalActivations()
    }

    /// Every recording of the folder gives the app events and recognizer states it gave when its
    /// snapshot was recorded (`TOUCHSYNTH_RECORD_SNAPSHOTS=1` records them anew).
    @Test(arguments: RecordedDevices.recordings(in: "Recordings"))
    func everyRecordingMatchesItsSnapshot(_ path: String) throws {
        try ModeReplay(path, surface: page).expectSnapshot()
    }

    /// The app's kind, registered, named by a description file: the same swipe back, with the
    /// file's distance of 200 points, which the recording's 236-point scroll still passes.
    @Test func aDescriptionFileNamesTheAppsOwnKind() throws {
        let replay = try ModeReplay(
            "Recordings/hp8470p.two-finger-scroll-right.events", surface: .file("page.yml", kinds: [SwipeBackKind.self])
        )
        replay.expect("page/swipeBack", .transitions([.began, .changed, .ended]), in: .indirectInput)
        #expect(replay[.indirectInput].recognizer("swipeBack", as: SwipeBack.self)?.distance == 200)
        #expect(replay[.indirectInput].recognizer("swipeBack", as: SwipeBack.self)?.swipes == 1)
    }
}
