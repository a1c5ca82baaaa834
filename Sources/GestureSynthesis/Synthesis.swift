import Foundation
import LibinputEventText
import LibinputDecisions
import LibinputEvents
import Recordings

/// A script performed: the recording, and where in it each statement's fingers were, so that
/// what libinput makes of each stretch can be held against what its statement asked
/// (``unlikeAsked(in:recordingStart:tapping:)``).
public struct Synthesis: Sendable {
    /// The recording the script made, with the synthesizer's notes.
    public var recording: Recording
    /// The statements that touched the pad, in order.
    public var performed: [PerformedStatement]
    /// The lines whose fingers the notes warn libinput may take for touch jumps.
    public var jumpsWarned: [Int] = []

    /// What libinput's log of a replay of ``recording`` says of the jumps the notes warned of, if
    /// anything: `logged`, its touch jump lines (`tp_process_state`, at most
    /// ``LibinputDecisions/TouchJumpRule/loggedPerDay`` a day). A semi-MT pad's jumps are never
    /// logged, so its log neither bears a warning out nor clears it.
    public func jumpsInLog(_ logged: Int) -> String? {
        if logged > 0 {
            let most = logged >= TouchJumpRule.loggedPerDay ? ", the most it tells a day" : ""
            return "libinput discarded moves as touch jumps: its log says so \(logged) time\(logged == 1 ? "" : "s")"
                + most + " (tp_detect_jumps)"
        }
        guard !jumpsWarned.isEmpty, recording.device.libinputLogsTouchJumps else { return nil }
        let lines = jumpsWarned.map(String.init).joined(separator: ", ")
        return "libinput logged no touch jump: it kept the moves line\(jumpsWarned.count == 1 ? "" : "s") \(lines) "
            + "warned it may discard"
    }

    /// For each statement whose stretch of `events` (libinput's, replaying ``recording``; its
    /// first frame at `recordingStart` on their clock) holds something other than what it asked,
    /// a note saying both: "line 2 asked a 2-finger pinch ×1.50; libinput made two-finger
    /// scrolling". `tapping`: whether the replay had tapping on; whether it scrolled naturally,
    /// `events` say as libinput added the device.
    public func unlikeAsked(in events: [LibinputEvent], recordingStart: UInt64, tapping: Bool) -> [String] {
        let naturalScrolling =
            events.lazy.compactMap { event -> Bool? in
                if case .deviceAdded(let info) = event.kind { info.naturalScrolling } else { nil }
            }.first ?? false
        let onLine = Dictionary(performed.map { ($0.line, 1) }, uniquingKeysWith: +)
        var placed: [Int: Int] = [:]
        // The stretches follow one another, as the events do: one pass over them, however long.
        var first = 0
        return performed.compactMap { statement in
            let (from, to) = (recordingStart &+ statement.start, recordingStart &+ min(statement.end, UInt64.max / 2))
            while first < events.count, events[first].time < from { first += 1 }
            var end = first
            while end < events.count, events[end].time < to { end += 1 }
            // Statements sharing a line (`pinch; swipe`) are told apart by their place on it.
            let place = placed[statement.line, default: 0] + 1
            placed[statement.line] = place
            let shared = onLine[statement.line, default: 1] > 1
            let label = "line \(statement.line)" + (shared ? ", gesture \(place) on it" : "")
            let said = statement.unlikeAsked(
                in: events[first..<end], tapping: tapping, naturalScrolling: naturalScrolling)
            return said.map { label + " " + $0 }
        }
    }
}

/// A statement of a script as the synthesizer performed it.
public struct PerformedStatement: Sendable {
    /// The statement's line in the script, from 1.
    public var line: Int
    /// What it asked.
    public var action: GestureScript.Action
    /// Microseconds into the recording: the statement's first frame.
    public var start: UInt64
    /// Microseconds into the recording: the next statement's first frame; `UInt64.max` for the last.
    public var end: UInt64

    /// Tolerances past which what libinput measured is said to differ from what was asked.
    static let scaleTolerance = 0.1
    static let angleTolerance = (degrees: 5.0, share: 0.1)

