import AppEvents
import Foundation
@testable import ViewServer
@testable import ViewTimeline
import XCTest

final class ViewServerTests: XCTestCase {
    func testOnlyRequestsAddressedToTheServerAreAnswered() {
        let check = HostCheck(port: 8080)
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080", "192.168.1.20:8080"] {
            XCTAssertTrue(check.allows(host: host), host)
        }
        // DNS rebinding needs a name: any name but localhost is refused, as are other ports.
        for host in ["attacker.example:8080", "127.0.0.1.nip.io:8080", "127.0.0.1:8081", "127.0.0.1", "256.0.0.1:8080", ""] {
            XCTAssertFalse(check.allows(host: host), host)
        }
        XCTAssertFalse(check.allows(host: nil))
        XCTAssertTrue(check.allows(origin: nil, host: "127.0.0.1:8080"), "no Origin: not a cross-site request")
        XCTAssertTrue(check.allows(origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080"))
        XCTAssertFalse(check.allows(origin: "http://attacker.example", host: "127.0.0.1:8080"))
        XCTAssertFalse(check.allows(origin: "null", host: "127.0.0.1:8080"))
    }

    private func frame(_ index: Int, changes: Int) -> ViewFrame {
        let mode = ModeState(pointer: Point(x: 0, y: 0), buttons: "", lanes: [])
        return ViewFrame(index: index, time: Double(index), source: "test", contacts: [], libinput: LibinputPanel(), compat: mode, indirect: mode,
                         changes: (0..<changes).map { LaneChange(mode: .compatibility, lane: 0, state: "began", time: Double(index) + Double($0), accidental: false) },
                         differs: false)
    }

    func testABrowserThatFallsBehindGetsMergedFramesWithEveryLaneChange() async {
        let box = Outbox()
        let published = Outbox.capacity + 100
        for i in 0..<published { box.post(frame(i, changes: 1), publishedAt: UInt64(i)) }
        let taken = await box.take()
        XCTAssertEqual(taken?.frames.count, Outbox.capacity)
        XCTAssertEqual(taken?.coalesced, 100)
        XCTAssertEqual(taken?.frames.last?.index, published - 1, "the newest state")
        XCTAssertEqual(taken?.frames.reduce(0) { $0 + $1.changes.count }, published, "no lane change lost")
        XCTAssertEqual(taken?.published.count, published, "every event's delay is measured")
        box.close()
        let afterClose = await box.take()
        XCTAssertNil(afterClose)
    }

    func testAPortInUseIsTold() throws {
        let first = try ViewServer(title: "a")
        defer { first.stop() }
        XCTAssertTrue(first.url.hasPrefix("http://127.0.0.1:"))
        XCTAssertThrowsError(try ViewServer(title: "b", port: first.port)) { error in
            XCTAssertEqual((error as? ViewServerError)?.kind, .portInUse)
        }
        XCTAssertThrowsError(try ViewServer(title: "c", address: "not-an-address")) { error in
            XCTAssertEqual((error as? ViewServerError)?.kind, .badAddress)
        }
    }
}
