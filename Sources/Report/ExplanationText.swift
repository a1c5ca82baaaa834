import Foundation
import LibinputDecisions
import LibinputEventText
import LibinputEvents
import Quirks
import Recordings
import TextTables

/// An ``Explanation`` as `touchsynth explain` prints it: a section per touch sequence, times in
/// seconds since the replay's first event, as `replay` shows them.
public enum ExplanationText {
    /// What `explain` prints of `explanation`: its text, or its JSON lines (after the header,
    /// which the caller writes once for all versions).
    public static func output(_ explanation: Explanation, recording: String, json: Bool) throws -> [String] {
        guard json else { return [lines(explanation, recording: recording).joined(separator: "\n")] }
        return try ExplanationLines.lines(explanation, recording: recording).map { try JSONLines.line($0) }
    }

    public static func lines(_ explanation: Explanation, recording: String) -> [String] {
        var lines = [
            FileHeader.line(recording) + ": libinput \(explanation.libinputVersion), \(explanation.device)"
        ]
        lines += thresholds(explanation.thresholds).map { "   " + $0 }
        if explanation.throughMtdev {
            lines.append(
                "   the touchpad sends its contacts without slots: libinput \(explanation.libinputVersion) reads them "
                    + "through its mtdev plugin as \(MtdevConversion.declaredSlots) slots "
                    + "(src/libinput-plugin-mtdev.c), each contact taken for the one of the frame before nearest to "
                    + "it; explain reads them the same way")
        }
        if let reading = explanation.singleTouchReading {
            lines.append("   " + singleTouch(reading, version: explanation.libinputVersion))
        }
        if let setting = explanation.sendEvents {
            lines.append("   send-events mode \(setting.mode.rawValue): \(setting.why)")
        }
        if let quirks = explanation.quirks {
            lines.append(
                // A modalias ends with its own colon.
                "   quirks, matched as \(quirks.dmi)\(quirks.dmi.hasSuffix(":") ? "" : ":") "
                    + (quirks.properties.isEmpty
                        ? "none"
                        : quirks.properties.map { "\($0.key)=\($0.value) (\($0.file))" }.joined(separator: ", ")))
            if let recorded = QuirksListingText.recordedLine(quirks) { lines.append("   quirks " + recorded) }
        }
        for unused in explanation.unusedQuirks {
            let p = unused.property
            lines.append("   unused here: \(p.key)=\(p.value) (\(p.file)): \(unused.why)")
        }
        for fault in explanation.faults {
            lines.append(
                "   at \(time(explanation.seconds(fault.time))), a fault injected: libinput logged \"\(fault.line)\" "
                    + "(the findings below read every recorded frame, those libinput did not get too)")
        }
        if explanation.sequences.isEmpty {
            let sent = explanation.sentWithoutTouch.map { "\($0.count) \($0.type)" }.joined(separator: ", ")
            lines.append(
                (explanation.reportsTouches
                    ? "   no finger touched the touchpad"
                    : "   the device reports no touches (explain follows a touchpad's fingers)")
                    + (sent.isEmpty ? "" : "; libinput sent \(sent)"))
        }
        for sequence in explanation.sequences {
            lines.append("")
            lines += self.sequence(sequence, in: explanation)
        }
        if !explanation.buttonsWithoutFinger.isEmpty {
            let changes = explanation.buttonsWithoutFinger.map {
                Evdev.codeName(type: Evdev.EV_KEY, code: UInt16(clamping: $0.button))
                    + " \($0.pressed ? "pressed" : "released") \(time(explanation.seconds($0.time)))"
            }
            lines += [
                "",
                "with no finger on the touchpad, its buttons (the recording's own keys, which libinput passed on): "
                    + changes.joined(separator: ", "),
            ]
        }
        if !explanation.droppedTrackpointButtons.isEmpty {
            let keys = explanation.droppedTrackpointButtons.map {
                Evdev.codeName(type: Evdev.EV_KEY, code: $0.key) + " pressed \($0.presses)×"
            }
            lines += [
                "",
                "the touchpad's " + keys.joined(separator: ", ") + ": libinput dropped them: it passes a touchpad's "
                    + "BTN_0…BTN_2 to a trackpoint paired with it, as that one's buttons, and none was here ("
                    + explanation.trackpointButtonDrop + ")",
            ]
        }

        for line in explanation.unreadLines {
            lines.append("note: a libinput line this version of touchsynth does not read: \(line)")
        }
        return lines
    }

