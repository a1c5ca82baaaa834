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

/// Heap allocations so far, when the process runs with libtouchsynth-alloc-count.so preloaded.
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
                figures.append(Figure(name: "heap allocations per event in the steady state, \(mode)", unit: "allocs",
                                      samples: [steadyStateAllocations(in: deliveryMode)]))
                figures.append(Figure(name: "heap allocations per event, translator crossing pointer regions, \(mode)", unit: "allocs",
                                      samples: [pointerRegionAllocations(in: deliveryMode)]))
            }
        }
        return figures
    }

    /// Heap allocations per event while long gestures go on (the pointer hovering, a drag, a
    /// pinch, a rotation, a two-finger scroll), each begun before counting starts and ended after
    /// it: what translating and recognizing costs an app's event loop once it runs.
    private func steadyStateAllocations(in mode: DeliveryMode) -> Double {
        var translator = AppEventTranslator(mode: mode)
        let surface = Surface.standard(screen: (1440, 900))
        var allocations: UInt64 = 0, counted = 0
        for gesture in SteadyGestures.all(steadyEvents: 5000) {
            gesture.begin.forEach { translator.translate($0, to: surface) }
            let before = allocationCount() ?? 0
            gesture.steady.forEach { translator.translate($0, to: surface) }
            allocations += (allocationCount() ?? 0) - before
            counted += gesture.steady.count
            gesture.end.forEach { translator.translate($0, to: surface) }
        }
        return Double(allocations) / Double(counted)
    }
}

extension Bench {
    /// Heap allocations per event of a translator whose hovering pointer crosses a pointer region
    /// every few events (``SteadyGestures/pointerStrip``): region events, rails and all. The
    /// translator alone: a surface keeps a list of the transitions for its report, which grows.
    fileprivate func pointerRegionAllocations(in mode: DeliveryMode) -> Double {
        var translator = AppEventTranslator(mode: mode, configuration: .init(pointerInteractions: SteadyGestures.pointerStrip))
        let hovering = SteadyGestures.all(steadyEvents: 5000)[0]
        var entered = 0
        hovering.begin.forEach { entered += translator.translate($0).count }
        let before = allocationCount() ?? 0
        var regionEvents = 0
        for event in hovering.steady {
            for appEvent in translator.translate(event) {
                if case .pointerRegion = appEvent.payload { regionEvents += 1 }
            }
        }
        let allocations = (allocationCount() ?? 0) - before
        precondition(entered > 0 && regionEvents > hovering.steady.count / 10, "the pointer crosses the strip's regions")
        return Double(allocations) / Double(hovering.steady.count)
    }
}

/// Long gestures as libinput reports them, 8 ms apart on one clock: the events that begin each,
/// those that continue it, and those that end it.
enum SteadyGestures {
    /// Twelve contiguous 10-point regions across the hovering pointer's path (x 720 to 760 and
    /// back), every other one a text line's rail.
    static let pointerStrip: [PointerInteraction] = {
        let regions = (0..<12).map { i in
            PointerRegion(identifier: "r\(i)", rect: Rect(x: 660 + 10 * Double(i), y: 400, width: 10, height: 100),
                          style: i % 2 == 0 ? .effect(.highlight) : .shape(.verticalBeam(length: 20), constrainedAxes: .vertical))
        }
        return [PointerInteraction(view: "strip", viewFrame: Rect(x: 660, y: 400, width: 120, height: 100), regions: regions)]
    }()

    static func all(steadyEvents count: Int) -> [(begin: [LibinputEvent], steady: [LibinputEvent], end: [LibinputEvent])] {
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
            return .gesturePinchUpdate(fingers: 2, delta: none, scale: turning ? 1 : 1.5 + 0.3 * phase, angleDelta: turning ? (i % 200 < 100 ? 2 : -2) : 0)
        }
        let added = event(.deviceAdded(DeviceInfo(name: "touchpad", sysname: "event10", capabilities: [.pointer, .gesture], sizeMM: nil)))
        let hover = ([added] + (0..<30).map { event(motion($0)) }, (0..<count).map { event(motion($0)) }, [LibinputEvent]())
        let drag = ([event(.pointerButton(button: 272, state: .pressed, seatCount: 1))] + (0..<30).map { event(motion($0)) },
                    (0..<count).map { event(motion($0)) }, [event(.pointerButton(button: 272, state: .released, seatCount: 1))])
        func pinchGesture(turning: Bool) -> ([LibinputEvent], [LibinputEvent], [LibinputEvent]) {
            ([event(.gesturePinchBegin(fingers: 2))] + (0..<30).map { event(pinch($0, turning: turning)) },
             (0..<count).map { event(pinch($0 + 30, turning: turning)) }, [event(.gesturePinchEnd(fingers: 2, scale: 1, cancelled: false))])
        }
        let scroll = ((0..<30).map { _ in event(.pointerScroll(Scroll(source: .finger, vertical: 3, horizontal: 0))) },
                      (0..<count).map { i in event(.pointerScroll(Scroll(source: .finger, vertical: i % 50 < 25 ? 3 : -3, horizontal: 0))) },
                      [event(.pointerScroll(Scroll(source: .finger, vertical: 0, horizontal: 0)))])
        return [hover, drag, pinchGesture(turning: false), pinchGesture(turning: true), scroll]
    }
}
