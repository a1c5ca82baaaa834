import Foundation
import GestureSynthesis
import LibinputDecisions
import LibinputEvents
import Replays
import Quirks
import Recordings

/// The corpus run: every gesture synthesized on every device and replayed through real libinput
/// on each build, several replays at once, each in this process with its own mocked device and
/// one libinput side; or, for a shard, only the pairs of ``selection``.
public struct CorpusRun: Sendable {
    public var devices: [CorpusDevice]
    public var builds: [LibinputBuild]
    /// The replays' options besides the build (the clock).
    public var options = ReplayOptions()
    /// Replays run at once.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// The pairs to run (a shard's); every pair when nil.
    public var selection: Set<CorpusPair>?

    public init(devices: [CorpusDevice], builds: [LibinputBuild]) {
        self.devices = devices
        self.builds = builds
    }

    /// Every pair of the corpus with its content hash, in the table's order: by version, then
    /// device, then gesture.
    public var pairs: [(pair: CorpusPair, hash: UInt64)] {
        builds.flatMap { build in
            devices.flatMap { device in
                CorpusGesture.all.map { gesture in
                    (
                        CorpusPair(device: device.file, gesture: gesture.name, libinput: build.version),
                        device.contentHash(gesture: gesture, libinput: build.version)
                    )
                }
            }
        }
    }

    /// Runs only `shard`'s pairs (all of them when nil), balanced by the `durations` of earlier
    /// runs; returns every pair's shard (0-based), as `corpus --list` prints it.
    @discardableResult
    public mutating func restrict(to shard: CorpusShard?, durations: [CorpusResult]) -> [CorpusPair: Int] {
        let assignment = CorpusShard.assign(
            pairs, shards: shard?.count ?? 1, durations: CorpusShard.durations(durations))
        selection = shard.map { shard in Set(assignment.filter { $0.value == shard.index - 1 }.keys) }
        return assignment
    }

    /// What the run came to.
    public struct Outcome: Sendable {
        /// Every pair's cell; a pair outside ``CorpusRun/selection`` stays pending.
        public var table: CorpusTable
        /// The pairs run, in the table's order.
        public var results: [CorpusResult]
        /// SIGINT or SIGTERM, when one stopped the replays: the table is then incomplete.
        public var interruption: Int32?
        /// A quirks file of ``CorpusRun/options`` that libinput refused: the table says nothing
        /// then, every replay having failed for it.
        public var refusedQuirks: HarnessError?
        /// The first replay that failed, of its kind, its message naming the pair and how many
        /// failed: the table shows each, and the run is not a success.
        public var failure: HarnessError?
    }