    /// Where explanations part, a line each, or one line saying they do not: with and without
    /// `--quirks` on `version`, or `version` against the version `against`.
    /// Against another version, where the touchpad's `events` part follows, each difference's
    /// sequence named, with the libinput changes that can give it; nil: the same events.
    public static func changes(
        _ changes: [ExplanationChange], version: String, against: String?, events: VersionParting? = nil
    ) -> [String] {
        let lines =
            changes.isEmpty
            ? [
                against.map { "libinput \(version) and \($0) end every sequence the same way" }
                    ?? "with and without your quirks, libinput \(version) ends every sequence the same way"
            ]
            : changes.map { change in
                stretch(change, version: version, against: against) + ": "
                    + (against.map { versionChange(change, version: version, against: $0) }
                        ?? "with your quirks: \(change.after) (without them: \(change.before))")
            }
        guard let against else { return lines }
        return lines
            + (events?.lines(byExplain: true) ?? [
                "the device's events are the same on libinput \(version) as on \(against)"
            ])
    }

    /// How two versions' sequences over a stretch differ: what each reported, where that differs
    /// (each version's sequences, printed above, say why); else each one's closing lines, which
    /// differ in why alone.
    private static func versionChange(_ change: ExplanationChange, version: String, against: String) -> String {
        func reported(_ sequences: [[ReportedGesture]]) -> String {
            sequences.isEmpty
                ? "nothing, seeing no finger"
                : sequences.map { $0.isEmpty ? "nothing" : $0.map(\.description).joined(separator: ", ") }
                    .joined(separator: "; then ")
        }
        // Sequences divided otherwise that reported the same events differ in why alone.
        guard ReportedGesture.joined(change.reportedAfter) == ReportedGesture.joined(change.reportedBefore) else {
            return "libinput \(version) reported \(reported(change.reportedAfter)); libinput \(against) reported "
                + reported(change.reportedBefore)
        }
        return "libinput \(version): \(change.after); libinput \(against): \(change.before)"
    }

    /// The sequences a change covers: one number where both explanations divide the recording
    /// alike, else each one's.
    private static func stretch(_ change: ExplanationChange, version: String, against: String?) -> String {
        func named(_ numbers: [Int]) -> String {
            switch numbers.count {
            case 0: "no sequence"
            case 1: "sequence \(numbers[0])"
            default: "sequences \(numbers[0])–\(numbers[numbers.count - 1])"
            }
        }
        guard !change.dividedAlike else { return named(change.numbers) }
        return against.map {
            "\(named(change.numbers)) of libinput \(version), \(named(change.beforeNumbers)) of \($0)"
        } ?? "\(named(change.numbers)) with your quirks, \(named(change.beforeNumbers)) without"
    }

    /// The scale at which libinput measures a pad it reads as single-touch, in words.
    private static func singleTouch(_ r: SingleTouchReading, version: String) -> String {
        func times(_ shorter: Double, _ axis: String) -> String {
            String(
                format: "%.1f times (%@) %@", shorter >= 1 ? shorter : 1 / shorter, axis,
                shorter >= 1 ? "shorter" : "longer")
        }
        return "libinput \(version) follows the single-touch position (ABS_X \(r.singleTouchX.lowerBound)…"
            + "\(r.singleTouchX.upperBound)) in the units of the multitouch axes it measures touches by "
            + "(ABS_MT_POSITION_X \(r.multitouchX.lowerBound)…\(r.multitouchX.upperBound), \(r.unitsPerMM) units/mm; "
            + "evdev_extract_abs_axes, src/evdev.c): it measures a finger's travel \(times(r.shorterX, "x")) and "
            + "\(times(r.shorterY, "y")) than it is, and the millimetres below are its own"
    }

    private static func thresholds(_ t: DeviceThresholds) -> [String] {
        var parts: [String] = []
        if let p = t.pressure { parts.append("a touch begins at pressure \(p.upperBound), ends below \(p.lowerBound)") }
        if let s = t.size {
            // Both axes of the contact count (`tp_unhover_size`), unlike pressure's one value.
            parts.append(
                "a touch begins once its contact is over \(s.upperBound) on one axis and over \(s.lowerBound) on the "
                    + "other, ends below \(s.lowerBound) on either")
        }
        if let p = t.palmPressure { parts.append("a palm presses harder than \(p)") }
        if t.external == true { parts.append("libinput takes the touchpad for external") }
        if let keyboard = t.typingKeyboard { parts.append("typing on \(keyboard) sets touches aside") }
        if let lid = t.lidSwitch { parts.append("shutting the lid (\(lid)) suspends the touchpad") }
        if let mode = t.tabletModeSwitch { parts.append("tablet mode (\(mode)) suspends the touchpad") }
        if let s = t.palmSize { parts.append("a palm is larger than \(s)") }
        if let thumb = t.thumbDetection { parts.append("thumbs are told by \(thumb)") }
        if let s = t.thumbSize, let narrow = t.thumbNarrowerThan {
            parts.append("a thumb's contact is longer than \(s) and narrower than " + String(format: "%g", narrow))
        }
        return parts.isEmpty ? [] : ["libinput's thresholds: " + parts.joined(separator: "; ")]
    }

