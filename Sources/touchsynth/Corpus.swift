import ArgumentParser
import Foundation
import GestureSynthesis
import LibinputEvents
import Recordings

/// `touchsynth corpus`: the same five gestures synthesized on every touchpad description and
/// replayed through real libinput: which gestures each device gives, and why not.
struct Corpus: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Synthesize a pinch, rotation, 2-finger scroll, 3-finger swipe and hold on every touchpad description and report what libinput makes of each.",
        discussion: """
            Example (the table in docs/device-corpus.md): touchsynth corpus Tests/Fixtures/devices --libinput 1.22.1,1.28.1,1.31.3 \
            --markdown docs/device-corpus.md. With several --libinput versions every gesture is replayed on each, a column per version.
            """)

    @Argument(help: "Description or recording files, or directories of them (duplicates of one device are tested once).") var paths: [String]
    @Option(help: "Replays run at once (default: the number of CPUs).") var jobs: Int?
    @Option(help: "Also write the table as Markdown to this file.") var markdown: String?
    @Flag(help: "JSON Lines output: one object per device and gesture.") var json = false
    @OptionGroup var clock: ClockOptions
    @OptionGroup var libinput: LibinputOptions

    func validate() throws {
        try libinput.check(several: true)
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be within 1 and 64") }
    }

    func run() throws {
        let devices = reportingErrors { try CorpusDevice.collect(paths) }
        guard !devices.isEmpty else { fail("no touchpad description in \(paths.joined(separator: ", "))", code: ExitStatus.missingInput) }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-corpus-\(getpid())")
        makeDirectory(work.path)
        defer { try? FileManager.default.removeItem(at: work) }

        let builds = libinput.builds()
        var cells: [[CorpusCell]] = devices.map { _ in [] }
        var runs: [(device: Int, gesture: Int, file: String)] = []
        for (d, device) in devices.enumerated() {
            for (g, gesture) in CorpusGesture.all.enumerated() {
                do {
                    let script = try GestureScript.parse(gesture.script, file: gesture.name)
                    var options = GestureSynthesizer.Options()
                    options.quirks = LibinputQuirks.load(for: device.description)
                    let recording = try GestureSynthesizer.synthesize(script, on: device.description, options: options, file: gesture.name)
                    let file = work.appendingPathComponent("\(d)-\(g).yml").path
                    writeFile(LibinputRecordFormat.write(recording), to: file)
                    runs.append((d, g, file))
                    cells[d].append(CorpusCell(gesture: gesture, outcome: .pending))
                } catch {
                    cells[d].append(CorpusCell(gesture: gesture, outcome: .notSynthesized(error.message)))
                }
            }
        }
        let replays = builds.flatMap { build in runs.map { (file: $0.file, arguments: clock.arguments + LibinputOptions.arguments(build)) } }
        var results = replayAll(replays, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)[...]
        var byVersion: [[[CorpusCell]]] = []
        for _ in builds {
            var versionCells = cells
            for (run, result) in zip(runs, results.prefix(runs.count)) {
                switch result {
                case .success(let events): versionCells[run.device][run.gesture].outcome = CorpusGesture.all[run.gesture].judge(events)
                case .failure(let failure): versionCells[run.device][run.gesture].outcome = .replayFailed(failure.message)
                }
            }
            results = results.dropFirst(runs.count)
            byVersion.append(versionCells)
        }
        let table = CorpusTable(devices: devices, versions: builds.map(\.version), cells: byVersion)
        if json {
            for line in table.jsonLines() { emit(line) }
        } else {
            emitRaw(table.text())
        }
        if let markdown {
            let versions = libinput.list.map { " --libinput \($0)" } ?? ""
            writeFile(table.markdown(command: "touchsynth corpus \(paths.joined(separator: " "))\(versions) --markdown \(markdown)"), to: markdown)
        }
    }

    /// Replays every file through `touchsynth replay --json` with its arguments, `jobs` at a time,
    /// in separate processes (each hosts its own mocked device).
    private func replayAll(_ replays: [(file: String, arguments: [String])], jobs: Int) -> [Result<[LibinputEvent], ReplayFailure>] {
        let queue = ReplayQueue(replays.count)
        let executable = currentExecutable()
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(replays.count, 1))) { _ in
            while let index = queue.take() {
                queue.finish(index, Self.replay(executable, replays[index].file, arguments: replays[index].arguments, output: "\(replays[index].file).\(index)"))
            }
        }
        return queue.results
    }

    /// The events of one replay, or why it failed (its last line on stderr); `output` names the
    /// files its stdout and stderr go to.
    private static func replay(_ executable: String, _ file: String, arguments: [String], output base: String) -> Result<[LibinputEvent], ReplayFailure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["replay", "--json"] + arguments + [file]
        let output = base + ".jsonl", errors = base + ".stderr"
        guard FileManager.default.createFile(atPath: output, contents: nil), FileManager.default.createFile(atPath: errors, contents: nil),
              let out = FileHandle(forWritingAtPath: output), let err = FileHandle(forWritingAtPath: errors) else {
            return .failure(ReplayFailure(message: "cannot create files in \(FileManager.default.temporaryDirectory.path)"))
        }
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return .failure(ReplayFailure(message: "\(error)")) }
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            let last = stderr.split(separator: "\n").last.map(String.init) ?? "no message"
            return .failure(ReplayFailure(message: "exit \(process.terminationStatus): \(last)"))
        }
        do {
            return .success(try LibinputEvent.events(fromJSONLines: try String(contentsOfFile: output, encoding: .utf8)))
        } catch {
            return .failure(ReplayFailure(message: "\(error)"))
        }
    }
}

/// Why a corpus replay produced no events.
struct ReplayFailure: Error, Sendable {
    var message: String
}

