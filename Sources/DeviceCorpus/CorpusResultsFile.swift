import Foundation
import LibinputDecisions
import LibinputEvents
import LibinputEventText
import Recordings

/// A corpus run's result file (`corpus --results FILE`), JSON Lines: the header every JSON output
/// opens with, the run (its command, gestures, libinput versions and shard), every device of the
/// corpus with its whole description, then a record per pair the run replayed. ``CorpusMerge``
/// builds the whole corpus's table from the files of all shards, needing nothing else.
public struct CorpusResultsFile: Sendable {
    /// The command a single run of the whole corpus would be, without `--markdown`, `--shard`
    /// and the like: the Markdown page names it.
    public var command: String
    public var versions: [String]
    public var shard: CorpusShard
    public var devices: [CorpusDevice]
    public var results: [CorpusResult]

    public init(
        command: String, versions: [String], shard: CorpusShard, devices: [CorpusDevice], results: [CorpusResult]
    ) {
        self.command = command
        self.versions = versions
        self.shard = shard
        self.devices = devices
        self.results = results
    }

    static let output = "corpusResults"

    /// What a line after the run's is: `device` or `pair`.
    struct Kind: Decodable {
        var record: String
    }

    struct Run: Codable, Equatable {
        var record = "run"
        var command: String
        var gestures: [String]
        var libinput: [String]
        var shard: String
    }

    struct Device: Codable {
        var record = "device"
        var device: String
        var description: StoredDescription
    }

    struct Pair: Codable {
        var record = "pair"
        var device: String
        var gesture: String
        var libinput: String
        var seconds: Double
        var reported: Bool
        var value: String?
        var instead: String?
        var notSynthesized: String?
        var replayFailed: String?
        var modesDiffer: [String]?
        /// ``CorpusResult/changes``, by name.
        var changes: [String]?

        init(_ result: CorpusResult) {
            modesDiffer = result.modesDiffer.isEmpty ? nil : result.modesDiffer
            changes = result.changes?.map(\.rawValue)
            device = result.pair.device
            gesture = result.pair.gesture
            libinput = result.pair.libinput
            seconds = result.seconds
            reported = false
            switch result.outcome {
            case .reported(let v): value = v; reported = true
            case .other(let v): instead = v
            case .notSynthesized(let v): notSynthesized = v
            case .replayFailed(let v): replayFailed = v
            case .pending: replayFailed = "not run"
            }
        }

        var outcome: CorpusCell.Outcome? {
            if let value, reported { return .reported(value) }
            if let instead { return .other(instead) }
            if let notSynthesized { return .notSynthesized(notSynthesized) }
            if let replayFailed { return .replayFailed(replayFailed) }
            return nil
        }
    }

    /// The file's text, written as every JSON Lines output is (``JSONLines``).
    public func text() throws -> String {
        let run = Run(
            command: command, gestures: CorpusGesture.all.map(\.name), libinput: versions, shard: shard.description)
        let lines =
            [try JSONLines.header(Self.output), try JSONLines.line(run)]
            + (try devices.map { try JSONLines.line(Device(device: $0.file, description: $0.stored)) })
            + (try results.map { try JSONLines.line(Pair($0)) })
        return lines.map { $0 + "\n" }.joined()
    }

    /// Reads the result file at `path` (`-`: standard input). A file missing or unreadable, or
    /// not text, is a ``RecordingError`` as for any input; one malformed a ``CorpusError``.
    public static func load(_ path: String) throws -> CorpusResultsFile {
        try parse(readText(path, of: "a corpus result file", mayBeLong: true), file: path)
    }

