/// An option spelled the old way: it still works for one release, with one line saying what to
/// write instead, so scripts keep running while they are updated.
func deprecated(_ old: String, use new: String) {
    writeStderr("touchsynth: warning: \(old) is deprecated and goes in the next release; use \(new)")
}
