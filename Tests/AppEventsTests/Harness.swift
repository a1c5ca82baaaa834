import AppEventInvariants
import GestureSynthesis
import AppEvents
import LibinputEvents
import XCTest

extension SplitMix64 {
    /// Uniform in the open interval (lower, upper).
    mutating func open(_ lower: Double, _ upper: Double) -> Double {
        var value = Double.random(in: lower..<upper, using: &self)
        while value == lower { value = Double.random(in: lower..<upper, using: &self) }
        return value
    }
}

enum Button {
    static let left: UInt32 = 0x110
    static let right: UInt32 = 0x111
    static let middle: UInt32 = 0x112
}

enum Key {
    static let leftShift: UInt32 = 42
    static let rightShift: UInt32 = 54
    static let leftCtrl: UInt32 = 29
    static let leftAlt: UInt32 = 56
    static let leftMeta: UInt32 = 125
    static let capsLock: UInt32 = 58
}

extension LibinputEvent.Kind {
    /// Relative motion; the unaccelerated delta is half the accelerated one so tests can tell
    /// them apart.
    static func motion(_ dx: Double, _ dy: Double) -> Self {
        .pointerMotion(dx: dx, dy: dy, unacceleratedDx: dx / 2, unacceleratedDy: dy / 2)
    }

    static func press(_ button: UInt32) -> Self { .pointerButton(button: button, state: .pressed, seatCount: 1) }
    static func release(_ button: UInt32) -> Self { .pointerButton(button: button, state: .released, seatCount: 0) }
    static func keyDown(_ key: UInt32) -> Self { .keyboardKey(key: key, state: .pressed, seatCount: 1) }
    static func keyUp(_ key: UInt32) -> Self { .keyboardKey(key: key, state: .released, seatCount: 0) }

    static func pinch(dx: Double = 0, dy: Double = 0, scale: Double, angle: Double = 0) -> Self {
        .gesturePinchUpdate(
            fingers: 2, delta: GestureDelta(dx: dx, dy: dy, unacceleratedDx: dx, unacceleratedDy: dy), scale: scale,
            angleDelta: angle)
    }

    static func pinchEnd(scale: Double = 1, cancelled: Bool = false) -> Self {
        .gesturePinchEnd(fingers: 2, scale: scale, cancelled: cancelled)
    }

    static func swipe(_ fingers: Int, dx: Double, dy: Double) -> Self {
        .gestureSwipeUpdate(
            fingers: fingers, delta: GestureDelta(dx: dx, dy: dy, unacceleratedDx: dx, unacceleratedDy: dy))
    }

    static func fingerScroll(horizontal: Double?, vertical: Double?) -> Self {
        .pointerScroll(Scroll(source: .finger, vertical: vertical, horizontal: horizontal))
    }

    static func wheel(vertical: Double, vertical120: Double) -> Self {
        .pointerScroll(Scroll(source: .wheel, vertical: vertical, horizontal: nil, vertical120: vertical120))
    }

    static func added(_ name: String, _ capabilities: CapabilitySet) -> Self {
        .deviceAdded(DeviceInfo(name: name, sysname: name, capabilities: capabilities, sizeMM: nil))
    }
}

/// Feeds a translator and checks every event it produces with an ``InvariantChecker``.
final class Harness {
    var translator: AppEventTranslator
    private var checker: InvariantChecker
    /// Microseconds of the next event.
    var time: UInt64 = 1_000_000
    private(set) var events: [AppEvent] = []
    private(set) var violations: [InvariantChecker.Violation] = []

    init(mode: DeliveryMode, configuration: AppEventTranslator.Configuration = .init()) {
        translator = AppEventTranslator(mode: mode, configuration: configuration)
        checker = InvariantChecker(mode: mode, screen: configuration.screenSize)
    }

    /// Sends one event `dt` microseconds after the previous one.
    @discardableResult
    func send(_ kind: LibinputEvent.Kind, device: String = "event5", dt: UInt64 = 10_000) -> [AppEvent] {
        time += dt
        return record(translator.translate(LibinputEvent(time: time, device: device, kind: kind)))
    }

    @discardableResult
    func send(_ kinds: [LibinputEvent.Kind], device: String = "event5") -> [AppEvent] {
        kinds.flatMap { send($0, device: device) }
    }

    @discardableResult
    func reset(dt: UInt64 = 10_000) -> [AppEvent] {
        time += dt
        return record(translator.reset(at: time))
    }

    @discardableResult
    func flush(dt: UInt64 = 10_000) -> [AppEvent] {
        time += dt
        return record(translator.flush(at: time))
    }

    @discardableResult
    func requestPointerLock(_ prefers: Bool) -> [AppEvent] {
        record(translator.requestPointerLock(prefers, at: time))
    }

    @discardableResult
    func updateScene(_ scene: SceneConditions) -> [AppEvent] {
        record(translator.updateScene(scene, at: time))
    }

    @discardableResult
    func record(_ new: [AppEvent]) -> [AppEvent] {
        events += new
        violations += new.flatMap { checker.check($0) }
        return new
    }

    /// Violations so far plus those ``InvariantChecker/finish()`` reports.
    var allViolations: [InvariantChecker.Violation] { violations + checker.finish() }
}

extension AppEvent {
    var touches: [Touch] {
        if case .touches(let list) = payload { return list }
        return []
    }

    var hoverTouch: Touch? {
        if case .hover(let touch) = payload { return touch }
        return nil
    }

    var transform: TransformEvent? {
        if case .transform(let t) = payload { return t }
        return nil
    }

    var scroll: ScrollEvent? {
        if case .scroll(let s) = payload { return s }
        return nil
    }

    var systemGesture: SystemGestureEvent? {
        if case .systemGesture(let g) = payload { return g }
        return nil
    }
}

/// |actual − expected| ≤ relative × max(|expected|, floor): purely relative with `floor: 0`, and
/// absolute near zero by default, where a relative bound means nothing.
func XCTAssertClose(
    _ actual: Double, _ expected: Double, relative: Double = 1e-9, floor: Double = 1,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    let tolerance = relative * max(abs(expected), floor)
    XCTAssertLessThanOrEqual(
        abs(actual - expected), tolerance, "\(actual) vs \(expected) \(message())", file: file, line: line)
}

struct StopTest: Error, CustomStringConvertible {
    var description: String
}

/// `items` when there are exactly `count` of them; otherwise a recorded failure and a thrown
/// error, so that the test stops instead of crashing on an index.
func exactly<T>(
    _ count: Int, _ items: [T], _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
    line: UInt = #line
) throws -> [T] {
    guard items.count == count else {
        XCTFail("expected \(count) items, got \(items.count): \(items) \(message())", file: file, line: line)
        throw StopTest(description: "wrong count")
    }
    return items
}

extension XCTestCase {
    /// Ends a property test at the first failing case, so one bug does not print thousands of
    /// failures.
    func stopIfFailed(_ context: @autoclosure () -> String) throws {
        if let run = testRun, run.failureCount > 0 { throw StopTest(description: "first failure at \(context())") }
    }
}