    /// Synthesizes, replays and judges every selected device × gesture × build.
    public func run() -> Outcome {
        func selected(_ d: Int, _ g: Int, _ version: String) -> Bool {
            selection?.contains(
                CorpusPair(device: devices[d].file, gesture: CorpusGesture.all[g].name, libinput: version)) ?? true
        }
        var cells: [[CorpusCell]] = devices.map { _ in
            CorpusGesture.all.map { CorpusCell(gesture: $0, outcome: .pending) }
        }
        var replays: [(device: Int, gesture: Int, recording: Recording)] = []
        for (d, device) in devices.enumerated() {
            for (g, gesture) in CorpusGesture.all.enumerated()
            where builds.contains(where: { selected(d, g, $0.version) }) {
                do {
                    let script = try GestureScript.parse(gesture.script, file: gesture.name)
                    var synthesis = GestureSynthesizer.Options()
                    synthesis.quirks = LibinputQuirks.load(for: device.description)
                    let recording = try GestureSynthesizer.synthesize(
                        script, on: device.description, options: synthesis, file: gesture.name)
                    replays.append((d, g, recording))
                } catch {
                    cells[d][g].outcome = .notSynthesized(error.problem)
                }
            }
        }
        let work = builds.enumerated().flatMap { b, build in
            replays.indices.filter { selected(replays[$0].device, replays[$0].gesture, build.version) }.map {
                (build: b, replay: $0)
            }
        }
        let synthesized = replays
        let results = ResultSlots(count: work.count)
        DispatchQueue.concurrentPerform(iterations: min(max(jobs, 1), max(work.count, 1))) { _ in
            while let index = results.take() {
                var options = self.options
                options.libinput = builds[work[index].build]
                let start = ContinuousClock.now
                do throws(HarnessError) {
                    let replay = try Replay(.recording(synthesized[work[index].replay].recording), options: options)
                    let seconds = Self.seconds(since: start)
                    results.finish(
                        index,
                        .success(Replayed(events: replay.events, modesDiffer: CorpusModes.differences(replay.events))),
                        seconds: seconds, interruption: replay.report.interruption)
                } catch {
                    results.finish(index, .failure(error), seconds: Self.seconds(since: start), interruption: nil)
                }
            }
        }
        /// Build `b`'s replay of `replays[r]`, when it ran and succeeded.
        func replayed(_ b: Int, _ r: Int) -> Replayed? {
            guard let w = work.firstIndex(where: { $0 == (b, r) }), case .success(let done) = results.results[w]
            else { return nil }
            return done
        }
        var refusedQuirks: HarnessError?
        var failures: [HarnessError] = []
        var byVersion = builds.map { _ in cells }
        var seconds: [CorpusPair: Double] = [:]
        for (w, item) in work.enumerated() {
            let replay = replays[item.replay]
            let outcome: CorpusCell.Outcome
            switch results.results[w] {
            case .success(let replayed):
                outcome = CorpusGesture.all[replay.gesture].judge(replayed.events)
                byVersion[item.build][replay.device][replay.gesture].modesDiffer = replayed.modesDiffer
            case .failure(let error):
                if error.kind == .quirksRefused { refusedQuirks = refusedQuirks ?? error }
                failures.append(error)
                outcome = .replayFailed(error.message)
            case nil:
                outcome = .replayFailed("not run: the corpus was interrupted")
            }
            byVersion[item.build][replay.device][replay.gesture].outcome = outcome
            seconds[
                CorpusPair(
                    device: devices[replay.device].file, gesture: CorpusGesture.all[replay.gesture].name,
                    libinput: builds[item.build].version)] = results.seconds[w]
        }
        // The quirks as the newer version of a step applies them, as `explain --libinput` takes
        // them: listed once per device and version, and a listing that fails fails the run.
        var listed: [[LibinputQuirks?]] = builds.map { _ in devices.map { _ in nil } }
        func quirks(_ b: Int, _ r: Int) -> LibinputQuirks {
            let d = replays[r].device
            if let known = listed[b][d] { return known }
            var options = self.options
            options.libinput = builds[b]
            let quirks: LibinputQuirks
            do throws(HarnessError) {
                quirks = try LibinputQuirks.applied(to: replays[r].recording, options: options)
            } catch {
                failures.append(error)
                quirks = LibinputQuirks.load(for: devices[d].description)
            }
            listed[b][d] = quirks
            return quirks
        }
        for (b, build) in builds.enumerated().dropFirst() {
            for r in replays.indices {
                let (d, g) = (replays[r].device, replays[r].gesture)
                guard let before = replayed(b - 1, r), let after = replayed(b, r),
                    CorpusCell.Outcome.differ([byVersion[b - 1][d][g].outcome, byVersion[b][d][g].outcome])
                else { continue }
                byVersion[b][d][g].changes = Self.changes(
                    from: (builds[b - 1].version, before.events), to: (build.version, after.events),
                    on: devices[d].description, quirks: quirks(b, r))
            }
        }
        let table = CorpusTable(devices: devices, versions: builds.map(\.version), cells: byVersion)
        var done: [CorpusResult] = []
        for (b, build) in builds.enumerated() {
            for d in devices.indices {
                for g in CorpusGesture.all.indices where selected(d, g, build.version) {
                    let pair = CorpusPair(
                        device: devices[d].file, gesture: CorpusGesture.all[g].name, libinput: build.version)
                    done.append(
                        CorpusResult(
                            pair: pair, outcome: byVersion[b][d][g].outcome,
                            modesDiffer: byVersion[b][d][g].modesDiffer,
                            seconds: seconds[pair] ?? 0, changes: byVersion[b][d][g].changes))
                }
            }
        }
        let failure = failures.first.map { HarnessError($0.kind, CorpusResult.failedReplays(in: done) ?? $0.message) }
        return Outcome(
            table: table, results: done, interruption: results.interruption, refusedQuirks: refusedQuirks,
            failure: failure)
    }

