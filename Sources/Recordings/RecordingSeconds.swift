import Foundation

extension RecordingStream {
    /// The seconds a time into a recording may be, from its start to ``longestRecording``'s end:
    /// what `--start`, `--end`, a fault's time and a replay's length are held to.
    public static let seconds: ClosedRange<Double> = 0...Double(longestRecording) / 1e6
    /// ``seconds``' end in words, `86400`.
    public static var secondsLimit: String { String(format: "%g", seconds.upperBound) }
}