/// Hands out files to replay and collects the results, across the worker threads.
private final class ReplayQueue: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var next = 0
    private(set) var results: [Result<[LibinputEvent], ReplayFailure>]

    init(_ count: Int) {
        self.count = count
        results = Array(repeating: .failure(ReplayFailure(message: "not run")), count: count)
    }

    func take() -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func finish(_ index: Int, _ events: Result<[LibinputEvent], ReplayFailure>) { lock.withLock { results[index] = events } }
}

/// One distinct device of the corpus and the first file that described it.
struct CorpusDevice {
    var file: String
    var description: DeviceDescription

    /// Touchpads among `paths` (files or directories), each device once.
    static func collect(_ paths: [String]) throws(RecordingError) -> [CorpusDevice] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw RecordingError(.missingFile, file: path, "no such file or directory")
            }
            if isDirectory.boolValue {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += entries.filter { [".desc", ".events", ".evemu", ".yml", ".yaml", ".evtest"].contains(where: $0.hasSuffix) }
                    .sorted().map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        var seen: [DeviceDescription] = []
        var devices: [CorpusDevice] = []
        for file in files {
            var device = try RecordingLoader.load(file).device
            guard device.udevInputKinds.contains("ID_INPUT_TOUCHPAD") else { continue }
            // The current axis values say nothing about the device.
            for code in device.absinfo.keys { device.absinfo[code]?.value = 0 }
            if seen.contains(device) { continue }
            seen.append(device)
            devices.append(CorpusDevice(file: URL(fileURLWithPath: file).lastPathComponent, description: device))
        }
        return devices
    }

    /// How the device tracks touches, for the table.
    var tracking: String {
        let d = description
        if !d.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT) {
            return d.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_X) ? "MT protocol A" : "single-touch"
        }
        return d.has(property: Evdev.INPUT_PROP_SEMI_MT) ? "semi-mt" : "\(d.slotCount) slots"
    }
}

/// A gesture of the corpus: its script and what counts as libinput reporting it.
struct CorpusGesture: Sendable {
    var name: String
    var script: String
    var fingers: Int
    var judge: @Sendable ([LibinputEvent]) -> CorpusCell.Outcome

    static let all: [CorpusGesture] = [
        CorpusGesture(name: "pinch", script: "pinch scale=1.5 separation=20mm duration=400ms", fingers: 2) { events in
            let scales = events.compactMap { e -> Double? in
                if case .gesturePinchUpdate(2, _, let scale, _) = e.kind { return scale }
                return nil
            }
            guard let last = scales.last else { return .other(summary(events)) }
            return .reported(String(format: "×%.2f", last))
        },
        CorpusGesture(name: "rotation", script: "rotate angle=60deg separation=24mm duration=400ms", fingers: 2) { events in
            var angle = 0.0
            var pinched = false
            for e in events { if case .gesturePinchUpdate(2, _, _, let a) = e.kind { angle += a; pinched = true } }
            return pinched ? .reported(String(format: "%.1f°", angle)) : .other(summary(events))
        },
        CorpusGesture(name: "2fg scroll", script: "scroll fingers=2 dy=20mm spacing=15mm duration=400ms", fingers: 2) { events in
            var total = 0.0
            var scrolled = false
            for e in events { if case .pointerScroll(let s) = e.kind, s.source == .finger { total += s.vertical ?? 0; scrolled = true } }
            return scrolled ? .reported(String(format: "%.0f", total)) : .other(summary(events))
        },
        CorpusGesture(name: "3fg swipe", script: "swipe fingers=3 direction=left distance=20mm spacing=15mm duration=300ms", fingers: 3) { events in
            var dx = 0.0
            var swiped = false
            for e in events { if case .gestureSwipeUpdate(3, let d) = e.kind { dx += d.unacceleratedDx; swiped = true } }
            return swiped ? .reported(String(format: "dx %.0f", dx)) : .other(summary(events))
        },
        CorpusGesture(name: "hold", script: "hold fingers=2 duration=500ms", fingers: 2) { events in
            let held = events.contains { if case .gestureHoldEnd(2, false) = $0.kind { return true }; return false }
            return held ? .reported("held") : .other(summary(events))
        },
    ]

    /// What libinput reported instead, in a few words.
    static func summary(_ events: [LibinputEvent]) -> String {
        var kinds: [String] = []
        for e in events {
            let kind: String?
            switch e.kind {
            case .gesturePinchBegin(let n): kind = "\(n)fg pinch"
            case .gestureSwipeBegin(let n): kind = "\(n)fg swipe"
            case .gestureHoldBegin(let n): kind = "\(n)fg hold"
            case .pointerScroll: kind = "scroll"
            case .pointerMotion: kind = "pointer motion"
            case .pointerButton: kind = "button"
            default: kind = nil
            }
            if let kind, !kinds.contains(kind) { kinds.append(kind) }
        }
        return kinds.isEmpty ? "nothing" : kinds.joined(separator: ", ")
    }
}

/// One device × gesture result.
struct CorpusCell {
    enum Outcome: Sendable {
        case pending
        /// libinput reported the gesture; with its value.
        case reported(String)
        /// libinput reported something else (or nothing).
        case other(String)
        /// The synthesizer refused: the device cannot perform it.
        case notSynthesized(String)
        /// The replay did not finish; its error.
        case replayFailed(String)
    }

    var gesture: CorpusGesture
    var outcome: Outcome

    var ok: Bool { if case .reported = outcome { return true }; return false }

    var short: String {
        switch outcome {
        case .pending: return "?"
        case .reported(let value): return "yes \(value)"
        case .other(let what): return "no (\(what))"
        case .notSynthesized: return "n/a"
        case .replayFailed(let why): return "replay failed: \(why)"
        }
    }
}