    /// Reads a result file's `text`; `file` names it in errors, with the line.
    public static func parse(_ text: String, file: String) throws(CorpusError) -> CorpusResultsFile {
        let decoder = JSONDecoder()
        func bad(_ line: Int, _ problem: String) -> CorpusError {
            CorpusError("\(file):\(line): \(problem)", badData: true)
        }
        func decode<T: Decodable>(_ type: T.Type, _ text: Substring, line: Int, what: String) throws(CorpusError) -> T {
            do { return try decoder.decode(type, from: Data(text.utf8)) } catch { throw bad(line, "not \(what)") }
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter {
            !$0.element.isEmpty
        }
        // Lines ended by a carriage return alone are one line, which no header begins.
        if let first = lines.first, RecordingStream.hasLoneCarriageReturn(first.element) {
            throw bad(first.offset + 1, RecordingStream.loneCarriageReturns)
        }
        guard let first = lines.first, let header = JSONLines.header(in: first.element), header.output == output else {
            throw bad(1, "not a corpus result file (written by `touchsynth corpus --results`)")
        }
        guard header.schemaVersion <= JSONSchema.version else {
            throw bad(1, "schema version \(header.schemaVersion) is newer than this build's \(JSONSchema.version)")
        }
        guard lines.count >= 2 else { throw bad(2, "the run's record is missing") }
        // Its text reaches a terminal and a Markdown table: touchsynth writes no control character.
        func refuseControlCharacter(in text: Substring, line: Int) throws(CorpusError) {
            guard let control = Self.controlCharacter(in: text) else { return }
            throw bad(line, "a value holds a control character, U+\(String(format: "%04X", control.value))")
        }
        try refuseControlCharacter(in: lines[1].element, line: lines[1].offset + 1)
        let run = try decode(Run.self, lines[1].element, line: lines[1].offset + 1, what: "the run's record")
        guard run.gestures == CorpusGesture.all.map(\.name) else {
            throw bad(
                lines[1].offset + 1, "its gestures (\(run.gestures.joined(separator: ", "))) are not this build's")
        }
        guard let shard = CorpusShard(run.shard) else {
            throw bad(lines[1].offset + 1, "\"\(run.shard)\" is no shard: " + CorpusShard.rule)
        }
        var devices: [CorpusDevice] = []
        var results: [CorpusResult] = []
        var pairLines: [CorpusPair: Int] = [:]
        for (offset, text) in lines.dropFirst(2) {
            let number = offset + 1
            try refuseControlCharacter(in: text, line: number)
            switch try decode(Kind.self, text, line: number, what: "a record of a result file").record {
            case "device":
                let record = try decode(Device.self, text, line: number, what: "a device record")
                guard results.isEmpty else { throw bad(number, "a device after the pairs") }
                guard let description = record.description.description else {
                    throw bad(number, "the device's description is malformed")
                }
                devices.append(CorpusDevice(file: record.device, description: description))
            case "pair":
                let record = try decode(Pair.self, text, line: number, what: "a pair record")
                guard let outcome = record.outcome else { throw bad(number, "the pair has no outcome") }
                // A replay's time: a day is the longest recording replayed.
                guard RecordingStream.seconds.contains(record.seconds) else {
                    throw bad(
                        number,
                        "\(String(format: "%g", record.seconds)) seconds is no replay's time (0 to "
                            + "\(RecordingStream.secondsLimit))")
                }
                guard devices.contains(where: { $0.file == record.device }),
                    CorpusGesture.all.contains(where: { $0.name == record.gesture }),
                    run.libinput.contains(record.libinput)
                else {
                    throw bad(
                        number,
                        "\(record.device) \(record.gesture) on libinput \(record.libinput) is not a pair of this run")
                }
                let pair = CorpusPair(device: record.device, gesture: record.gesture, libinput: record.libinput)
                if let first = pairLines[pair] {
                    throw bad(number, "\(pair.name) is given twice (first on line \(first))")
                }
                pairLines[pair] = number
                var changes: [LibinputChange]?
                if let names = record.changes {
                    changes = try names.map { name throws(CorpusError) in
                        guard let change = LibinputChange(rawValue: name) else {
                            throw bad(number, "\"\(name)\" is no libinput change this build knows")
                        }
                        return change
                    }
                }
                results.append(
                    CorpusResult(
                        pair: pair, outcome: outcome, modesDiffer: record.modesDiffer ?? [], seconds: record.seconds,
                        changes: changes))
            case let other:
                throw bad(number, "\"\(other)\" is not a record of a result file (device or pair)")
            }
        }
        return CorpusResultsFile(
            command: run.command, versions: run.libinput, shard: shard, devices: devices, results: results)
    }

    /// The first control character of the strings of the JSON object `line`, if any.
    private static func controlCharacter(in line: Substring) -> Unicode.Scalar? {
        func first(in value: Any) -> Unicode.Scalar? {
            switch value {
            case let text as String: return text.unicodeScalars.first { $0.properties.generalCategory == .control }
            case let object as [String: Any]:
                return object.sorted { $0.key < $1.key }.lazy.compactMap { first(in: $0.value) }.first
            case let array as [Any]: return array.lazy.compactMap(first).first
            default: return nil
            }
        }
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))).flatMap(first)
    }
}
