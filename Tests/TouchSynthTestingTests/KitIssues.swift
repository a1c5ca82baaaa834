import Testing
import TouchSynthTesting

/// The kit's message, when `issue` is one of its failures: the issue's heading in the console
/// (Swift Testing prints an issue's kind, here the error it carries), not a bare "Issue recorded".
func message(of issue: Issue) -> String {
    guard let failure = issue.error as? ExpectationFailure else { return "" }
    return "\(issue.kind)".hasSuffix(failure.message) ? failure.message : ""
}
