import LibinputEvents
import Quirks
import Recordings
import TextTables

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
    /// method and settings: two fingers for a right click and three for a middle one (clickfinger,
    /// `tp_clickfinger_set_button`); one finger in the bottom button area (buttonareas: the pad's
    /// lowest 10 mm, or 15 % of its height where that is less, the right button from 62.5 % of its
    /// width and the middle one from 37.5 %; `tp_init_softbuttons`, src/evdev-mt-touchpad-buttons.c),
    /// at the middle of its button; or, on a pad with buttons, as written, the button's own key
    /// pressed. A replay with middle-button emulation (which makes no middle area and starts the
    /// right one at half the width) or left-handed buttons reads it otherwise. A left click stays as
    /// written; a clickpad's right or middle one is refused beside `resting` fingers, which libinput
    /// would count too.
    func placingClick(
        _ action: GestureScript.Action, resting: Int, fail: (String) -> RecordingError
    ) throws(RecordingError) -> GestureScript.Action {
        guard case .click(_, let spacing, let travel, let at, let duration, let button) = action,
            button != .left
        else { return action }
        func click(_ fingers: Int, at: GestureScript.Position) -> GestureScript.Action {
            .click(fingers: fingers, spacing: spacing, travel: travel, at: at, duration: duration, button: button)
        }
        guard let method = clickMethod else { return action }
        guard resting == 0 else {
            throw fail(
                "a \(button) click on \(device.name) is made by where or with how many fingers it presses, which the "
                    + "\(TextTable.counted(resting, "finger")) resting would change: lift them first")
        }
        switch method {
        case .clickfinger:
            return click(button == .right ? 2 : 3, at: at)
        case .buttonAreas:
            let area = min(10, size.height * 0.15)
            let x = button == .right ? (0.625 + 1) / 2 : 0.5
            return click(1, at: .fraction(GestureScript.Point(x: x, y: 1 - area / 2 / size.height)))
        }
    }
}
