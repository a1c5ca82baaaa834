import GestureSynthesis
import LibinputEvents
import Recordings
import Replays
import XCTest
import TestSupport

/// `synthesize --verify` through real libinput: the way each swipe, scroll and motion went, held
/// against the way its statement asked, with natural scrolling off and on.
final class VerifiedTravelTests: XCTestCase {
    private static let desc = Fixtures.devices.appendingPathComponent(
        "touchpads_Logitech_Rechargeable_Touchpad_T650.desc")

    private func performed(_ script: String) throws -> Synthesis {
        try GestureSynthesizer.perform(
            try GestureScript.parse(script, file: "t"), on: try RecordingLoader.load(Self.desc.path).device, file: "t")
    }

    /// Every way asked is the way libinput made it, whichever way natural scrolling turns the
    /// scroll's sign.
    func testEachWayAskedIsTheWayMade() throws {
        let synthesis = try performed(
            [
                "swipe fingers=3 direction=left", "swipe fingers=4 direction=up", "scroll dy=20mm", "scroll dx=-20mm",
                "scroll dx=15mm dy=-15mm", "move dx=20mm", "move dx=-10mm dy=10mm",
            ].joined(separator: "\n"))
        for natural in [false, true] {
            var options = ReplayOptions()
            options.configuration.naturalScrolling = natural
            XCTAssertEqual(try synthesis.verified(options: options), [], "natural scrolling \(natural)")
        }
    }

    /// A statement asking the other way than its fingers went is said, the way libinput made.
    func testAWayUnlikeTheFingersIsSaid() throws {
        var synthesis = try performed("swipe fingers=3 direction=right\nscroll dy=20mm")
        for index in synthesis.performed.indices {
            guard
                case .translate(let fingers, let travel, let spacing, let at, let duration) =
                    synthesis.performed[index].action
            else { return XCTFail("a translation") }
            let back = GestureScript.Point(x: -travel.x, y: -travel.y)
            synthesis.performed[index].action = .translate(
                fingers: fingers, travel: back, spacing: spacing, at: at, duration: duration)
        }
        var options = ReplayOptions()
        options.configuration.naturalScrolling = true
        // Turned back, each is well past 60° off: near 180°, by the fingers' own wander.
        let said = try synthesis.verified(options: options)
        XCTAssertEqual(said.count, 2, "\(said)")
        for (line, (asked, made)) in zip(
            said,
            [
                ("line 1 asked a 3-finger swipe moving left", "; libinput's moved right, "),
                ("line 2 asked two-finger scrolling moving up", "; libinput's moved down, "),
            ])
        {
            XCTAssertTrue(line.hasPrefix(asked + made), line)
            let degrees = line.dropFirst((asked + made).count).prefix { $0.isNumber }
            XCTAssertGreaterThan(Int(degrees) ?? 0, 150, line)
        }
        XCTAssertTrue(said.last?.hasSuffix("° off (natural scrolling undone)") == true, "\(said)")
    }
}
