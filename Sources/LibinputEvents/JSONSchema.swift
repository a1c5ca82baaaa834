/// The version of the JSON Lines TouchSynth writes (docs/json.md). Every command's JSON output
/// opens with a header line naming the output and this version; output without one is
/// version 1, whose keys were snake_case. A reader refuses a newer version than it knows.
public enum JSONSchema {
    public static let version = 2
}
