import AppEvents
import Foundation
import Gestures
import LibinputEvents
import SurfaceDescriptions

extension Benchmark {
    /// Events per second through one mode's translator, alone and feeding the canvas surface's
    /// recognizers, over ``events`` events; and heap allocations per event once warmed up, when
    /// the allocation counter is loaded (``allocationCount()``).
    public func throughput() -> [BenchFigure] {
        let count = events
        let stream = BenchStream()
        var figures: [BenchFigure] = []
        for deliveryMode in DeliveryMode.allCases {
            let mode = deliveryMode.rawValue
            var alone = BenchFigure(name: "translator alone, \(mode), \(count) events", unit: "Mevents/s", samples: [])
            var full = BenchFigure(name: "translator + canvas surface, \(mode)", unit: "Mevents/s", samples: [])
            var allocations: [Double] = []
            for _ in 0..<runs {
                var translator = AppEventTranslator(mode: deliveryMode)
                var produced = 0
                let start = DispatchTime.now().uptimeNanoseconds
                stream.forEach(count) { produced += translator.translate($0).count }
                alone.samples.append(Double(count) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) / 1e6)
                precondition(produced > 0)

                var translator2 = AppEventTranslator(mode: deliveryMode)
                let surface = Surface.builtIn(.canvas)
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
                if let before, let after = allocationCount() {
                    allocations.append(Double(after - before) / Double(count))
                }
            }
            figures += [alone, full]
            if !allocations.isEmpty {
                figures.append(
                    BenchFigure(
                        name: "heap allocations per event, translator + surface, \(mode)", unit: "allocs",
                        samples: allocations))
                figures.append(
                    BenchFigure(
                        name: "heap allocations per event in the steady state, \(mode)", unit: "allocs",
                        samples: [steadyStateAllocations(in: deliveryMode)]))
                figures.append(
                    BenchFigure(
                        name: "heap allocations per event, translator crossing pointer regions, \(mode)",
                        unit: "allocs",
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
        let surface = Surface.builtIn(.canvas)
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

extension Benchmark {
    /// Heap allocations per event of a translator whose hovering pointer crosses a pointer region
    /// every few events (``SteadyGestures/pointerStrip``): region events, rails and all. The
    /// translator alone: a surface keeps a list of the transitions for its report, which grows.
    fileprivate func pointerRegionAllocations(in mode: DeliveryMode) -> Double {
        var translator = AppEventTranslator(
            mode: mode, configuration: .init(pointerInteractions: SteadyGestures.pointerStrip))
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
        precondition(
            entered > 0 && regionEvents > hovering.steady.count / 10, "the pointer crosses the strip's regions")
        return Double(allocations) / Double(hovering.steady.count)
    }
}
