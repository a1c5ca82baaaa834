import Foundation
import Gestures
import AppEvents
import LibinputEvents

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
        for i in 0..<20 { add(.pointerMotion(dx: i < 10 ? 3 : -3, dy: Double(i % 5) - 2, unacceleratedDx: 1, unacceleratedDy: 0.5)) }
        add(.gesturePinchBegin(fingers: 2))
        for i in 1...30 { add(.gesturePinchUpdate(fingers: 2, delta: none, scale: 1 + Double(i) * 0.03, angleDelta: 0)) }
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

/// Heap allocations so far, when the process runs with touchsynth-alloc-count.so preloaded.
func allocationCount() -> UInt64? {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "touchsynth_allocations") else { return nil }
    return UInt64(symbol.assumingMemoryBound(to: UInt.self).pointee)
}

extension Bench {
    /// Events per second through one mode's translator, alone and feeding the default surface's
    /// recognizers, over `count` events; and heap allocations per event once warmed up.
    func measureThroughput(events count: Int) -> [Figure] {
        let stream = BenchStream()
        var figures: [Figure] = []
        for deliveryMode in DeliveryMode.allCases {
            let mode = deliveryMode.rawValue
            var alone = Figure(name: "translator alone, \(mode), \(count) events", unit: "Mevents/s", samples: [])
            var full = Figure(name: "translator + default surface, \(mode)", unit: "Mevents/s", samples: [])
            var allocations: [Double] = []
            for _ in 0..<runs {
                var translator = AppEventTranslator(mode: deliveryMode)
                var produced = 0
                let start = DispatchTime.now().uptimeNanoseconds
                stream.forEach(count) { produced += translator.translate($0).count }
                alone.samples.append(Double(count) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) / 1e6)
                precondition(produced > 0)

                var translator2 = AppEventTranslator(mode: deliveryMode)
                let surface = Surface.standard(screen: (1440, 900))
                // Warm-up: the first cycles size the buffers; steady state is what counts.
                let warm = stream.cycle.count * 20
                // Streamed as `compare` feeds its surfaces: each app event handed over as it is made.
                stream.forEach(warm) { translator2.translate($0, to: surface) }
                let before = allocationCount()
                let begin = DispatchTime.now().uptimeNanoseconds
                stream.forEach(count) { event in
                    var shifted = event
                    shifted.time += UInt64(warm / stream.cycle.count + 1) * stream.cycleDuration
                    translator2.translate(shifted, to: surface)
                }
                full.samples.append(Double(count) / (Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9) / 1e6)
                if let before, let after = allocationCount() { allocations.append(Double(after - before) / Double(count)) }
            }
            figures += [alone, full]
            if !allocations.isEmpty {
                figures.append(Figure(name: "heap allocations per event, translator + surface, \(mode)", unit: "allocs", samples: allocations))
            }
        }
        return figures
    }
}
