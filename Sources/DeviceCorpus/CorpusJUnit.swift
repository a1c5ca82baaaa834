import Foundation
import LibinputDecisions
import MarkupText

/// A corpus's results as JUnit XML, the report every CI dashboard reads: a test suite per libinput
/// version, a test case per pair (the device as its class, the gesture as its name). A replay
/// that failed is an error, a gesture the device cannot perform is skipped, and with `failOnDiff`
/// a gesture whose outcome differs between the versions among `results` is a failure in each,
/// naming the libinput changes that can give it (``CorpusResult/changes``).
/// What libinput made of the gesture is the case's output.
public enum CorpusJUnit {
    public static func xml(_ results: [CorpusResult], failOnDiff: Bool) -> String {
        let versions = results.reduce(into: [String]()) {
            if !$0.contains($1.pair.libinput) { $0.append($1.pair.libinput) }
        }
        var outcomes: [PairKey: [CorpusResult]] = [:]
        for r in results { outcomes[PairKey(r.pair), default: []].append(r) }
        func difference(_ r: CorpusResult) -> String? {
            guard failOnDiff, let all = outcomes[PairKey(r.pair)], CorpusCell.Outcome.differ(all.map(\.outcome)) else {
                return nil
            }
            return "libinput versions differ: "
                + all.map { r in
                    "\(r.pair.libinput): \(r.outcome.short)" + (r.changes.map { " (\($0.byCommit))" } ?? "")
                }.joined(separator: "; ")
        }
        struct Counts { var tests = 0, failures = 0, errors = 0, skipped = 0, time = 0.0 }
        func counts(_ rs: [CorpusResult]) -> Counts {
            var c = Counts()
            for r in rs {
                c.tests += 1
                c.time += r.seconds
                switch r.outcome {
                case .replayFailed: c.errors += 1
                case .notSynthesized: c.skipped += 1
                default: if difference(r) != nil { c.failures += 1 }
                }
            }
            return c
        }
        func attributes(_ c: Counts) -> String {
            "tests=\"\(c.tests)\" failures=\"\(c.failures)\" errors=\"\(c.errors)\" skipped=\"\(c.skipped)\" "
                + "time=\"\(seconds(c.time))\""
        }
        let escaped = MarkupText.escape
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"touchsynth corpus\" \(attributes(counts(results)))>\n"
        for version in versions {
            let suite = results.filter { $0.pair.libinput == version }
            out += "  <testsuite name=\"libinput \(escaped(version))\" \(attributes(counts(suite)))>\n"
            for r in suite {
                out +=
                    "    <testcase classname=\"\(escaped(r.pair.device))\" name=\"\(escaped(r.pair.gesture))\" "
                    + "time=\"\(seconds(r.seconds))\">\n"
                switch r.outcome {
                case .replayFailed(let why):
                    out += "      <error type=\"replay failed\" message=\"\(escaped(why))\"/>\n"
                case .notSynthesized(let why): out += "      <skipped message=\"\(escaped(why))\"/>\n"
                default:
                    if let diff = difference(r) {
                        out += "      <failure type=\"libinput versions differ\" message=\"\(escaped(diff))\"/>\n"
                    }
                }
                out += "      <system-out>\(escaped(r.outcome.short))</system-out>\n    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// A device's gesture, whatever the version.
    private struct PairKey: Hashable {
        var device: String, gesture: String
        init(_ pair: CorpusPair) { (device, gesture) = (pair.device, pair.gesture) }
    }

    private static func seconds(_ s: Double) -> String { String(format: "%.3f", s) }
}
