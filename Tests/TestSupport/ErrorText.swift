import XCTest

/// What in `text` shows a Swift value rather than saying what went wrong; empty when nothing
/// does.
public func swiftValues(in said: String) -> [String] {
    var found = ["type:", "errno:", "Optional("].filter(said.contains)
    found += said.matches(of: #/[A-Za-z_][A-Za-z0-9_]*\(/#).map { String($0.output) }
    let caseAlone = #/(?:^|[\s(\[,])(\.[a-z][A-Za-z0-9]*)/#.anchorsMatchLineEndings()
    found += said.matches(of: caseAlone).map { String($0.output.1) }
    return found
}

/// Checks how a command line (`shown`) ended: with `status`, having printed an error, and with
/// no output showing a Swift value.
public func assertErrorIsASentence(
    _ result: Finished, status: Int32, _ shown: String,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(result.status, status, "\(shown): \(result.stderr)", file: file, line: line)
    let last = result.stderr.split(separator: "\n").last ?? ""
    XCTAssertTrue(
        last.hasPrefix("touchsynth: "), "\(shown): \(result.stderr)",
        file: file, line: line)
    XCTAssertEqual(
        swiftValues(in: result.stderr + result.stdout), [], "\(shown): \(result.stderr)",
        file: file, line: line)
}
