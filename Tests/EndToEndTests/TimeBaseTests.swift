import Foundation
#if canImport(Glibc)
import Glibc
#endif
import XCTest
import TestSupport

/// One event has one time in every text output: `replay`, `compare`, `report` and `view` count
/// seconds from the replay's first event (`TimeBase`). Each time here is read from a command's
/// own output, and the outputs are held to each other.
final class TimeBaseTests: XCTestCase {
    private static let pointer = Fixtures.root.appendingPathComponent("Tests/Fixtures/pointer")
    private let surface = pointer.appendingPathComponent("surface.yml").path

    /// The event the issue was about: the pointer entering a region, printed by `replay --mode`
    /// beside the libinput event that moved it, listed by `compare` under the pointer regions, and
    /// the frame of the report's and the view's timelines where indirect mode's pointer enters it.
    func testAPointerRegionEnteredHasOneTimeInEveryOutput() throws {
        let path = Self.pointer.appendingPathComponent("cross-toolbar.yml").path
        let replayed = try touchsynth(["replay", "--mode", "indirect", "--surface", surface, path])
        let entered = try XCTUnwrap(Self.regionsEntered(replayed).first, replayed)

        let compared = try touchsynth(["compare", "--surface", surface, path])
        let listed = compared.split(separator: "\n").compactMap { line -> (time: String, region: String)? in
            let words = line.split(separator: " ")
            guard words.count > 2, words[0].hasSuffix("s"), words[1] == "willEnter" else { return nil }
            return (String(words[0].dropLast()), String(words[2]))
        }
        XCTAssertEqual(listed.first?.region, entered.region, compared)
        XCTAssertEqual(listed.first?.time, entered.time, "compare against replay:\n\(compared)")

        for (name, timeline) in [("report", try reportTimeline(path)), ("view", try viewTimeline(path))] {
            let frame = try XCTUnwrap(Self.firstFrame(in: timeline) { Self.indirectRegion($0) == entered.region }, name)
            let time = try XCTUnwrap(frame["t"] as? Double)
            XCTAssertEqual(String(format: "%.3f", time), entered.time, "\(name) against replay")
        }
    }

    /// A drag begun by a click and a move: `compare`'s table and the report's summary say when
    /// (to the millisecond); the view's and the report's timelines have it as a lane change, at the step
    /// of the libinput event that began it, which `replay` prints at the same time.
    func testADragBegunHasOneTimeInEveryOutput() throws {
        let path = Self.pointer.appendingPathComponent("click-drag.yml").path
        let pattern = #/clickAndDrag \(indirectPointer\) at (-?[0-9.]+)s/#
        let compared = try touchsynth(["compare", "--surface", surface, path])
        let said = try XCTUnwrap(compared.firstMatch(of: pattern)?.1, compared)

        let page = try report(path)
        XCTAssertEqual(page.firstMatch(of: pattern)?.1, said, "the report's summary against compare")

        let lines = try touchsynth(["replay", path]).split(separator: "\n")
        let printed = try lines.map { line in try XCTUnwrap(Self.eventTime(line), String(line)) }
        for (name, timeline) in [("report", try Self.embeddedTimeline(page)), ("view", try viewTimeline(path))] {
            let frames = try XCTUnwrap(timeline["frames"] as? [[String: Any]], name)
            // The frames of libinput's events are replay's lines, in order; the pad's and the end's are not.
            let events = frames.filter { $0["source"] as? String != "evdev" && $0["source"] as? String != "end" }
            guard events.count == printed.count else {
                XCTFail("\(name): \(events.count) frames of libinput events, replay printed \(printed.count)")
                continue
            }
            func drag(_ change: [String: Any]) -> Bool {
                change["state"] as? String == "drag" && change["mode"] as? String == "indirect"
            }
            let changes = events.map { $0["changes"] as? [[String: Any]] ?? [] }
            let index = try XCTUnwrap(changes.firstIndex { $0.contains(where: drag) }, name)
            let change = try XCTUnwrap(changes[index].first(where: drag))
            let began = try XCTUnwrap(change["t"] as? Double), step = try XCTUnwrap(events[index]["t"] as? Double)
            XCTAssertEqual(String(format: "%.3f", began), String(said), "\(name) against compare")
            XCTAssertEqual(String(format: "%.3f", step), printed[index], "\(name) against replay")
        }
    }