    /// What differs between what the statement asked and `events`, libinput's over its stretch,
    /// in words; nil where libinput made what it asked, or for one that asks for nothing libinput
    /// reports (rest, lift). The kind of gesture and its fingers are weighed (another gesture
    /// besides counts, a hold cancelled as it begins aside), a pinch's scale and angle, and the way
    /// a scroll, swipe or motion went (``MadeTravel``); not their distance, which libinput
    /// reports in its own units.
    func unlikeAsked(in events: ArraySlice<LibinputEvent>, tapping: Bool, naturalScrolling: Bool) -> String? {
        let made = ReportedGesture.sequence(of: events)
        let madeWords = made.isEmpty ? "nothing" : ReportedGesture.inWords(made)
        func differs(asked: String) -> String { "asked \(asked); libinput made \(madeWords)" }
        // A gesture libinput made besides the one asked: a hold it cancelled as the fingers moved
        // is how it begins any gesture, and is none.
        func besides(_ asked: (ReportedGesture) -> Bool) -> Bool {
            made.contains { gesture in
                switch gesture {
                case .hold(_, .cancelled): false
                case .pinch, .swipe, .hold, .scroll: !asked(gesture)
                default: false
                }
            }
        }
        switch action {
        case .pinch(let p):
            let degrees = p.angle * 180 / .pi
            let turning = String(format: "%.1f°", degrees)
            let asked =
                p.scale == 1
                ? "a \(p.fingers)-finger rotation of \(turning)"
                : "a \(p.fingers)-finger pinch" + String(format: " ×%.2f", p.scale)
                    + (p.angle == 0 ? "" : " turning \(turning)")
            guard let total = PinchTotal.of(events, fingers: p.fingers) else { return differs(asked: asked) }
            let scaleOff = abs(total.scale / p.scale - 1) > Self.scaleTolerance
            let angleOff =
                abs(total.angle - degrees) > max(Self.angleTolerance.degrees, abs(degrees) * Self.angleTolerance.share)
            // A scroll before the pinch (fingers that first moved the same way) reaches an app as one.
            guard scaleOff || angleOff else {
                return besides({ if case .pinch = $0 { true } else { false } }) ? differs(asked: asked) : nil
            }
            return "asked \(asked); libinput's pinch"
                + String(format: " scaled ×%.2f and turned %.1f°", total.scale, total.angle)
                + (made.count > 1 ? ", and it made \(madeWords)" : "")
        case .translate(let fingers, let travel, _, _, _):
            let asked: ReportedGesture =
                fingers == 1 ? .motion : fingers == 2 ? .scroll(.finger) : .swipe(fingers: fingers, end: .ended)
            func isAsked(_ gesture: ReportedGesture) -> Bool {
                switch (gesture, asked) {
                case (.swipe(let n, let end), .swipe(fingers, _)): n == fingers && end != .cancelled
                default: gesture == asked
                }
            }
            guard made.contains(where: isAsked) && !besides(isAsked) else { return differs(asked: asked.inWords) }
            let went = MadeTravel(events, fingers: fingers, naturalScrolling: naturalScrolling)
            guard let off = went.angleOff(from: travel) else { return nil }
            return "asked \(asked.inWords) moving \(MadeTravel.way(x: travel.x, y: travel.y)); libinput's moved "
                + MadeTravel.way(x: went.x, y: went.y) + String(format: ", %.0f° off", off)
                + (fingers == 2 && naturalScrolling ? " (natural scrolling undone)" : "")
        case .hold(let fingers, _, _, _):
            // Held to the lift: a hold libinput cancelled became something else.
            func isAsked(_ gesture: ReportedGesture) -> Bool {
                if case .hold(fingers, let end) = gesture { end != .cancelled } else { false }
            }
            return made.contains(where: isAsked) && !besides(isAsked) ? nil : differs(asked: "a \(fingers)-finger hold")
        case .click(_, _, _, _, _, let button):
            // One press, of the button asked (a left click's of any): a tap besides is a second.
            let presses = made.compactMap(\.button)
            if button == .left { return presses.count == 1 ? nil : differs(asked: "a click") }
            let asked = "a \(button) click (\(EvdevKeyNames.name(UInt32(button.code))))"
            return presses == [UInt32(button.code)] ? nil : differs(asked: asked)
        case .tap:
            guard !made.contains(where: { $0.button != nil }) else { return nil }
            return differs(asked: "a tap (a button press)")
                + (tapping ? "" : " (libinput taps only with tapping on, and it was off: --enable-tap turns it on)")
        case .rest, .lift, .pause, .set:
            return nil
        }
    }
}
