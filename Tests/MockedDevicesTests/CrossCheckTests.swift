import Foundation
import XCTest
import TestSupport

/// `touchsynth replay --json` against `libinput debug-events` on the same mocked device (as
/// `touchsynth mock` runs it), for every bundled recording: the gesture, scroll and button events
/// must be the same, event for event.
final class CrossCheckTests: XCTestCase {
    /// One event as both tools can show it: its type and its fields as `debug-events` prints them.
    struct Shown: Equatable, CustomStringConvertible {
        var type: String
        var fields: [String]
        var description: String { "\(type) \(fields.joined(separator: " "))" }
    }

    static let compared: [String] = ["GESTURE_", "POINTER_SCROLL_", "POINTER_BUTTON"]

    static func isCompared(_ type: String) -> Bool { compared.contains { type.hasPrefix($0) } }

    /// Our full-precision JSON, rounded the way debug-events rounds (`%.2f`, v120 `%.1f`).
    static func shown(json line: String) throws -> Shown? {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let type = try XCTUnwrap(object["type"] as? String)
        guard isCompared(type) else { return nil }
        // Numbers are read from the text: Foundation's JSONSerialization on Linux can be an ulp off
        // (0.9750000000000001 becomes 0.975), which flips a %.2f rounding.
        func number(_ key: String) -> Double {
            guard let range = line.range(of: "\"\(key)\":") else { return 0 }
            return Double(line[range.upperBound...].prefix { "-+.eE0123456789".contains($0) }) ?? 0
        }
        func f2(_ key: String) -> String { String(format: "%.2f", number(key)) }
        func f1(_ key: String) -> String { String(format: "%.1f", number(key)) }
        let fingers = (object["fingers"] as? Int).map(String.init) ?? ""
        var fields: [String]
        switch type {
        case _ where type.hasSuffix("_BEGIN"):
            fields = [fingers]
        case _ where type.hasSuffix("_END"):
            fields = [fingers] + ((object["cancelled"] as? Bool) == true ? ["cancelled"] : [])
        case "GESTURE_SWIPE_UPDATE":
            fields = [fingers, f2("dx"), f2("dy"), f2("dxUnaccelerated"), f2("dyUnaccelerated")]
        case "GESTURE_PINCH_UPDATE":
            fields = [
                fingers, f2("dx"), f2("dy"), f2("dxUnaccelerated"), f2("dyUnaccelerated"), f2("scale"),
                f2("angleDeltaDeg"),
            ]
        case "POINTER_BUTTON":
            fields = [
                "\(object["button"] as? Int ?? -1)", object["state"] as? String ?? "",
                "\(object["seatCount"] as? Int ?? -1)",
            ]
        default:
            fields = [
                f2("vertical"), f1("verticalV120"), object["vertical"] is Double ? "*" : "",
                f2("horizontal"), f1("horizontalV120"), object["horizontal"] is Double ? "*" : "",
            ]
        }
        return Shown(type: type, fields: fields)
    }

    /// A `libinput debug-events` line: ` event10  GESTURE_PINCH_UPDATE  +0.133s\t2  0.00/ 0.00 (...)  1.01 @  0.00`.
    static func shown(debugEvents line: String) -> Shown? {
        let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
        let head = parts[0].split(separator: " ")
        guard head.count >= 2, isCompared(String(head[1])), parts.count == 2 else { return nil }
        let type = String(head[1]), details = parts[1]
        let numbers = details.matches(of: /-?\d+(\.\d+)?/).map { String($0.output.0) }
        switch type {
        case _ where type.hasSuffix("_BEGIN"):
            return Shown(type: type, fields: numbers)
        case _ where type.hasSuffix("_END"):
            return Shown(type: type, fields: numbers + (details.contains("cancelled") ? ["cancelled"] : []))
        case "POINTER_BUTTON":
            let state = details.contains("released") ? "released" : "pressed"
            return Shown(type: type, fields: [numbers[0], state, numbers[1]])
        case _ where type.hasPrefix("POINTER_SCROLL_"):
            // vert 15.43/0.0* horiz 0.00/0.0 (finger): a star marks an axis present in the event.
            let halves = details.components(separatedBy: "horiz")
            let vStar = halves[0].contains("*") ? "*" : "",
                hStar = halves.count > 1 && halves[1].contains("*") ? "*" : ""
            return Shown(type: type, fields: [numbers[0], numbers[1], vStar, numbers[2], numbers[3], hStar])
        default:
            return Shown(type: type, fields: numbers)
        }
    }

    func testEveryBundledRecordingMatchesLibinputDebugEvents() throws {
        let libinput = try XCTUnwrap(
            findExecutable("libinput"), "libinput-tools is not installed (tools/test installs it)")
        let recordings = Fixtures.recordings
        XCTAssertGreaterThanOrEqual(recordings.count, 20, "bundled recordings missing")
        var gestureEvents = 0
        // Two recordings at a time: each replay mostly waits on its libinput side or program.
        for batch in stride(from: 0, to: recordings.count, by: 2).map({
            Array(recordings[$0..<min($0 + 2, recordings.count)])
        }) {
            let runs = concurrently(
                batch.flatMap { url -> [@Sendable () -> Result<Finished, any Error>] in
                    [
                        { .success(runCommand(["replay", "--json", url.path])) },
                        { Result { try runMocked(url.path) { [libinput, "debug-events", "--device", $0] } } },
                    ]
                })
            for (index, url) in batch.enumerated() {
                let ours = try runs[2 * index].get(), theirs = try runs[2 * index + 1].get()
                let name = url.lastPathComponent
                XCTAssertEqual(ours.status, 0, "\(name): replay failed: \(ours.stderr)")
                XCTAssertEqual(
                    theirs.status, 0, "\(name): libinput debug-events under the harness failed: \(theirs.stderr)")
                XCTAssertFalse(
                    ours.stderr.contains("lagging behind") || ours.stderr.contains("in the past"),
                    "\(name): libinput timing warning: \(ours.stderr)")
                XCTAssertFalse(
                    theirs.stdout.contains("lagging behind") || theirs.stdout.contains("in the past")
                        || theirs.stderr.contains("in the past"),
                    "\(name): libinput timing warning in debug-events")
                let a = try ours.stdout.split(separator: "\n").dropFirst().compactMap {
                    try Self.shown(json: String($0))
                }
                let b = theirs.stdout.split(separator: "\n").compactMap { Self.shown(debugEvents: String($0)) }
                XCTAssertEqual(a.count, b.count, "\(name): event counts differ")
                for (i, (x, y)) in zip(a, b).enumerated() where x != y {
                    XCTFail("\(name): event \(i) differs: touchsynth \(x) vs debug-events \(y)")
                    break
                }
                gestureEvents += a.count
            }
        }
        XCTAssertGreaterThan(gestureEvents, 500, "the recordings should produce plenty of gesture/scroll/button events")
    }
}
