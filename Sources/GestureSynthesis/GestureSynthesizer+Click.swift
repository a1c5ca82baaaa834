import LibinputEvents
import Quirks
import Recordings

/// How a click for a right or middle button is pressed on a pad: libinput reads a clickpad's one
/// button by the fingers pressing it or by where they press, and posts another pad's buttons as
/// they are.
extension GestureSynthesizer.Pad {
    /// The click method libinput gives the pad by default, by its quirks' models; nil for a pad
    /// with buttons of its own.
    var clickMethod: DeviceConfiguration.ClickMethod? {
        device.clickMethod(setsModel: quirks.models.contains, asked: nil)
    }

    /// The key a click for `button` presses: a clickpad's one button, BTN_LEFT, or the pad's own.
    func key(for button: GestureScript.ClickButton) -> UInt16 {
        clickMethod == nil ? button.code : Evdev.BTN_LEFT
    }

    /// `action` with the fingers and the place that make its button under the pad's default click
    /// method: two fingers for a right click and three for a middle one (clickfinger); one finger
    /// in the bottom button area (buttonareas: the pad's lowest 10 mm, or 15 % of its height where
    /// that is less, the right button from 62.5 % of its width and the middle one from 37.5 %;
    /// `tp_init_softbuttons`, src/evdev-mt-touchpad-buttons.c), at the middle of its button; or,
    /// on a pad with buttons, as written, the button's key pressed. A left click stays as written.
    func placingClick(
        _ action: GestureScript.Action, fail: (String) -> RecordingError
    ) throws(RecordingError) -> GestureScript.Action {
        guard case .click(let fingers, let spacing, let travel, let at, let duration, let button) = action,
            button != .left
        else { return action }
        func click(_ fingers: Int, at: GestureScript.Position) -> GestureScript.Action {
            .click(fingers: fingers, spacing: spacing, travel: travel, at: at, duration: duration, button: button)
        }
        switch clickMethod {
        case nil:
            let key = key(for: button)
            guard device.has(type: Evdev.EV_KEY, code: key) else {
                throw fail(
                    "\(device.name) has no \(Evdev.codeName(type: Evdev.EV_KEY, code: key)) to make a \(button) click")
            }
            return click(fingers, at: at)
        case .clickfinger:
            return click(button == .right ? 2 : 3, at: at)
        case .buttonAreas:
            let area = min(10, size.height * 0.15)
            let x = button == .right ? (0.625 + 1) / 2 : 0.5
            return click(1, at: .fraction(GestureScript.Point(x: x, y: 1 - area / 2 / size.height)))
        }
    }
}
