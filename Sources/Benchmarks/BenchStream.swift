import AppEvents
import Foundation
import Gestures
import LibinputEvents
import SurfaceDescriptions

/// A long libinput-level stream for throughput benchmarks, built without libinput: a cycle of
/// pointer motion, a pinch, a rotation, a two-finger scroll and a click, 8 ms apart, repeated.
struct BenchStream {
    let cycle: [LibinputEvent]
    let cycleDuration: UInt64

    init() {
        var events: [LibinputEvent] = []
        var time: UInt64 = 1_000_000
        func add(_ kind: LibinputEvent.Kind) {
            events.append(LibinputEvent(time: time, device: "event10", kind: kind))
            time += 8000
        }
        let none = GestureDelta(dx: 0, dy: 0, unacceleratedDx: 0, unacceleratedDy: 0)
        // Right, then back left: the pointer hovers over the screen. Always right, it ended up
        // pressed against the screen's edge within the warm-up, where a motion reports nothing.
        for i in 0..<20 {
            add(.pointerMotion(dx: i < 10 ? 3 : -3, dy: Double(i % 5) - 2, unacceleratedDx: 1, unacceleratedDy: 0.5))
        }
        add(.gesturePinchBegin(fingers: 2))
        for i in 1...30 {
            add(.gesturePinchUpdate(fingers: 2, delta: none, scale: 1 + Double(i) * 0.03, angleDelta: 0))
        }
        add(.gesturePinchEnd(fingers: 2, scale: 1.9, cancelled: false))
        add(.gesturePinchBegin(fingers: 2))
        for _ in 1...30 { add(.gesturePinchUpdate(fingers: 2, delta: none, scale: 1, angleDelta: 3)) }
        add(.gesturePinchEnd(fingers: 2, scale: 1, cancelled: false))
        for _ in 0..<20 { add(.pointerScroll(Scroll(source: .finger, vertical: 4, horizontal: 0))) }
        add(.pointerScroll(Scroll(source: .finger, vertical: 0, horizontal: 0)))
        add(.pointerButton(button: 272, state: .pressed, seatCount: 1))
        add(.pointerButton(button: 272, state: .released, seatCount: 1))
        cycle = events
        cycleDuration = time - 1_000_000 + 200_000
    }

    /// Calls `body` with `count` events, the cycle repeated with advancing times.
    func forEach(_ count: Int, _ body: (LibinputEvent) -> Void) {
        var offset: UInt64 = 0
        var done = 0
        while done < count {
            for var event in cycle.prefix(count - done) {
                event.time += offset
                body(event)
            }
            done += min(cycle.count, count - done)
            offset += cycleDuration
        }
    }
}

/// Heap allocations so far, when the process runs with libtouchsynth-alloc-count.so preloaded.
public func allocationCount() -> UInt64? {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "touchsynth_allocations") else { return nil }
    return UInt64(symbol.assumingMemoryBound(to: UInt.self).pointee)
}

/// Long gestures as libinput reports them, 8 ms apart on one clock: the events that begin each,
/// those that continue it, and those that end it.
enum SteadyGestures {
    /// Twelve contiguous 10-point regions across the hovering pointer's path (x 720 to 760 and
    /// back), every other one a text line's rail.
    static let pointerStrip: [PointerInteraction] = {
        let regions = (0..<12).map { i in
            PointerRegion(
                identifier: "r\(i)", rect: Rect(x: 660 + 10 * Double(i), y: 400, width: 10, height: 100),
                style: i % 2 == 0 ? .effect(.highlight) : .shape(.verticalBeam(length: 20), constrainedAxes: .vertical))
        }
        return [
            PointerInteraction(
                view: "strip", viewFrame: Rect(x: 660, y: 400, width: 120, height: 100), regions: regions)
        ]
    }()

    static func all(
        steadyEvents count: Int
    ) -> [(begin: [LibinputEvent], steady: [LibinputEvent], end: [LibinputEvent])] {
        var time: UInt64 = 1_000_000
        func event(_ kind: LibinputEvent.Kind) -> LibinputEvent {
            time += 8000
            return LibinputEvent(time: time, device: "event10", kind: kind)
        }
        let none = GestureDelta(dx: 0, dy: 0, unacceleratedDx: 0, unacceleratedDy: 0)
        // Back and forth, so that the pointer stays on the screen.
        func motion(_ i: Int) -> LibinputEvent.Kind {
            .pointerMotion(dx: i % 40 < 20 ? 2 : -2, dy: 0, unacceleratedDx: 1, unacceleratedDy: 0)
        }
        func pinch(_ i: Int, turning: Bool) -> LibinputEvent.Kind {
            let phase = Double(i % 100) / 100
            return .gesturePinchUpdate(
                fingers: 2, delta: none, scale: turning ? 1 : 1.5 + 0.3 * phase,
                angleDelta: turning ? (i % 200 < 100 ? 2 : -2) : 0)
        }
        let added = event(
            .deviceAdded(
                DeviceInfo(name: "touchpad", sysname: "event10", capabilities: [.pointer, .gesture], sizeMM: nil)))
        let hover = (
            [added] + (0..<30).map { event(motion($0)) }, (0..<count).map { event(motion($0)) }, [LibinputEvent]()
        )
        let drag = (
            [event(.pointerButton(button: 272, state: .pressed, seatCount: 1))] + (0..<30).map { event(motion($0)) },
            (0..<count).map { event(motion($0)) }, [event(.pointerButton(button: 272, state: .released, seatCount: 1))]
        )
        func pinchGesture(turning: Bool) -> ([LibinputEvent], [LibinputEvent], [LibinputEvent]) {
            (
                [event(.gesturePinchBegin(fingers: 2))] + (0..<30).map { event(pinch($0, turning: turning)) },
                (0..<count).map { event(pinch($0 + 30, turning: turning)) },
                [event(.gesturePinchEnd(fingers: 2, scale: 1, cancelled: false))]
            )
        }
        let scroll = (
            (0..<30).map { _ in event(.pointerScroll(Scroll(source: .finger, vertical: 3, horizontal: 0))) },
            (0..<count).map { i in
                event(.pointerScroll(Scroll(source: .finger, vertical: i % 50 < 25 ? 3 : -3, horizontal: 0)))
            },
            [event(.pointerScroll(Scroll(source: .finger, vertical: 0, horizontal: 0)))]
        )
        return [hover, drag, pinchGesture(turning: false), pinchGesture(turning: true), scroll]
    }
}
