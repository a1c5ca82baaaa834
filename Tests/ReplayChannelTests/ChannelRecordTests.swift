import LibinputEvents
@testable import ReplayChannel
import XCTest

/// The channel's writer and reader as a pair: whatever one writes, the other reads back the same,
/// whole or in any pieces; what no writer writes is an error, never a trap.
final class ChannelRecordTests: XCTestCase {
    /// One event of every kind, with the values most likely to be lost on the way: NaN, infinities,
    /// negative zero, absent axes, the extremes of each integer, and names that are not ASCII.
    static let everyKind: [LibinputEvent] = {
        let delta = GestureDelta(
            dx: -0.0, dy: .nan, unacceleratedDx: .infinity, unacceleratedDy: -.greatestFiniteMagnitude)
        let kinds: [LibinputEvent.Kind] = [
            .deviceAdded(
                DeviceInfo(
                    name: "ETPS/2 Elantech Touchpad — ü", sysname: "event10",
                    capabilities: [.pointer, .gesture, .switch],
                    sizeMM: (100, 66.5), libinputVersion: "1.22.1")),
            .deviceAdded(DeviceInfo(name: "", sysname: "event11", capabilities: [], sizeMM: nil)),
            .deviceRemoved,
            .pointerMotion(dx: 1.5, dy: -2.25, unacceleratedDx: .leastNonzeroMagnitude, unacceleratedDy: -.infinity),
            .pointerMotionAbsolute(x: 0, y: 1),
            .pointerButton(button: 272, state: .pressed, seatCount: .max),
            .pointerButton(button: 273, state: .released, seatCount: 0),
            .pointerScroll(Scroll(source: .finger, vertical: 0, horizontal: nil)),
            .pointerScroll(Scroll(source: .continuous, vertical: nil, horizontal: -3.5)),
            .pointerScroll(Scroll(source: .wheel, vertical: 15, horizontal: nil, vertical120: 120, horizontal120: nil)),
            .keyboardKey(key: 30, state: .pressed, seatCount: 1),
            .touchDown(slot: .min, seatSlot: .max, x: 0.25, y: 0.75),
            .touchMotion(slot: 1, seatSlot: 1, x: .nan, y: -0.0),
            .touchUp(slot: 0, seatSlot: 0),
            .touchCancel(slot: -1, seatSlot: 3),
            .touchFrame,
            .gestureSwipeBegin(fingers: 3),
            .gestureSwipeUpdate(fingers: 4, delta: delta),
            .gestureSwipeEnd(fingers: 3, cancelled: true),
            .gesturePinchBegin(fingers: 2),
            .gesturePinchUpdate(fingers: 2, delta: delta, scale: 1.0000000000000002, angleDelta: -179.99),
            .gesturePinchEnd(fingers: 2, scale: 0.5, cancelled: false),
            .gestureHoldBegin(fingers: 1),
            .gestureHoldEnd(fingers: 2, cancelled: true),
            .switchToggle(.lid, state: .on),
            .switchToggle(.tabletMode, state: .off),
        ]
        return kinds.enumerated().map {
            LibinputEvent(time: UInt64($0.offset) * 8000 + (UInt64(1) << 40), device: "event10", kind: $0.element)
        }
    }()

    static let records: [ChannelRecord] =
        [.hello(version: ChannelRecord.version)]
        + everyKind.enumerated().map { .event($0.element, availableAt: UInt64($0.offset) * 1_000_003) }
        + [
            .log(LibinputLogMessage(priority: .error, text: "event10 - touch jump detected and discarded")),
            .log(LibinputLogMessage(priority: .info, text: "")),
            .log(LibinputLogMessage(priority: .info, text: "event10 - touchsynth: …", isTouchSynths: true)),
            .failure(ChannelFailure(.unavailable, "libinput: cannot add /dev/input/event10: Invalid path")),
            .failure(ChannelFailure(.deviceRejected, "libinput: cannot add …", device: "/dev/input/event11")),
        ]

    private func bytes(_ records: [ChannelRecord]) -> [UInt8] {
        var writer = WireWriter()
        for record in records { record.write(to: &writer) }
        return writer.bytes
    }

