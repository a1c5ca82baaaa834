/// The kernel's names of key and button codes (`KEY_A`, `BTN_LEFT`), from
/// linux/input-event-codes.h, for the codes a laptop's keyboard, touchpad and mice send.
public enum EvdevKeyNames {
    public static let byCode: [UInt16: String] = {
        var names: [UInt16: String] = [:]
        let keyboard = [
            "KEY_RESERVED", "KEY_ESC", "KEY_1", "KEY_2", "KEY_3", "KEY_4", "KEY_5", "KEY_6",
            "KEY_7", "KEY_8", "KEY_9", "KEY_0", "KEY_MINUS", "KEY_EQUAL", "KEY_BACKSPACE",
            "KEY_TAB", "KEY_Q", "KEY_W", "KEY_E", "KEY_R", "KEY_T", "KEY_Y", "KEY_U", "KEY_I",
            "KEY_O", "KEY_P", "KEY_LEFTBRACE", "KEY_RIGHTBRACE", "KEY_ENTER", "KEY_LEFTCTRL",
            "KEY_A", "KEY_S", "KEY_D", "KEY_F", "KEY_G", "KEY_H", "KEY_J", "KEY_K", "KEY_L",
            "KEY_SEMICOLON", "KEY_APOSTROPHE", "KEY_GRAVE", "KEY_LEFTSHIFT", "KEY_BACKSLASH",
            "KEY_Z", "KEY_X", "KEY_C", "KEY_V", "KEY_B", "KEY_N", "KEY_M", "KEY_COMMA",
            "KEY_DOT", "KEY_SLASH", "KEY_RIGHTSHIFT", "KEY_KPASTERISK", "KEY_LEFTALT",
            "KEY_SPACE", "KEY_CAPSLOCK",
        ]
        for (i, name) in keyboard.enumerated() { names[UInt16(i)] = name }
        let more: [UInt16: String] = [
            59: "KEY_F1", 60: "KEY_F2", 61: "KEY_F3", 62: "KEY_F4", 63: "KEY_F5", 64: "KEY_F6", 65: "KEY_F7",
            66: "KEY_F8",
            67: "KEY_F9", 68: "KEY_F10", 69: "KEY_NUMLOCK", 70: "KEY_SCROLLLOCK", 87: "KEY_F11", 88: "KEY_F12",
            97: "KEY_RIGHTCTRL", 99: "KEY_SYSRQ", 100: "KEY_RIGHTALT", 102: "KEY_HOME", 103: "KEY_UP",
            104: "KEY_PAGEUP",
            105: "KEY_LEFT", 106: "KEY_RIGHT", 107: "KEY_END", 108: "KEY_DOWN", 109: "KEY_PAGEDOWN", 110: "KEY_INSERT",
            111: "KEY_DELETE", 113: "KEY_MUTE", 114: "KEY_VOLUMEDOWN", 115: "KEY_VOLUMEUP", 119: "KEY_PAUSE",
            125: "KEY_LEFTMETA", 126: "KEY_RIGHTMETA", 127: "KEY_COMPOSE",
        ]
        names.merge(more) { a, _ in a }
        let buttons: [UInt16: String] = [
            0x100: "BTN_0", 0x101: "BTN_1", 0x102: "BTN_2", 0x103: "BTN_3", 0x104: "BTN_4", 0x105: "BTN_5",
            0x106: "BTN_6", 0x107: "BTN_7", 0x108: "BTN_8", 0x109: "BTN_9",
            0x110: "BTN_LEFT", 0x111: "BTN_RIGHT", 0x112: "BTN_MIDDLE", 0x113: "BTN_SIDE",
            0x114: "BTN_EXTRA", 0x115: "BTN_FORWARD", 0x116: "BTN_BACK", 0x117: "BTN_TASK",
            0x140: "BTN_TOOL_PEN", 0x141: "BTN_TOOL_RUBBER", 0x142: "BTN_TOOL_BRUSH",
            0x143: "BTN_TOOL_PENCIL", 0x144: "BTN_TOOL_AIRBRUSH", 0x145: "BTN_TOOL_FINGER",
            0x146: "BTN_TOOL_MOUSE", 0x147: "BTN_TOOL_LENS", 0x148: "BTN_TOOL_QUINTTAP",
            0x149: "BTN_STYLUS3", 0x14a: "BTN_TOUCH", 0x14b: "BTN_STYLUS", 0x14c: "BTN_STYLUS2",
            0x14d: "BTN_TOOL_DOUBLETAP", 0x14e: "BTN_TOOL_TRIPLETAP", 0x14f: "BTN_TOOL_QUADTAP",
        ]
        names.merge(buttons) { a, _ in a }
        return names
    }()

    /// `KEY_A` for 30; a code without a name as `KEY_0x…`, or `BTN_0x…` in the kernel's button
    /// ranges (0x100 to 0x15f, and 0x2c0 to 0x2e7, `BTN_TRIGGER_HAPPY`).
    public static func name(_ code: UInt32) -> String {
        if code <= UInt32(UInt16.max), let name = byCode[UInt16(code)] { return name }
        let button = (0x100...0x15f).contains(code) || (0x2c0...0x2e7).contains(code)
        return (button ? "BTN_0x" : "KEY_0x") + String(code, radix: 16)
    }
}
