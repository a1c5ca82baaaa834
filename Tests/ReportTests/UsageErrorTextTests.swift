import Report
import XCTest

/// A usage error in one line: ArgumentParser's message, its list of choices joined, and the
/// argument's help from the full text's `Help:` line.
final class UsageErrorTextTests: XCTestCase {
    func testTheArgumentsHelpSaysWhatTheValueShouldBe() {
        let full = """
            Error: The value '0x0' is invalid for '--screen <screen>'
            Help:  --screen <screen>  Virtual screen size in points, WIDTHxHEIGHT.
            Usage: touchsynth replay [<options>] <recording>
              See 'touchsynth replay --help' for more information.
            """
        XCTAssertEqual(
            UsageErrorText.line(
                message: "The value '0x0' is invalid for '--screen <screen>'", fullText: full,
                command: "touchsynth replay"),
            "touchsynth: The value '0x0' is invalid for '--screen <screen>' (--screen: Virtual screen size in points, "
                + "WIDTHxHEIGHT; see 'touchsynth replay --help')")
        XCTAssertEqual(
            UsageErrorText.line(
                message: "Missing expected argument '<recording>'",
                fullText: "Help:  <recording>  The recording.\nUsage: x", command: "touchsynth replay"),
            "touchsynth: Missing expected argument '<recording>' (<recording>: The recording; see "
                + "'touchsynth replay --help')")
    }

    func testAListOfChoicesIsSaidOnTheLineInsteadOfTheHelp() {
        let message =
            "The value 'x' is invalid for '--plot <plot>'. Please provide one of the following:\n  - touchpad\n"
            + "  - screen"
        XCTAssertEqual(
            UsageErrorText.line(
                message: message, fullText: "Help:  --plot <plot>  The plot.", command: "touchsynth report"),
            "touchsynth: The value 'x' is invalid for '--plot <plot>'. Please provide one of the following: touchpad, "
                + "screen (see 'touchsynth report --help')")
        XCTAssertNil(UsageErrorText.line(message: "", fullText: "", command: "touchsynth"))
    }

    /// A value quoted back with a terminal's escape in it is written escaped: it cannot clear the
    /// screen or colour what follows.
    func testAQuotedValuesControlCharactersAreEscaped() {
        let line = UsageErrorText.line(
            message: "The value 'foo\u{1B}[2J' is invalid for '--mode <mode>'", fullText: "",
            command: "touchsynth replay")
        XCTAssertEqual(
            line,
            "touchsynth: The value 'foo\\u{1B}[2J' is invalid for '--mode <mode>' (see 'touchsynth replay --help')")
    }
}
