import Foundation
import LibinputEvents
import Replays
import Recordings
import XCTest
import TestSupport

/// Conversions lose nothing, or say what they lose: every recording under Tests/Fixtures, in
/// every format TouchSynth reads, written in every format it writes, replays through real
/// libinput to the same events as the original, unless the conversion named a loss.
final class ConversionRoundTripTests: XCTestCase {
    /// Folders of the fixtures that hold no recordings (or only broken ones, on purpose).
    private static let notRecordings: Set<String> = ["behaviour", "malformed", "junit", "scripts", "litest", "devices"]

    /// Every fixture file that reads as a recording with events, with the format it was read as.
    static func recordings() throws -> [(path: String, format: RecordingLoader.Format)] {
        let base = Fixtures.root.appendingPathComponent("Tests/Fixtures")
        let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey])
        var found: [(String, RecordingLoader.Format)] = []
        while let url = walker?.nextObject() as? URL {
            if notRecordings.contains(url.lastPathComponent) {
                walker?.skipDescendants()
                continue
            }
            guard ["yml", "events", "evemu", "evtest", "txt", "dat", "log"].contains(url.pathExtension),
                let stream = try? RecordingStream(path: url.path), (try? stream.nextFrame()) != nil
            else { continue }
            found.append((url.path, stream.format))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    func testEveryFixtureInEveryFormatReplaysTheSameOrSaysWhatItLost() throws {
        let all = try Self.recordings()
        XCTAssertEqual(
            Set(all.map(\.format)), [.evemu, .libinputRecord, .evtest, .getevent, .chromeOS], "every format read")
        XCTAssertGreaterThanOrEqual(all.count, 40)
        var identical = 0, warned = 0
        // One replay at a time: each is short, and a loaded machine slows them all alike.
        for path in all.map(\.path) {
            let original: (recording: Recording, events: [LibinputEvent])
            do {
                let recording = try RecordingLoader.load(path)
                original = (recording, try Replay(.recording(recording)).events)
            } catch {
                XCTFail("\(URL(fileURLWithPath: path).lastPathComponent): \(error)")
                continue
            }
            for format in RecordingFormat.allCases {
                let name = "\(URL(fileURLWithPath: path).lastPathComponent) → \(format.rawValue)"
                switch Self.check(original.recording, replayingTo: original.events, as: format) {
                case .identical: identical += 1
                case .lossNamed: warned += 1
                case .differsSilently(let first):
                    XCTFail("\(name): replays otherwise and no loss was named; first difference: \(first)")
                case .failed(let why): XCTFail("\(name): \(why)")
                }
            }
        }
        // Most conversions keep everything; the ones that do not are few and named.
        XCTAssertGreaterThan(identical, warned, "\(identical) identical, \(warned) with a loss named")
    }

    enum Outcome: Sendable {
        case identical, lossNamed, differsSilently(String), failed(String)
    }

    /// `original`, which replays to `before`, converted to `format` and replayed.
    private static func check(
        _ original: Recording, replayingTo before: [LibinputEvent], as format: RecordingFormat
    )
        -> Outcome
    {
        do {
            let text = format.text(original)
            let losses = format.losses(of: original, in: text)
            let converted = try RecordingLoader.load(text: text, file: "converted.\(format.rawValue)")
            let after = try Replay(.recording(converted)).events
            if before == after { return .identical }
            if !losses.isEmpty { return .lossNamed }
            let index =
                zip(before, after).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(before.count, after.count)
            return .differsSilently("event \(index) of \(before.count) and \(after.count)")
        } catch {
            return .failed("\(error)")
        }
    }
}
