import LibinputKit
import MockedDevicesPreload
import ReplayChannel

#if canImport(Glibc)
import Glibc
#endif

/// The libinput side of a replay: real libinput on the harness's mocked devices, every event and
/// log line it gives written to the harness as channel records. The harness starts it with
/// touchsynth-preload's wrappers linked in (they take the place of LD_PRELOAD) and umockdev's
/// preloaded, and stops it with SIGINT once the recording is over.
///
/// The run loop waits on a pipe that SIGINT and SIGTERM write to, so no signal is lost while the
/// virtual clock takes the replay's steps before a wait: the clock's waits need not block signals.
@main
struct LibinputSide {
    static func main() {
        let channel: LibinputSideChannel
        do {
            channel = try LibinputSideChannel(environment: environment())
        } catch {
            let line = Array("touchsynth-libinput: \(error.message)\n".utf8)
            _ = write(2, line, line.count)
            exit(70)
        }
        touchsynth_clock_signals_wake_waits()
        do throws(LibinputError) {
            let context = try LibinputContext.path(
                channel.configuration.devices, configuration: channel.configuration.device,
                logsDebug: channel.configuration.logsDebug)
            context.libinputVersion = channel.configuration.libinputVersion
            context.logCause = clockCause
            // A harness that went away (killed, or its output closed) ends the side too.
            try context.run(
                ready: {
                    channel.notifyReady(); return true
                },
                dispatched: {
                    sendLog(of: context, to: channel)
                    if !channel.flush(whole: false) { exit(0) }
                }, hangup: channel.hangup
            ) { event in
                channel.send(.event(event, availableAt: context.lastDispatchNanos))
                return true
            }
            // On the machine's clock the harness asks again every 100 ms until the side exits: what
            // is left to send is sent, not cut short by the default action of the next SIGINT.
            signal(SIGINT, SIG_IGN)
            signal(SIGTERM, SIG_IGN)
            sendLog(of: context, to: channel)
            channel.flush()
        } catch {
            let kind: ChannelFailure.Kind =
                switch error.kind {
                case .missingFile, .unavailable: .unavailable
                case .deviceRejected: .deviceRejected
                case .badData, .permission, .system: .system
                }
            channel.send(.failure(ChannelFailure(kind, error.message, device: error.device)))
            channel.flush()
            let status: Int32 =
                switch kind {
                case .unavailable: 69
                case .deviceRejected: 65
                case .system: 71
                }
            exit(status)
        }
    }

    /// What the virtual clock says the side is handling, in its own nanoseconds.
    private static func clockCause() -> LibinputLogCause? {
        var cause = touchsynth_clock_cause()
        touchsynth_clock_cause(&cause)
        switch Int(cause.kind) {
        case Int(TOUCHSYNTH_CAUSE_FRAME):
            return .frame(device: Int(cause.device), index: Int(cause.frame), time: cause.instant)
        case Int(TOUCHSYNTH_CAUSE_TIMERS): return .timers(time: cause.instant)
        case Int(TOUCHSYNTH_CAUSE_FAULT): return .fault(time: cause.instant)
        default: return nil
        }
    }

    /// libinput's log since the last call, as records: debug lines only when asked for them.
    private static func sendLog(of context: LibinputContext, to channel: LibinputSideChannel) {
        for message in context.takeLog() { channel.send(.log(message)) }
    }

    /// This process's environment, read without Foundation, which the side does not load: it
    /// starts in about half the time without.
    private static func environment() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }
}