    private static func sequence(_ s: SequenceExplanation, in e: Explanation) -> [String] {
        let most = s.fingers, contacts = s.touches.count
        let slots = TextTable.counted(e.slots, "slot")
        let counted = s.fingersKey.map {
            let key = Evdev.codeName(type: Evdev.EV_KEY, code: $0)
            return ", by \(key) (libinput follows \(slots) of the touchpad: it counts the others by the key)"
        }
        // A contact too light to begin a touch is no finger to libinput.
        let fingers =
            most == 0
            ? "no finger libinput began, " + TextTable.counted(contacts, "contact")
            : TextTable.counted(most, "finger")
                + (counted ?? (contacts > most ? " at most, \(contacts) contacts" : ""))
        var lines = ["sequence \(s.number), \(time(e.seconds(s.start)))–\(time(e.seconds(s.end))): \(fingers)"]
        for t in s.touches {
            let pressure = t.peakPressure.map { ", peak pressure \($0)" } ?? ""
            lines.append(
                "  touch \(t.touch): down \(time(e.seconds(t.down))) at \(point(t.from)), "
                    + (t.stillDown != true
                        ? "up " : e.endsInCut ? "still down where --end cut, lifted there " : "still down at the end, ")
                    + "\(time(e.seconds(t.up))) at \(point(t.to)), \(mm(t.travel)) mm from where it began at most"
                    + pressure + offPad(t, extent: e.padExtent) + handovers(t)
            )
        }
        if !s.decisions.isEmpty { lines.append("  libinput decided:") }
        // The column as wide as its widest cause ("device 1 frame 12"), at least "frame 12345".
        let width = s.decisions.map { cause($0.cause).count }.max().map { max($0, 11) } ?? 11
        for d in s.decisions {
            let named = cause(d.cause).padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append("    \(d.cause.map { time(e.seconds($0.time)) } ?? "       ")  \(named)  \(d.summary)")
        }
        if !s.findings.isEmpty { lines.append("  the numbers:") }
        for f in s.findings {
            let verdict = f.agreesWithLog == false ? "  [libinput's log disagrees]" : ""
            lines.append("    \(time(e.seconds(f.time)))  \(f.text)\(verdict)  (\(f.source))")
        }
        lines.append(
            "  reported: " + (s.reported.isEmpty ? "nothing" : s.reported.map(\.description).joined(separator: ", ")))
        lines.append("  " + s.conclusion)
        return lines
    }

    private static func cause(_ c: LibinputLogCause?) -> String {
        switch c {
        case .frame(let device, let index, _): device == 0 ? "frame \(index)" : "device \(device) frame \(index)"
        case .timers: "timer"
        case .fault: "fault"
        case nil: "set-up"
        }
    }

    private static func time(_ seconds: Double) -> String { String(format: "%.3fs", seconds) }
    private static func mm(_ value: Double) -> String { Millimetres.text(value) }
    private static func point(_ p: PointMM) -> String { String(format: "%.1f,%.1f mm", p.x, p.y) }

    /// `; by its path, it was the finger touch 0 had been: …` for a touch whose finger the pad moved between slots as
    /// it came down or lifted (``SlotHandover``).
    private static func handovers(_ t: TouchSummary) -> String {
        let came = t.takenFrom.map { h in
            "; by its path, it was the finger touch \(h.touch) had been: it came down "
                + (h.offHeading.map { "\(mm($0)) mm from where touch \(h.touch) was heading, " } ?? "")
                + "as touch \(h.touch) stepped \(mm(h.step)) mm away to a new contact"
        }
        let went = t.handedTo.map {
            "; as it lifted, its finger went on as touch \($0.touch) (which stepped \(mm($0.step)) mm to where it had "
                + "been)"
        }
        guard came != nil || went != nil else { return "" }
        return (came ?? "") + (went ?? "")
            + "; the pad gives its slots by its own order of the contacts, not by following each finger, and "
            + "libinput takes them as they come"
    }

    /// `; off the pad: …` for a touch the kernel reported past the position axes' range at a
    /// frame (off its own range), whose distances from the edges are then negative or past the pad.
    private static func offPad(_ t: TouchSummary, extent: PointMM?) -> String {
        guard let extent else { return "" }
        return t.offPad == true
            ? String(
                format: "; off the pad: the kernel reported it past its axes' range (%.1f × %.1f mm)", extent.x,
                extent.y)
            : ""
    }
}
