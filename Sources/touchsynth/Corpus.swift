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
        discussion: "Example (the table in docs/device-corpus.md): touchsynth corpus Tests/Fixtures/devices --markdown docs/device-corpus.md")

    @Argument(help: "Description or recording files, or directories of them (duplicates of one device are tested once).") var paths: [String]
    @Option(help: "Replays run at once (default: the number of CPUs).") var jobs: Int?
    @Option(help: "Also write the table as Markdown to this file.") var markdown: String?
    @Flag(help: "JSON Lines output: one object per device and gesture.") var json = false
    @OptionGroup var clock: ClockOptions

    func validate() throws {
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be within 1 and 64") }
    }

    func run() throws {
        let devices = reportingErrors { try CorpusDevice.collect(paths) }
        guard !devices.isEmpty else { fail("no touchpad description in \(paths.joined(separator: ", "))", code: ExitStatus.missingInput) }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-corpus-\(getpid())")
        makeDirectory(work.path)
        defer { try? FileManager.default.removeItem(at: work) }

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
        let results = replayAll(runs.map(\.file), jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, clock: clock.arguments)
        for (run, result) in zip(runs, results) {
            switch result {
            case .success(let events): cells[run.device][run.gesture].outcome = CorpusGesture.all[run.gesture].judge(events)
            case .failure(let failure): cells[run.device][run.gesture].outcome = .replayFailed(failure.message)
            }
        }
        let table = CorpusTable(devices: devices, cells: cells)
        if json {
            for line in table.jsonLines() { emit(line) }
        } else {
            emitRaw(table.text())
        }
        if let markdown {
            writeFile(table.markdown(command: "touchsynth corpus \(paths.joined(separator: " ")) --markdown \(markdown)"), to: markdown)
        }
    }

    /// Replays every file through `touchsynth replay --json`, `jobs` at a time, in separate
    /// processes (each hosts its own mocked device).
    private func replayAll(_ files: [String], jobs: Int, clock: [String]) -> [Result<[LibinputEvent], ReplayFailure>] {
        let queue = ReplayQueue(files)
        let executable = currentExecutable()
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(files.count, 1))) { _ in
            while let (index, file) = queue.take() { queue.finish(index, Self.replay(executable, file, clock: clock)) }
        }
        return queue.results
    }

    /// The events of one replay, or why it failed (its last line on stderr).
    private static func replay(_ executable: String, _ file: String, clock: [String]) -> Result<[LibinputEvent], ReplayFailure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["replay", "--json"] + clock + [file]
        let output = file + ".jsonl", errors = file + ".stderr"
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
    private let files: [String]
    private var next = 0
    private(set) var results: [Result<[LibinputEvent], ReplayFailure>]

    init(_ files: [String]) {
        self.files = files
        results = Array(repeating: .failure(ReplayFailure(message: "not run")), count: files.count)
    }

    func take() -> (Int, String)? {
        lock.withLock {
            guard next < files.count else { return nil }
            defer { next += 1 }
            return (next, files[next])
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

/// The corpus results as a table, with the reasons a device does not give a gesture.
struct CorpusTable {
    var devices: [CorpusDevice]
    var cells: [[CorpusCell]]

    /// Why the gestures that failed on `device` failed, from what the device is.
    func reasons(_ index: Int) -> String {
        let device = devices[index]
        let d = device.description
        var reasons: [String] = []
        let failed = cells[index].filter { !$0.ok }
        guard !failed.isEmpty else { return "" }
        if d.has(property: Evdev.INPUT_PROP_SEMI_MT) {
            reasons.append("semi-mt: the pad reports a bounding box, not touches; libinput gives it no gesture capability, so two fingers always scroll")
        } else if !d.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT) {
            reasons.append(d.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_X)
                ? "MT protocol A (no slots): libinput tracks one touch plus BTN_TOOL_* finger counts, so no pinch, rotation or hold"
                : "single-touch: one position plus BTN_TOOL_* finger counts, so no pinch, rotation or hold")
        } else if d.slotCount < 3, failed.contains(where: { $0.gesture.fingers >= 3 }) {
            reasons.append("\(d.slotCount) slots: a third finger exists only as BTN_TOOL_TRIPLETAP")
        }
        for cell in failed {
            if case .notSynthesized(let why) = cell.outcome, !reasons.contains(why) { reasons.append(why) }
        }
        if d.absinfo[Evdev.ABS_MT_POSITION_X]?.resolution ?? d.absinfo[Evdev.ABS_X]?.resolution ?? 0 == 0 {
            reasons.append(LibinputQuirks.load(for: d).resolutionHint == nil
                ? "no resolution: libinput (and the synthesizer) take the pad to be 69 × 50 mm"
                : "no resolution: libinput (and the synthesizer) take its quirks' resolution hint")
        }
        return reasons.joined(separator: "; ")
    }

    func text() -> String {
        let headers = ["device", "tracking"] + CorpusGesture.all.map(\.name)
        let rows = devices.enumerated().map { i, d in [d.file, d.tracking] + cells[i].map(\.short) }
        let widths = headers.indices.map { c in ([headers] + rows).map { $0[c].count }.max() ?? 0 }
        func line(_ row: [String]) -> String { zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ") }
        var out = line(headers) + "\n" + rows.map(line).joined(separator: "\n") + "\n"
        let notes = devices.indices.map { (devices[$0].file, reasons($0)) }.filter { !$0.1.isEmpty }
        if !notes.isEmpty { out += "\n" + notes.map { "\($0.0): \($0.1)" }.joined(separator: "\n") + "\n" }
        let reported = cells.joined().filter(\.ok).count
        out += "\n\(reported) of \(cells.joined().count) gestures reported by libinput on \(devices.count) touchpads\n"
        return out
    }

    func markdown(command: String) -> String {
        var out = "# Device corpus: which gestures libinput reports on which touchpad\n\n"
        out += "Produced by `\(command)`: every distinct touchpad description from the shared evemu recordings, "
        out += "with each gesture synthesized on it (`touchsynth synthesize`) and replayed through real libinput "
        out += "(\(libinputVersion())) on a mocked device. Values: final pinch scale, accumulated angle, total finger-scroll "
        out += "distance, unaccelerated swipe dx.\n\nScripts:\n\n"
        for g in CorpusGesture.all { out += "- \(g.name): `\(g.script)`\n" }
        out += "\n| device | tracking | " + CorpusGesture.all.map(\.name).joined(separator: " | ") + " | why not |\n"
        out += "|---|---|" + CorpusGesture.all.map { _ in "---" }.joined(separator: "|") + "|---|\n"
        for (i, d) in devices.enumerated() {
            out += "| \(d.file) (\(d.description.name)) | \(d.tracking) | " + cells[i].map(\.short).joined(separator: " | ") + " | \(reasons(i)) |\n"
        }
        let reported = cells.joined().filter(\.ok).count
        out += "\n\(reported) of \(cells.joined().count) gestures reported on \(devices.count) touchpads.\n"
        return out
    }

    func jsonLines() -> [String] {
        devices.indices.flatMap { i in
            cells[i].map { cell in
                JSONLines.line(CorpusLine(device: devices[i], cell: cell, why: cell.ok ? nil : reasons(i)))
            }
        }
    }

    private func libinputVersion() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--modversion", "libinput"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "libinput" }
        process.waitUntilExit()
        let version = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return version.isEmpty ? "libinput" : "libinput \(version)"
    }
}

/// `corpus --json`'s line for one device and gesture: the outcome under its own key (`value`,
/// `instead`, `not_synthesized` or `replay_failed`), and `why` a gesture was not reported.
private struct CorpusLine: Encodable {
    var device: CorpusDevice
    var cell: CorpusCell
    var why: String?

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: NamedKey.self)
        try c.encode(device.file, forKey: NamedKey("device"))
        try c.encode(device.description.name, forKey: NamedKey("name"))
        try c.encode(device.tracking, forKey: NamedKey("tracking"))
        try c.encode(cell.gesture.name, forKey: NamedKey("gesture"))
        try c.encode(cell.ok, forKey: NamedKey("reported"))
        switch cell.outcome {
        case .reported(let value): try c.encode(value, forKey: NamedKey("value"))
        case .other(let what): try c.encode(what, forKey: NamedKey("instead"))
        case .notSynthesized(let why): try c.encode(why, forKey: NamedKey("not_synthesized"))
        case .replayFailed(let why): try c.encode(why, forKey: NamedKey("replay_failed"))
        case .pending: break
        }
        try c.encodeIfPresent(why, forKey: NamedKey("why"))
    }
}
