extension ReportData {
    /// A report's title for the recording at `path`, replayed from `start` to `end` seconds into
    /// it where given: "FILE, 1.000 s to 3.000 s into it", so that a page of a part says which. A
    /// start of 0 without an end is the whole recording, as it is to a table's note of the start.
    public static func title(of path: String, from start: Double? = nil, to end: Double? = nil) -> String {
        func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }
        guard (start ?? 0) > 0 || end != nil else { return path }
        return path + ", " + (end.map { "\(seconds(start ?? 0)) to \(seconds($0))" } ?? "from \(seconds(start ?? 0))")
            + " into it"
    }
}
