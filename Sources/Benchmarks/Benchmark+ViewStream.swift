import Foundation
import Histograms
import LibinputEvents
import Replays
import Recordings
import SurfaceDescriptions
import ViewPublishing
import ViewTimeline

extension Benchmark {
    /// The events per second a view-stream run takes: from one event in a hundred seconds to a
    /// hundred thousand a second.
    public static let viewStreamRates: ClosedRange<Double> = 0.01...100_000
    /// The seconds a view-stream run takes: up to a day.
    public static let viewStreamSeconds: ClosedRange<Double> =
        .leastNonzeroMagnitude...RecordingStream.seconds.upperBound

    /// What a live view's stream does under load: real libinput events (a replay of `recording`,
    /// repeated with times moved on) stepped through the view's model and published at `rate` per
    /// second for `seconds`, to one browser-like client on a real WebSocket that reads as fast as
    /// it can. Reports every frame delivered or counted as merged, the server's added delay (from
    /// publishing to the encoded message handed to the socket's writer), the model's time per
    /// event, and this process's resident memory over the run. `makeServer` starts the server
    /// on loopback with a free port, given the page's title. A `rate` outside
    /// ``viewStreamRates`` or `seconds` outside ``viewStreamSeconds`` is a `.usage` error.
    public func viewStream(
        recording: Recording, seconds: Double, rate: Double,
        makeServer: (String) throws -> any ViewPublisher
    ) throws -> [BenchFigure] {
        guard Self.viewStreamRates.contains(rate), Self.viewStreamSeconds.contains(seconds) else {
            throw HarnessError(
                .usage,
                "a view stream takes 0.01 to 100000 events per second for at most "
                    + "\(RecordingStream.secondsLimit) seconds"
            )
        }
        let events = try Replay(.recording(recording)).events.filter {
            if case .deviceAdded = $0.kind { return false }
            if case .deviceRemoved = $0.kind { return false }
            return true
        }
        guard let first = events.first?.time, let last = events.last?.time else { return [] }
        let cycle = last - first + 1_000_000
        let screen = BuiltInScreen.default.description()
        let model = ViewModel(
            title: "bench", device: recording.device,
            configuration: screen.translatorConfiguration(screen: BuiltInScreen.layoutSize),
            makeSurface: { (try? screen.makeSurface()) ?? .init() })
        let server = try makeServer("bench")
        server.show(.live(model.scene))
        defer { server.stop() }
        let client = try StreamClient(port: server.port)
        client.start()
        server.waitForStatistics { $0.browsers > 0 }

        let total = Int(seconds * rate)
        let period = UInt64(1e9 / rate)
        let start = DispatchTime.now().uptimeNanoseconds
        var step = BenchFigure(name: "view stream: model step per libinput event, p99", unit: "µs")
        // A histogram, not a list: the run's own memory must stay flat too.
        var stepTimes = DelayHistogram()
        var memory = BenchFigure(name: "view stream: resident memory, sampled every 10 s", unit: "MiB")
        for n in 0..<total {
            let due = start + UInt64(n) * period
            let now = DispatchTime.now().uptimeNanoseconds
            if due > now { usleep(UInt32((due - now) / 1000)) }
            var event = events[n % events.count]
            event.time += UInt64(n / events.count) * cycle
            let before = DispatchTime.now().uptimeNanoseconds
            let frame = model.step(event)
            stepTimes.add(Int64((DispatchTime.now().uptimeNanoseconds - before) / 1000))
            server.publish(frame)
            // Every 10 s of events, and at every event where they are further apart.
            if n % max(1, Int(rate * 10)) == 0 { memory.samples.append(Self.residentMiB()) }
        }
        memory.samples.append(Self.residentMiB())
        let published = server.statistics.published
        client.waitUntil(received: { $0 + server.statistics.coalesced >= published }, seconds: 10)
        let stats = server.statistics
        step.samples = [Double(stepTimes.percentile(0.99))]
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return [
            BenchFigure(
                name: String(format: "view stream: libinput events published (%.0f s at %.0f/s)", seconds, rate),
                unit: "events",
                samples: [Double(published)]),
            BenchFigure(
                name: "view stream: frames the client received", unit: "frames", samples: [Double(client.received)]),
            BenchFigure(
                name: "view stream: frames merged for the client (coalesced)", unit: "frames",
                samples: [Double(stats.coalesced)]),
            BenchFigure(
                name: "view stream: published rate achieved", unit: "events/s", samples: [Double(published) / wall]),
            BenchFigure(
                name: "view stream: server added delay, p50", unit: "µs",
                samples: [Double(stats.delays.percentile(0.5))]),
            BenchFigure(
                name: "view stream: server added delay, p99", unit: "µs",
                samples: [Double(stats.delays.percentile(0.99))]),
            BenchFigure(
                name: "view stream: server added delay, max", unit: "µs", samples: [Double(stats.delays.maximum)]),
            step,
            memory,
            // After the first tenth: what the allocator and the caches settle to is not growth.
            BenchFigure(
                name: "view stream: resident memory, last sample minus the one a tenth into the run", unit: "MiB",
                samples: [(memory.samples.last ?? 0) - memory.samples[memory.samples.count / 10]]),
        ]
    }

    private static func residentMiB() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
