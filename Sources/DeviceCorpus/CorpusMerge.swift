/// The result files of every shard of a corpus, put back together: the table a single run of
/// the whole corpus gives, or one line naming what is missing, duplicated or does not belong.
public struct CorpusMerge: Sendable {
    /// The whole corpus's table.
    public var table: CorpusTable
    /// The command a single run would be (``CorpusResultsFile/command``).
    public var command: String
    /// Every pair's result, in the table's order.
    public var results: [CorpusResult]
    /// The shards' failed replays (``CorpusResult/failedReplays(in:)``), as the whole run would
    /// have ended; nil when none failed.
    public var failure: CorpusError? { CorpusResult.failedReplays(in: results).map { CorpusError($0, badData: true) } }

    /// Merges `files` (name and contents).
    public init(_ files: [(name: String, file: CorpusResultsFile)]) throws(CorpusError) {
        guard let first = files.first else { throw CorpusError("no result files to merge") }
        let count = first.file.shard.count
        for (name, file) in files.dropFirst() {
            guard file.command == first.file.command, file.versions == first.file.versions, file.shard.count == count
            else {
                throw CorpusError(
                    "\(name) is from another run than \(first.name) (its command, libinput versions or shard count "
                        + "differ)",
                    badData: true)
            }
            guard file.devices.map(\.file) == first.file.devices.map(\.file),
                file.devices.map(\.description) == first.file.devices.map(\.description)
            else {
                throw CorpusError("\(name) lists other devices than \(first.name)", badData: true)
            }
        }
        for index in 1...count {
            let given = files.filter { $0.file.shard.index == index }.map(\.name)
            if given.isEmpty {
                throw CorpusError("shard \(index)/\(count) is missing: no result file has it", badData: true)
            }
            if given.count > 1 {
                throw CorpusError(
                    "shard \(index)/\(count) is given more than once: \(given.joined(separator: ", "))", badData: true)
            }
        }
        var found: [CorpusPair: (result: CorpusResult, file: String)] = [:]
        for (name, file) in files {
            for result in file.results {
                if let earlier = found[result.pair] {
                    throw CorpusError("\(result.pair.name) is in both \(earlier.file) and \(name)", badData: true)
                }
                found[result.pair] = (result, name)
            }
        }
        // A pair is missing from a file cut short or edited: the files read, each with its shard.
        let searched = files.map { "\($0.name), shard \($0.file.shard)" }.joined(separator: "; ")
        let devices = first.file.devices
        let versions = first.file.versions
        var cells: [[[CorpusCell]]] = []
        var results: [CorpusResult] = []
        for version in versions {
            var byDevice: [[CorpusCell]] = []
            for device in devices {
                var row: [CorpusCell] = []
                for gesture in CorpusGesture.all {
                    let pair = CorpusPair(device: device.file, gesture: gesture.name, libinput: version)
                    guard let result = found[pair]?.result else {
                        throw CorpusError(
                            "\(pair.name) is missing: no result file has it (\(searched))", badData: true)
                    }
                    row.append(
                        CorpusCell(
                            gesture: gesture, outcome: result.outcome, modesDiffer: result.modesDiffer,
                            changes: result.changes))
                    results.append(result)
                }
                byDevice.append(row)
            }
            cells.append(byDevice)
        }
        table = CorpusTable(devices: devices, versions: versions, cells: cells)
        command = first.file.command
        self.results = results
    }
}