    // MARK: Reading the outputs

    private func touchsynth(_ arguments: [String]) throws -> String {
        let result = runCommand(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// `replay`'s time of a line, `+0.068s` as "0.068"; nil for a line without one.
    private static func eventTime(_ line: Substring) -> String? {
        line.split(separator: " ").first { $0.hasSuffix("s") && Double($0.dropLast()) != nil }
            .map { String(format: "%.3f", Double($0.dropLast())!) }
    }

    /// The pointer regions entered in `replay --mode` output, each with the time of the libinput
    /// event whose line it is on (a line without a time continues the one above).
    private static func regionsEntered(_ output: String) -> [(time: String, region: String)] {
        var time: String?
        var entered: [(time: String, region: String)] = []
        for line in output.split(separator: "\n") {
            time = eventTime(line) ?? time
            let words = line.split(separator: " ")
            if let at = words.firstIndex(of: "willEnter"), at + 1 < words.count, let time {
                entered.append((time, String(words[at + 1])))
            }
        }
        return entered
    }

    /// indirect mode's pointer region in a frame that carries indirect mode's state.
    private static func indirectRegion(_ frame: [String: Any]) -> String? {
        ((frame["indirect"] as? [String: Any])?["pointer"] as? [String: Any])?["region"] as? String
    }

    private static func firstFrame(
        in timeline: [String: Any],
        where matches: ([String: Any]) -> Bool
    ) -> [String: Any]? {
        (timeline["frames"] as? [[String: Any]])?.first(where: matches)
    }

    /// The HTML report of `path` on the pointer surface.
    private func report(_ path: String) throws -> String {
        let html = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-\(UUID().uuidString).html")
            .path
        defer { try? FileManager.default.removeItem(atPath: html) }
        _ = try touchsynth(["report", "--surface", surface, path, "-o", html])
        return try String(contentsOfFile: html, encoding: .utf8)
    }

    private func reportTimeline(_ path: String) throws -> [String: Any] {
        try Self.embeddedTimeline(try report(path))
    }

    /// The timeline a report embeds for its player.
    private static func embeddedTimeline(_ page: String) throws -> [String: Any] {
        let element = #/<script type="application/json" id="touchsynth-timeline">(.*?)</script>/#.dotMatchesNewlines()
        let json = try XCTUnwrap(page.firstMatch(of: element)?.1)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// The timeline `touchsynth view` serves for `path`: the view started on a free port, its
    /// `timeline.json` fetched, and the view ended with SIGINT, which it ends on with status 0.
    private func viewTimeline(_ path: String) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Fixtures.touchsynth())
        process.arguments = ["view", "--surface", surface, path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The address line comes once the timeline is served; the pipe's end says the view ended instead.
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        defer {
            process.interrupt()
            process.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(process.terminationStatus, 0, stderr)
        }
        let port = try XCTUnwrap(text.firstMatch(of: #/http://127\.0\.0\.1:([0-9]+)//#)?.1, text)
        let body = try httpGet(port: UInt16(port)!, path: "/timeline.json")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    /// The body of GET `path` on 127.0.0.1:`port`, read to the length its header gives.
    private func httpGet(port: UInt16, path: String) throws -> Data {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        let connected = connect(fd, toLoopbackPort: port)
        XCTAssertEqual(connected, 0, "connect: \(String(cString: strerror(errno)))")
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        XCTAssertEqual(request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }, request.count)
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = received.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                let header = head.firstMatch(of: #/(?i)content-length: *([0-9]+)/#)
                let length = try XCTUnwrap(header.flatMap { Int($0.1) }, head)
                if received.count - end.upperBound >= length {
                    return received[end.upperBound..<(end.upperBound + length)]
                }
            }
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { throw CutShort(path: path, received: received.count) }
            received.append(contentsOf: buffer[..<n])
        }
    }
}

/// An HTTP answer that ended before its length.
private struct CutShort: Error, CustomStringConvertible {
    var path: String
    var received: Int
    var description: String { "the answer to GET \(path) ended after \(received) bytes, before its length" }
}
