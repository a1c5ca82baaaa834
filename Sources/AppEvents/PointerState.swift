import LibinputEvents

/// The seat's pointer as an iPad app sees it: one cursor on a virtual screen, the buttons held
/// on every pointing device, the keyboard modifiers held on every keyboard, and the pointer lock.
///
/// Like a Wayland or X seat, all devices share this state: two mice move one cursor, and shift
/// on one keyboard modifies a click on a touchpad.
public struct PointerState: Sendable {
    /// The virtual screen (the app's full-screen window), points, origin top-left, y down.
    public let screenSize: Size
    /// The screen's last point, the largest coordinates below its width and height: where the
    /// pointer stops at the right and bottom edges.
    private let lastPoint: Point
    /// Where the pointer is, always within `[0, width) × [0, height)`: the screen excludes its
    /// right and bottom edges, as a view's bounds do (`CGRect.contains`), so that the pointer is
    /// always over some full-screen view. Pressed against the right edge, x is the largest value
    /// below `width`. A motion past an edge, or an absolute position outside 0…1, stops the
    /// pointer at the edge, still over the app's window: a full-screen window covers the screen.
    public private(set) var location: Point
    /// Scene conditions, the app's preference and the system's decision about the pointer lock;
    /// the location is frozen while it is locked.
    public var lock: PointerLock

    // Short lists: a seat has a device or two and a few keys down. A device is listed only
    // while it holds a button.
    private var heldButtons: [(device: String, mask: ButtonMask)] = [] {
        didSet { buttonMask = heldButtons.reduce(into: ButtonMask()) { $0.formUnion($1.mask) } }
    }
    private var heldKeys: [HeldKey] = [] {
        didSet { updateModifierFlags() }
    }
    private var isAlphaShiftLocked = false {
        didSet { updateModifierFlags() }
    }

    /// - Parameters:
    ///   - screenSize: the virtual screen.
    ///   - lockPolicy: who decides whether a requested pointer lock is granted.
    ///   - start: where the pointer starts, kept on the screen as motion is; nil (or not finite):
    ///     at its centre.
    public init(screenSize: Size = .defaultScreen, lockPolicy: PointerLockPolicy = .system, start: Point? = nil) {
        self.screenSize = screenSize
        lastPoint = Rect(size: screenSize).lastPoint
        location = Point(x: screenSize.width / 2, y: screenSize.height / 2)
        lock = PointerLock(policy: lockPolicy)
        if let start, start.x.isFinite, start.y.isFinite { place(at: start) }
    }

    // MARK: Motion

    /// Integrates libinput's accelerated relative motion, clamped to the screen. Does nothing
    /// while the pointer is locked (the location is frozen). Non-finite deltas count as 0.
    /// Returns whether the pointer moved: false for one pressed further against the edge it is
    /// held at.
    @discardableResult
    public mutating func move(dx: Double, dy: Double) -> Bool {
        guard !lock.isLocked else { return false }
        return place(at: Point(x: location.x + dx.finiteOrZero, y: location.y + dy.finiteOrZero))
    }

    /// Maps an absolute position, normalised 0…1 on each axis, onto the screen. Ignored while the
    /// pointer is locked or when a coordinate is not finite. Returns what ``move(dx:dy:)`` does.
    @discardableResult
    public mutating func move(toNormalizedX x: Double, y: Double) -> Bool {
        guard !lock.isLocked, x.isFinite, y.isFinite else { return false }
        // 1 is the device's far edge, which lies on the screen: its last point, not beyond it.
        let target = Point(
            x: x == 1 ? lastPoint.x : x * screenSize.width,
            y: y == 1 ? lastPoint.y : y * screenSize.height
        )
        // 0 times an infinite screen side, which only the library's callers can configure.
        guard !target.x.isNaN, !target.y.isNaN else { return false }
        return place(at: target)
    }

    /// Puts the pointer at `target` clamped to the screen. `target` is never NaN, so the clamp
    /// gives a point of the screen.
    @discardableResult
    private mutating func place(at target: Point) -> Bool {
        let clamped = clampedToScreen(target)
        defer { location = clamped }
        return clamped != location
    }

    /// The point of the screen nearest `point`, which is not NaN.
    func clampedToScreen(_ point: Point) -> Point { Rect(size: screenSize).nearest(to: point) }

