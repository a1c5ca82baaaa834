extension SequenceAnalysis {
    /// How libinput let `touch` go from thumb jail on its own (`JAILED → FINGER` or
    /// `REVIVED_JAILED → REVIVED`, `tp_thumb_update_touch`), said with the reason: it left the
    /// thumb area, its contact stopped being a thumb's, or it moved fast. Nil when it did not.
    func jailEscape(of touch: Int) -> String? {
        let thumb = decisions(of: .thumb, touch: touch)
        guard
            let escape = thumb.first(where: {
                [.jailed, .revivedJailed].contains($0.thumbStateLeft) && [.finger, .revived].contains($0.thumbState)
            }),
            let at = escape.cause?.time,
            // The jailing it escaped: the last before the escape.
            let from = thumb.last(where: {
                [.jailed, .revivedJailed].contains($0.thumbState) && ($0.cause?.time ?? .max) <= at
            })?.cause?.time,
            let frame = GestureAnalysis.frame(of: escape, in: self),
            let point = sequence.tracks.first(where: { track in
                track.slot == touch && track.isDown(at: frame)
            })?.points.last(where: { $0.frame <= frame })
        else { return nil }
        let later = "let go as a finger \(Self.ms(Double(at - from) / 1000)) ms later: "
        if let lines = thumbLines {
            let units = lines.units(point.y)
            if units < lines.upper.units {
                return later + "it had moved above the thumb line at \(Self.mm(lines.upper.mm)) mm; "
                    + rules.thumbEscape.escape
            }
            let contact = jail(
                inBand: true, excluded: units > lines.lower.units, byPressure: thresholds.thumbsByPressure,
                bySize: thresholds.thumbsBySize, contact: point)
            switch (contact.test, contact.jailed) {
            case (.size, false?):
                return later + "its contact was no longer a thumb's, \(contact.contact); " + rules.thumbEscape.escape
            case (.exclusion, false?):
                return later + "it had moved above the line at \(Self.mm(lines.lower.mm)) mm "
                    + "(\(Self.number(rules.thumbExclusionLine * 100)) %), out of the area where every touch is "
                    + "jailed; " + rules.thumbEscape.escape
            case (_, nil):
                // The contact's test cannot be made here (the quirk's size not listed): no reason is guessed.
                return later + "its place or contact no longer a thumb's, or its speed; " + rules.thumbEscape.escape
            default: break
            }
        }
        return later + "it moved faster than \(Self.ms(rules.thumbSpeed)) mm/s for \(rules.thumbEscapeFrames) "
            + "frames (each frame over that speed counts up, each under it down); " + rules.thumbEscape.speed
    }
}
