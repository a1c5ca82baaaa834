import EvdevRecording
import Foundation
import LibinputEvents
import LibinputKit
import Recordings
import ViewTimeline
import MonotonicClock

/// The live view's input: libinput's events from a context, and, for each touchpad libinput adds,
/// the pad's own evdev frames read from its node beside libinput (as `libinput debug-gui` does),
/// since libinput reports no touchpad contacts. Both are stepped through one ``ViewModel`` and each
/// frame handed to `publish` at once, on the thread that stepped it; from the first event on, a
/// timer thread publishes what time alone decides (``ViewModel/decide(at:)``) until the run ends
/// or the session is let go.
///
/// A kernel gives every reader of a node every event; a umockdev device is one pty whose readers
/// share its bytes, so under the mocked-device harness (`UMOCKDEV_DIR` set, as umockdev sets it for
/// the programs it runs) a second reader would take frames from libinput: there the pads are not
/// read and the contacts are not drawn.
public final class LiveSession: @unchecked Sendable {
    private let model: ViewModel
    private let publish: (ViewFrame) -> Void
    private let sceneChanged: (ViewScene) -> Void
    private let readsPads: Bool
    private let lock = NSLock()
    private var pads: [EvdevNode] = []
    /// The pad whose contacts are drawn: the first added.
    private var drawn: EvdevNode?
    private var reader: Thread?
    private var ticker: Thread?
    private var stopping = false
    /// The last event's time on its clock, and CLOCK_MONOTONIC then (microseconds): how the
    /// ticker tells the events' time now, whatever clock they are stamped on.
    private var lastEvent: (time: UInt64, at: UInt64)?
    /// Told, in one line, why a pad's contacts cannot be drawn: its node could not be read, or
    /// the device is mocked.
    private let noted: (String) -> Void

    /// A session stepping `model`; `publish` gets every frame, `sceneChanged` the scene when a pad
    /// is added, `noted` why a pad's contacts cannot be drawn (at once, on a mocked device);
    /// `readsPads`: whether the pads' nodes are read for their contacts.
    public init(
        model: ViewModel, readsPads: Bool = true, publish: @escaping (ViewFrame) -> Void,
        sceneChanged: @escaping (ViewScene) -> Void, noted: @escaping (String) -> Void
    ) {
        self.model = model
        self.noted = noted
        let mocked = ProcessInfo.processInfo.environment["UMOCKDEV_DIR"] != nil
        self.readsPads = readsPads && !mocked
        self.publish = publish
        self.sceneChanged = sceneChanged
        if readsPads && mocked {
            noted("on a mocked device the pad's node is libinput's alone: its contacts are not drawn")
        }
    }

    /// Runs `context` until SIGINT or SIGTERM (``LibinputContext/run(ready:dispatched:hangup:_:)``),
    /// then stops reading the pads. `ready` is called once the devices present at the start were
    /// added, and stops the run by returning false; `logged` after each event, to report
    /// libinput's log.
    public func run(
        _ context: LibinputContext, ready: @escaping () -> Bool = { true }, logged: @escaping () -> Void = {}
    ) throws(LibinputError) {
        defer { stopReading() }
        try context.run(ready: ready) { event in
            if case .deviceAdded(let info) = event.kind, info.capabilities.contains(.gesture), readsPads {
                addPad(info.sysname)
            }
            step(at: event.time) { $0.step(event) }
            logged()
            return true
        }
    }

    /// Steps the model with an event from elsewhere than a libinput context (what a compositor or
    /// an X server delivered to a window, made libinput's) and publishes the frame.
    public func step(_ event: LibinputEvent) {
        step(at: event.time) { $0.step(event) }
    }

    /// Steps the model and publishes the frame under one lock, so that the libinput thread, the
    /// pads' reader and the ticker publish frames in the order they were made; a libinput
    /// event's `eventTime` is noted for the ticker, which the first starts.
    private func step(at eventTime: UInt64? = nil, _ body: (ViewModel) -> ViewFrame) {
        lock.withLock {
            if let eventTime {
                lastEvent = (eventTime, MonotonicClock.microseconds())
                if ticker == nil { startTicking() }
            }
            publish(body(model))
        }
    }

    /// Every quarter second, the activations waiting for the other mode whose second has passed
    /// with no event since are decided, and an accidental one flagged then: live input may stop
    /// right after one. The thread holds the session only while it ticks, and ends once the run
    /// stops or the session is let go. Called under the lock.
    private func startTicking() {
        let thread = Thread { [weak self] in
            while true {
                usleep(250_000)
                guard let session = self, session.tick() else { return }
            }
        }
        thread.name = "touchsynth view: timer"
        ticker = thread
        thread.start()
    }

    /// Decides, at the events' time now, what waits on the other mode, and publishes the frame;
    /// false once the session is stopping.
    private func tick() -> Bool {
        lock.withLock {
            guard !stopping else { return false }
            guard let last = lastEvent else { return true }
            let now = MonotonicClock.microseconds()
            let elapsed = now - min(last.at, now)
            if let frame = model.decide(at: last.time + elapsed) { publish(frame) }
            return true
        }
    }

    /// Opens the pad's node for its frames; the first pad sets the scene's pad.
    private func addPad(_ sysname: String) {
        let path = "/dev/input/" + sysname
        let node: EvdevNode, description: DeviceDescription
        do {
            node = try EvdevNode(path: path)
            description = try node.describe()
            // libinput stamps its events on CLOCK_MONOTONIC; a node reads CLOCK_REALTIME unless told.
            try node.useMonotonicClock()
        } catch {
            noted("\(path): \(error.description): the pad's contacts are not drawn")
            return
        }
        let scene: ViewScene? = lock.withLock {
            pads.append(node)
            guard drawn == nil else { return nil }
            drawn = node
            model.setDevice(description)
            return model.scene
        }
        if let scene { sceneChanged(scene) }
        guard reader == nil else { return }
        let thread = Thread { [weak self] in self?.readPads() }
        thread.name = "touchsynth view: pads"
        reader = thread
        thread.start()
    }

    /// Reads every pad's events, a frame at each SYN_REPORT, until stopped. The drawn pad's
    /// frames are stepped; the others are read so that their buffers do not fill.
    private func readPads() {
        var pending: [EvdevEvent] = []
        while !lock.withLock({ stopping }) {
            let nodes = lock.withLock { pads }
            var fds = nodes.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), 100) > 0 else { continue }
            for (index, node) in nodes.enumerated() where fds[index].revents != 0 {
                guard let events = try? node.readEvents() else {
                    // Gone (unplugged): the next pad added is drawn.
                    lock.withLock {
                        pads.removeAll { $0 === node }
                        if drawn === node { drawn = nil }
                    }
                    continue
                }
                guard lock.withLock({ node === drawn }) else { continue }
                for (time, event) in events {
                    if event.type == Evdev.EV_SYN && event.code == Evdev.SYN_REPORT {
                        let frame = pending
                        pending.removeAll()
                        step { $0.step(frame: frame, at: time) }
                    } else if event.type == Evdev.EV_SYN && event.code == Evdev.SYN_DROPPED {
                        pending.removeAll()
                    } else {
                        pending.append(event)
                    }
                }
            }
        }
    }

    private func stopReading() {
        lock.withLock { stopping = true }
        while let reader, !reader.isFinished { usleep(10_000) }
        while let ticker = lock.withLock({ ticker }), !ticker.isFinished { usleep(10_000) }
    }
}