    // MARK: Buttons

    /// `UIEvent.ButtonMask` of every button held on any device (kept up to date as buttons
    /// change: every app event carries it).
    public private(set) var buttonMask: ButtonMask = []

    /// Whether `device` holds at least one button.
    public func holdsButtons(_ device: String) -> Bool {
        heldButtons.contains { $0.device == device }
    }

    /// Applies a libinput button event; returns whether the seat's button mask changed.
    /// Codes outside the mouse-button range are ignored.
    @discardableResult
    public mutating func setButton(_ code: UInt32, _ state: ButtonState, device: String) -> Bool {
        guard let bit = ButtonMask(libinputButton: code) else { return false }
        let before = buttonMask
        let index = heldButtons.firstIndex { $0.device == device }
        var held = index.map { heldButtons[$0].mask } ?? []
        switch state {
        case .pressed: held.insert(bit)
        case .released: held.remove(bit)
        }
        switch (index, held.isEmpty) {
        case (let index?, true): heldButtons.remove(at: index)
        case (let index?, false): heldButtons[index].mask = held
        case (nil, false): heldButtons.append((device, held))
        case (nil, true): break
        }
        return buttonMask != before
    }

    // MARK: Modifiers

    /// `UIKeyModifierFlags` of every modifier key held on any keyboard, plus caps lock (kept up
    /// to date as keys change: every app event carries it).
    public private(set) var modifierFlags: ModifierFlags = []

    private mutating func updateModifierFlags() {
        var flags: ModifierFlags = isAlphaShiftLocked ? .alphaShift : []
        for held in heldKeys {
            if let flag = ModifierKey.flag(for: held.key) { flags.insert(flag) }
        }
        modifierFlags = flags
    }

    /// Applies a libinput keyboard event. Caps lock toggles `.alphaShift` when it goes down;
    /// a repeated press of a key already held changes nothing.
    public mutating func setKey(_ key: UInt32, _ state: ButtonState, device: String) {
        let held = HeldKey(device: device, key: key)
        switch state {
        case .pressed:
            guard !heldKeys.contains(held) else { return }
            heldKeys.append(held)
            if key == ModifierKey.capsLock { isAlphaShiftLocked.toggle() }
        case .released:
            heldKeys.removeAll { $0 == held }
        }
    }

    // MARK: Devices

    /// Forgets the buttons and keys `device` held (it went away); returns whether the button
    /// mask changed. The caps-lock state survives, as a lock does.
    @discardableResult
    public mutating func removeDevice(_ device: String) -> Bool {
        let before = buttonMask
        heldButtons.removeAll { $0.device == device }
        heldKeys.removeAll { $0.device == device }
        return buttonMask != before
    }

    /// Forgets every held button and key, for a reset after lost events: libinput re-sends only
    /// what happens next, so an unknown state is best taken as "nothing held".
    public mutating func releaseAll() {
        heldButtons.removeAll(keepingCapacity: true)
        heldKeys.removeAll(keepingCapacity: true)
    }
}

extension ButtonMask {
    /// The mask of a Linux mouse button code: `BTN_LEFT` (0x110) is `.primary`, `BTN_RIGHT`
    /// (0x111) `.secondary`, `BTN_MIDDLE` (0x112) `.button(3)`, and 0x110 + k `.button(k + 1)`.
    /// Nil for codes outside the range UIKit can number.
    public init?(libinputButton code: UInt32) {
        let first: UInt32 = 0x110
        guard code >= first, code - first < 62 else { return nil }
        self = .button(Int(code - first) + 1)
    }
}

/// Linux key codes (`linux/input-event-codes.h`) of the keys that set `UIKeyModifierFlags`.
enum ModifierKey {
    static let capsLock: UInt32 = 58

    static func flag(for key: UInt32) -> ModifierFlags? {
        switch key {
        case 42, 54: return .shift // KEY_LEFTSHIFT, KEY_RIGHTSHIFT
        case 29, 97: return .control // KEY_LEFTCTRL, KEY_RIGHTCTRL
        case 56, 100: return .alternate // KEY_LEFTALT, KEY_RIGHTALT
        case 125, 126: return .command // KEY_LEFTMETA, KEY_RIGHTMETA
        default: return nil
        }
    }
}

private struct HeldKey: Equatable, Sendable {
    var device: String
    var key: UInt32
}