    private func decoded(_ bytes: [UInt8], chunk: Int) throws -> [ChannelRecord] {
        var decoder = ChannelDecoder()
        var records: [ChannelRecord] = []
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            bytes[start..<min(start + chunk, bytes.count)].withUnsafeBytes { decoder.append($0) }
            while let record = try decoder.next() { records.append(record) }
        }
        XCTAssertEqual(decoder.pendingBytes, 0)
        return records
    }

    /// Every kind read back: the same bytes when written again, so NaN and -0 count too (NaN is
    /// not equal to itself, but its bit pattern is).
    func testEveryRecordReadsBackAsWritten() throws {
        let written = bytes(Self.records)
        let read = try decoded(written, chunk: written.count)
        XCTAssertEqual(read.count, Self.records.count)
        XCTAssertEqual(bytes(read), written)
        XCTAssertEqual(read.last, Self.records.last)
        guard case .event(let added, _) = read[1], case .deviceAdded(let info) = added.kind else {
            return XCTFail("\(read[1])")
        }
        XCTAssertEqual(info.name, "ETPS/2 Elantech Touchpad — ü")
        XCTAssertEqual(info.sizeMM?.height, 66.5)
    }

    /// A pipe hands bytes on in pieces of any size: one byte at a time, or split inside a length.
    func testRecordsSplitAnywhereReadTheSame() throws {
        let written = bytes(Self.records)
        for chunk in [1, 2, 3, 5, 7, 64, 4096] {
            XCTAssertEqual(bytes(try decoded(written, chunk: chunk)), written, "chunks of \(chunk)")
        }
    }

    /// Random events, from a seed, through the pair.
    func testRandomEventsReadBackAsWritten() throws {
        var random = SplitMix(seed: 56)
        var records: [ChannelRecord] = []
        for i in 0..<20_000 {
            var event = Self.everyKind[Int(random.next() % UInt64(Self.everyKind.count))]
            event.time = random.next()
            event.device = "event\(random.next() % 1001)"
            if case .gesturePinchUpdate(let fingers, let delta, _, _) = event.kind {
                event.kind = .gesturePinchUpdate(
                    fingers: fingers, delta: delta, scale: Double(bitPattern: random.next()),
                    angleDelta: Double(bitPattern: random.next()))
            }
            records.append(.event(event, availableAt: UInt64(i)))
        }
        let written = bytes(records)
        XCTAssertEqual(bytes(try decoded(written, chunk: 977)), written)
    }

    /// Every prefix of a stream cut inside a record leaves bytes pending, and a record whose
    /// length says less than its content, or whose bytes are garbage, is an error.
    func testTruncatedAndCorruptBytesAreErrorsNotTraps() throws {
        let one = bytes([Self.records[1]])
        for cut in 1..<one.count {
            var decoder = ChannelDecoder()
            one[..<cut].withUnsafeBytes { decoder.append($0) }
            XCTAssertNil(try decoder.next(), "cut at \(cut)")
            XCTAssertEqual(decoder.pendingBytes, cut)
        }
        // The body cut short under a length that claims the shorter size.
        for cut in 5..<one.count {
            var body = Array(one[4..<cut])
            let length = UInt32(body.count)
            body.insert(contentsOf: withUnsafeBytes(of: length.littleEndian, Array.init), at: 0)
            var decoder = ChannelDecoder()
            body.withUnsafeBytes { decoder.append($0) }
            XCTAssertThrowsError(try decoder.next(), "body cut at \(cut)")
        }
        var random = SplitMix(seed: 7)
        for _ in 0..<2_000 {
            var garbage = (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            garbage.insert(contentsOf: [UInt8(garbage.count), 0, 0, 0], at: 0)
            var decoder = ChannelDecoder()
            garbage.withUnsafeBytes { decoder.append($0) }
            _ = try? decoder.next()
        }
    }

    func testTheSidesConfigurationCrossesTheEnvironment() throws {
        let configuration = LibinputSideConfiguration(
            devices: ["/dev/input/event10", "/dev/input/event11"],
            device: DeviceConfiguration(tapToClick: true, clickMethod: .clickfinger),
            libinputVersion: "1.28.1", batchesRecords: true)
        XCTAssertEqual(try LibinputSideConfiguration(environment: configuration.environment), configuration)
        let every = LibinputSideConfiguration(
            devices: ["/dev/input/event10"],
            device: DeviceConfiguration(
                naturalScrolling: true, scrollMethod: .edge, accelProfile: .flat, accelSpeed: -0.25,
                disableWhileTyping: false,
                leftHanded: true, middleEmulation: true, tapDrag: false, dragLock: true,
                sendEvents: .disabledOnExternalMouse))
        XCTAssertEqual(try LibinputSideConfiguration(environment: every.environment), every)
        let plain = LibinputSideConfiguration(devices: ["/dev/input/event10"])
        XCTAssertEqual(try LibinputSideConfiguration(environment: plain.environment), plain)
        for bad in [
            "", "devices=", "devices=/dev/input/event10;click=sideways", "devices=/dev/input/event10;speed=2",
            "devices=/dev/input/event10;sendevents=sometimes",
            "nonsense",
        ] {
            XCTAssertThrowsError(
                try LibinputSideConfiguration(environment: [LibinputSideConfiguration.variable: bad]), bad)
        }
        XCTAssertThrowsError(try LibinputSideConfiguration(environment: [:])) { error in
            XCTAssertTrue("\(error)".contains("started by the mocked-device harness"), "\(error)")
        }
    }
}

/// A small seeded generator, so that a failure names the inputs that made it.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