    /// The libinput changes between two versions that can give where their events for one
    /// gesture part, and those their later differences show, in release order; empty where the
    /// events are the same or no known change gives the parting (``VersionParting/named``). A
    /// change to accelerated deltas alone is left out: no outcome the corpus compares is one. The
    /// replays run with libinput's default settings: tapping on only for pads without a button.
    static func changes(
        from before: (version: String, events: [LibinputEvent]), to after: (version: String, events: [LibinputEvent]),
        on device: DeviceDescription, quirks: LibinputQuirks
    ) -> [LibinputChange] {
        guard
            let parting = VersionParting.between(
                before, after, device: device, quirks: quirks, tapping: DeviceConfiguration().taps(on: device))
        else { return [] }
        let named = Set(parting.named)
        return LibinputChange.allCases.filter { named.contains($0) && !$0.changesAcceleratedDeltasAlone }
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

/// One pair's outcome, where the delivery modes differ on it (``CorpusCell/modesDiffer``), and how
/// long its replay took (0 for a gesture the device cannot perform).
public struct CorpusResult: Sendable {
    /// How many of `results` failed to replay, and the first with its reason, in one line; nil
    /// when none did. A run, or the merge of its shards, with one is not a success.
    public static func failedReplays(in results: [CorpusResult]) -> String? {
        let failed = results.compactMap { r in
            if case .replayFailed(let why) = r.outcome { (r.pair, why) } else { nil }
        }
        let replayed = results.filter { if case .notSynthesized = $0.outcome { false } else { true } }
        guard let (pair, why) = failed.first else { return nil }
        return "\(failed.count) of \(replayed.count) replays failed; the first, \(pair.device) \(pair.gesture) on "
            + "libinput \(pair.libinput): \(why)"
    }

    public var pair: CorpusPair
    public var outcome: CorpusCell.Outcome
    public var modesDiffer: [String] = []
    public var seconds: Double
    /// The libinput changes that can give where this version parts from the one before
    /// (``CorpusCell/changes``).
    public var changes: [LibinputChange]?
}

/// A replay's libinput events and where the delivery modes differ on them.
private struct Replayed {
    var events: [LibinputEvent]
    var modesDiffer: [String]
}

/// Hands out the replays to run and collects their results, across the worker threads.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var next = 0
    /// Each replay's events or error; nil for one not run.
    private(set) var results: [Result<Replayed, HarnessError>?]
    /// Each replay's wall time.
    private(set) var seconds: [Double]
    private(set) var interruption: Int32?

    init(count: Int) {
        self.count = count
        results = Array(repeating: nil, count: count)
        seconds = Array(repeating: 0, count: count)
    }

    /// The next replay to run; none once every one is taken, or once one was interrupted.
    func take() -> Int? {
        lock.withLock {
            guard next < count, interruption == nil else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func finish(_ index: Int, _ result: Result<Replayed, HarnessError>, seconds: Double, interruption: Int32?) {
        lock.withLock {
            results[index] = result
            self.seconds[index] = seconds
            self.interruption = self.interruption ?? interruption
        }
    }
}
