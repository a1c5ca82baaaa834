import Foundation
@testable import LibinputDecisions
import LibinputEvents
import Recordings
import TestSupport
import XCTest

/// The source lines explain cites, held to the table docs/explain.md shows of them.
final class RuleSourceTests: XCTestCase {
    func testTheDocsTableCitesTheLinesTheRuleBookDoes() throws {
        let docs = try String(
            contentsOf: Fixtures.root.appendingPathComponent("docs/explain.md"), encoding: .utf8)
        var rows = 0
        for line in docs.split(separator: "\n") {
            guard let rule = line.firstMatch(of: /^\| `(\w+)` \|/).flatMap({ Rule(rawValue: String($0.1)) }) else {
                continue
            }
            rows += 1
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.suffix(3)
            for (version, cell) in zip(["1.22.1", "1.28.1", "1.31.3"], cells) {
                // A rule a version does not have cites no line of it.
                if cell.hasPrefix("—") {
                    XCTAssertFalse(RuleBook(version: version).source(rule).contains(".c:"), "\(rule) \(version)")
                    continue
                }
                let file = try XCTUnwrap(cell.firstMatch(of: /([a-z-]+\.c):/)?.1, "\(rule) \(version): \(cell)")
                let numbers = cell.matches(of: /[0-9]+/).map { String($0.0) }
                let book = RuleBook(version: version)
                var expected = [book.source(rule)]
                if rule == .palmEdge { expected.append(book.source(rule, topEdge: true)) }
                if rule == .tapTime {
                    expected += [2, 3].map { book.source(rule, tapFingers: $0) }
                    expected += [1, 2, 3].map { book.source(rule, tapFingers: $0, tapped: true) }
                    expected.append(book.source(rule, tapped: true, secondTap: true))
                }
                if rule == .holdTimer { expected.append(book.holdReset) }
                if rule == .fingerSwitch { expected += [book.fingerCountWait, book.fingerCountAtOnce] }
                if rule == .tapDrag {
                    expected +=
                        [1, 2, 3].map { book.dragTimer(fingers: $0) } + [book.dragResumed, book.dragLockTapped]
                }
                if rule == .typingPalm {
                    expected += [.laterKey, .keyHeld].map { book.source(rule, typingSetting: $0) }
                }
                if rule == .gestureSupport, book.scrollWaits(tapping: true) {
                    expected += [.still, .maxMove, .minMove].map { book.source(rule, scrollWaits: true, movement: $0) }
                }
                if rule == .gestureSupport, book.source(rule, fingers: 3) != book.source(rule) {
                    expected.append(book.source(rule, fingers: 3))
                }
                if rule == .scrollToPinch, book.source(rule, scrollStarting: true) != book.source(rule) {
                    expected.append(book.source(rule, scrollStarting: true))
                }
                if rule == .thumbPosition {
                    expected += [.exclusion, .size, .edgeScrolling].map { book.source(rule, thumbTest: $0) }
                }
                if rule == .gestureMovement {
                    expected += [.minMove, .pinch, .still].map { book.source(rule, movement: $0) }
                }
                if rule == .thumbContext {
                    expected = [.farBelow, .close, .soon, .speed].map { book.source(rule, thumbStep: $0) }
                }
                XCTAssertEqual(numbers.count, expected.count, "\(rule) \(version): \(cell)")
                for (number, source) in zip(numbers, expected) {
                    XCTAssertTrue(
                        source.contains("\(file):\(number) "), "\(rule) \(version): docs \(cell), code \(source)")
                }
            }
        }
        XCTAssertEqual(rows, Rule.allCases.count, "a row for each rule")
    }

    /// Rules that changed between the versions read change at the release that changed them:
    /// Shift leaves disable-while-typing's shortcut modifiers in 1.26.1 (commit 8326f71d), and a
    /// gesture under way waits on a new finger count by its state from 1.27.0 (commit 68a2ff0d).
    func testRulesChangeAtTheReleaseThatChangedThem() {
        let leftShift: UInt32 = 42
        XCTAssertTrue(RuleBook(version: "1.26.0").holdingBlocksTyping(leftShift))
        XCTAssertFalse(RuleBook(version: "1.26.1").holdingBlocksTyping(leftShift))
        XCTAssertTrue(RuleBook(version: "1.26.1").holdingBlocksTyping(29), "Ctrl still blocks it")
        XCTAssertFalse(RuleBook(version: "1.26.2").typingShortcutModifiers.hasPrefix("Ctrl, Alt, Shift"))
        XCTAssertFalse(RuleBook(version: "1.26.1").waitsOnFingerCount(in: "SCROLL", sent: false))
        XCTAssertTrue(RuleBook(version: "1.27.0").waitsOnFingerCount(in: "SCROLL", sent: false))
    }

    /// The lines cited are those of the version nearest by the changes it shares, the versions
    /// ordered as everywhere else: a version past 1.x has the mtdev plugin and cites 1.31.3, as it
    /// reads protocol A pads through it.
    func testTheVersionCitedSharesTheChangesOfTheVersionAsked() {
        let cited = ["1.22.1", "1.24.9", "1.25", "1.28.1", "1.29", "1.31.3", "2.0"].map { RuleBook(version: $0).cited }
        XCTAssertEqual(cited, ["1.22.1", "1.22.1", "1.28.1", "1.28.1", "1.31.3", "1.31.3", "1.31.3"])
        let protocolA = DeviceDescription(name: "protocol A", codes: [Evdev.EV_ABS: [Evdev.ABS_MT_POSITION_X]])
        XCTAssertEqual(
            RuleBook(version: "2.0").readsThroughMtdev(protocolA),
            RuleBook(version: "1.31.3").readsThroughMtdev(protocolA))
        XCTAssertEqual(LibinputVersion("1.29"), LibinputVersion("1.29.0"))
        XCTAssertLessThan(LibinputVersion("1.9.1"), LibinputVersion("1.10"))
    }
}
