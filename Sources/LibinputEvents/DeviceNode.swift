/// Input device nodes as a user names them on a command line: `event2` is short for
/// `/dev/input/event2`; any other name is a path, as given.
public enum DeviceNode {
    /// The node's path: `/dev/input/event2` for `event2`, any other name as given.
    public static func path(_ given: String) -> String {
        given.hasPrefix("event") && !given.contains("/") && Int(given.dropFirst(5)) != nil
            ? "/dev/input/" + given : given
    }
}
