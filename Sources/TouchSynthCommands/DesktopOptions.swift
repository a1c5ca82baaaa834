import ArgumentParser
import DesktopSession

/// `--wayland`, `--x11`: live input as the desktop session delivers it to a window of touchsynth's.
struct DesktopOptions: ParsableArguments {
    @Flag(help: "Live: what the Wayland compositor forwards to a window of touchsynth's (no privileges).")
    var wayland = false
    @Flag(help: "Live: what the X server's XInput 2.4 delivers to a window of touchsynth's (no privileges).")
    var x11 = false

    func validate() throws { if wayland && x11 { throw ValidationError("--wayland or --x11: one window system") } }

    /// The window system asked for, if any.
    var system: DesktopSession.WindowSystem? { wayland ? .wayland : x11 ? .x11 : nil }
}
