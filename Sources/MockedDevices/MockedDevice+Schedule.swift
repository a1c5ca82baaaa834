import Foundation
import PreloadProtocol
import Recordings

/// The order of a replay: every device's frames merged by time, with the faults among them.
extension MockedDevice {
    /// What the run loop does next, and when (microseconds on the recording's clock).
    enum Step {
        case frame(Node, EvdevFrame)
        case removal(Node)
        /// SYN_DROPPED; frames before `resumesAt` are lost.
        case synDropped(Node, resumesAt: UInt64)
    }

    /// A step and its instant.
    struct TimedStep {
        var step: Step
        var time: UInt64
    }

    /// The earliest of the devices' next frames and the next fault (a fault before a frame of
    /// the same instant), or nil when every device is done.
    func nextStep(_ faults: inout ArraySlice<(node: Node, fault: ReplayFault)>) throws(HarnessError) -> TimedStep? {
        try readAhead()
        var earliest: (node: Node, frame: EvdevFrame)?
        for node in nodes where !node.removed {
            if let frame = node.next, frame.time < earliest?.frame.time ?? .max { earliest = (node, frame) }
        }
        if let (node, fault) = faults.first, fault.time <= earliest?.frame.time ?? .max {
            faults.removeFirst()
            guard !node.removed else { return try nextStep(&faults) }
            switch fault {
            case .removal: return TimedStep(step: .removal(node), time: fault.time)
            case .synDropped(_, let at, let lost):
                return TimedStep(step: .synDropped(node, resumesAt: at + lost), time: at)
            }
        }
        guard let (node, frame) = earliest else { return nil }
        node.next = nil
        node.needsRead = true
        node.taken += 1
        return TimedStep(step: .frame(node, frame), time: frame.time)
    }

    /// Reads the frame that follows each frame ``nextStep(_:)`` took.
    private func readAhead() throws(HarnessError) {
        for node in nodes where node.needsRead {
            node.needsRead = false
            if !node.removed { node.next = try readFrame(of: node) }
        }
    }

    /// The node's next frame; a recording that turns out bad as it streams is a harness error.
    func readFrame(of node: Node) throws(HarnessError) -> EvdevFrame? {
        do {
            return try node.frames.nextFrame()
        } catch {
            throw HarnessError(error)
        }
    }

    /// Overflows the node's buffer as the kernel's evdev does: the reader loses the frames before
    /// `time` (microseconds), which the kernel took all the same, and the device's ioctls answer
    /// the state they left, which libevdev reads back after the SYN_DROPPED its reader gets
    /// (`sync_state` in libevdev/libevdev.c): a touch lifted in the gap ends there.
    func dropFrames(of node: Node, before time: UInt64) throws(HarnessError) {
        var lost: [EvdevEvent] = []
        while let frame = node.next, frame.time < time {
            lost.removeAll(keepingCapacity: true)
            node.inputCore.pass(frame.events, into: &lost)
            node.taken += 1
            node.next = try readFrame(of: node)
        }
        try answerCurrentState(of: node)
    }

    /// Has `node`'s ioctls answer the state its frames so far left, where its reader missed some
    /// (dropped, or written to none): touchsynth-preload reads the new tree before the next request.
    func answerCurrentState(of node: Node) throws(HarnessError) {
        try testbed.replaceIoctlTree(
            TestbedFiles.ioctlText(node.device, devnode: node.files.devnode, state: node.inputCore.state),
            eventNumber: node.files.eventNumber)
    }

    /// Unplugs `node` as the kernel would for the program: its reads fail with ENODEV
    /// (touchsynth-preload does this once its byte of ``runState`` is set), and the device leaves the
    /// testbed's /sys and /dev. A reader waiting in poll learns of it from one more event
    /// (``wakeEvent(at:)``), written after this, as from the kernel's hang-up; it gets ENODEV
    /// instead of it. No udev "remove" event is sent: umockdev can send one only from a preloaded
    /// process.
    func unplug(_ node: Node) throws(HarnessError) {
        node.removed = true
        node.next = nil
        node.needsRead = false
        try setRunState(\.unplugged, index: node.files.eventNumber, to: 1)
        testbed.removeDevice(syspath: "/sys" + (node.files.syspath as NSString).deletingLastPathComponent)
    }

    /// The event that wakes an unplugged device's reader, stamped `nanos`.
    static func wakeEvent(at nanos: Int64) -> [UInt8] {
        var wake: [UInt8] = []
        appendInputEvent(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0), at: nanos, to: &wake)
        return wake
    }
}
