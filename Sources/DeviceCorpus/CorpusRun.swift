import Foundation
import GestureSynthesis
import LibinputEvents
import MockedDevices
import Recordings

/// The corpus run: every gesture synthesized on every device and replayed through real libinput
/// on each build, several replays at once, each in this process with its own mocked device and
/// one libinput side.
public struct CorpusRun: Sendable {
    public var devices: [CorpusDevice]
    public var builds: [LibinputBuild]
    /// The replays' options besides the build (the clock).
    public var options = ReplayOptions()
    /// Replays run at once.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount

    public init(devices: [CorpusDevice], builds: [LibinputBuild]) {
        self.devices = devices
        self.builds = builds
    }

    /// What the run came to.
    public struct Outcome: Sendable {
        public var table: CorpusTable
        /// SIGINT or SIGTERM, when one stopped the replays: the table is then incomplete.
        public var interruption: Int32?
    }

    /// Synthesizes, replays and judges every device × gesture × build.
    public func run() -> Outcome {
        var cells: [[CorpusCell]] = devices.map { _ in [] }
        var replays: [(device: Int, gesture: Int, recording: Recording)] = []
        for (d, device) in devices.enumerated() {
            for (g, gesture) in CorpusGesture.all.enumerated() {
                do {
                    let script = try GestureScript.parse(gesture.script, file: gesture.name)
                    var synthesis = GestureSynthesizer.Options()
                    synthesis.quirks = LibinputQuirks.load(for: device.description)
                    let recording = try GestureSynthesizer.synthesize(script, on: device.description, options: synthesis, file: gesture.name)
                    replays.append((d, g, recording))
                    cells[d].append(CorpusCell(gesture: gesture, outcome: .pending))
                } catch {
                    cells[d].append(CorpusCell(gesture: gesture, outcome: .notSynthesized(error.message)))
                }
            }
        }
        let work = builds.flatMap { build in replays.map { (build, $0.recording) } }
        let results = ResultSlots(count: work.count)
        DispatchQueue.concurrentPerform(iterations: min(max(jobs, 1), max(work.count, 1))) { _ in
            while let index = results.take() {
                var options = self.options
                options.libinput = work[index].0
                do throws(HarnessError) {
                    let replay = try Replay(.recording(work[index].1), options: options)
                    results.finish(index, .success(replay.events), interruption: replay.report.interruption)
                } catch {
                    results.finish(index, .failure(error), interruption: nil)
                }
            }
        }
        var byVersion: [[[CorpusCell]]] = []
        for (b, _) in builds.enumerated() {
            var versionCells = cells
            for (r, replay) in replays.enumerated() {
                let outcome: CorpusCell.Outcome = switch results.results[b * replays.count + r] {
                case .success(let events): CorpusGesture.all[replay.gesture].judge(events)
                case .failure(let error): .replayFailed(error.message)
                case nil: .replayFailed("not run: the corpus was interrupted")
                }
                versionCells[replay.device][replay.gesture].outcome = outcome
            }
            byVersion.append(versionCells)
        }
        return Outcome(table: CorpusTable(devices: devices, versions: builds.map(\.version), cells: byVersion), interruption: results.interruption)
    }
}

/// Hands out the replays to run and collects their results, across the worker threads.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var next = 0
    /// Each replay's events or error; nil for one not run.
    private(set) var results: [Result<[LibinputEvent], HarnessError>?]
    private(set) var interruption: Int32?

    init(count: Int) {
        self.count = count
        results = Array(repeating: nil, count: count)
    }

    /// The next replay to run; none once every one is taken, or once one was interrupted.
    func take() -> Int? {
        lock.withLock {
            guard next < count, interruption == nil else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func finish(_ index: Int, _ result: Result<[LibinputEvent], HarnessError>, interruption: Int32?) {
        lock.withLock {
            results[index] = result
            self.interruption = self.interruption ?? interruption
        }
    }
}
