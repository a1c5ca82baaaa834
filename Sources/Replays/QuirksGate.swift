import LibinputEvents
import MockedDevices

/// What a replay trying quirks files hands on. libinput that refuses them goes on with no quirks
/// at all (``QuirksRefusal``), so nothing of such a run is handed on: the replay ends with the
/// refusal instead. libinput says so as it adds the devices, before or after their
/// `DEVICE_ADDED`, so those wait until another output comes.
final class QuirksGate {
    private var refusal: QuirksRefusal
    private var waiting: [LibinputSideOutput] = []
    private var settled: Bool
    private let handle: (LibinputSideOutput) -> Void

    init(files: [String], handle: @escaping (LibinputSideOutput) -> Void) {
        refusal = QuirksRefusal(files: files)
        settled = files.isEmpty
        self.handle = handle
    }

    func pass(_ output: LibinputSideOutput) {
        if case .log(let message) = output, refusal.read(message.text) { return }
        guard !refusal.refused else { return }
        if !settled {
            if case .event(let event, _) = output, case .deviceAdded = event.kind {
                waiting.append(output)
                return
            }
            settled = true
            flush()
        }
        handle(output)
    }

    /// Hands on what waits, or throws the refusal for libinput `version`, the files' copies in
    /// `folder`; one that libinput's log does not locate reads what `parserErrors` says too
    /// (libinput's quirks tool).
    func finish(
        version: String, folder: () throws(HarnessError) -> String, parserErrors: () throws(HarnessError) -> String
    ) throws(HarnessError) {
        if refusal.refused {
            if !refusal.locates {
                for line in try parserErrors().split(separator: "\n") { _ = refusal.read(String(line)) }
            }
            throw HarnessError(.quirksRefused, refusal.message(version: version, folder: try folder()))
        }
        flush()
    }

    private func flush() {
        waiting.forEach(handle)
        waiting = []
    }
}
