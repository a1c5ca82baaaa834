/// The version of the JSON Lines TouchSynth writes (docs/json.md). Every command's JSON output
/// opens with a header line naming the output and this version; output without one is
/// version 1, whose keys were snake_case. A reader refuses a newer version than it knows.
/// Version 3: a comparison's `accidentalIn` and `accidentalActivations` are compatibility mode's
/// activations set off by its simulated touches; `onlyIn` holds what version 2's `accidentalIn` did.
/// Version 4: activations pair within a second, so both modes may have unmatched ones: a row's
/// `unmatched` counts each mode's, in place of `onlyIn`.
/// Version 5: an activation of a recognizer that follows transforms (a pinch's, a rotation's) is
/// never accidental: the simulated touches are its input.
public enum JSONSchema {
    public static let version = 5
}
